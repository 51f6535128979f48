import CGtk4
import CGtkShim
import DragAndDrop
import Foundation

/// A GTK widget seen from Swift: what drag and drop interactions, the
/// SwiftUI-style modifiers and keyboard drags attach to.
///
/// Any GtkWidget can be one: ``borrowing(_:)-(OpaquePointer)`` gives the
/// `Widget` of a widget made in C, by another Swift binding or by a
/// GtkBuilder `.ui` file (``Builder/widget(_:)``), and
/// ``unsafeWidgetPointer`` hands a DragKit widget to C. DragKitWidgets'
/// classes (labels, boxes, lists, windows) are subclasses.
///
/// An app makes widgets of its own by composing: a subclass builds its
/// content from DragKit's widgets and passes the outermost one to
/// ``init(composing:)``, keeping the parts it fills in later.
///
/// ```swift
/// final class CardView: Widget {
///     let title = Label()
///     let photo = Picture()
///     init() {
///         let row = Box(.horizontal, spacing: 8)
///         row.append(photo)
///         row.append(title)
///         super.init(composing: row)
///     }
/// }
/// ```
@MainActor
open class Widget {
    package let reference: ObjectReference
    /// The widget this one is made of (see ``init(composing:)``), kept alive with it.
    private let composedContent: Widget?

    package var widgetPointer: UnsafeMutablePointer<GtkWidget> { reference.typed() }

    package init(sinking raw: UnsafeMutableRawPointer) {
        reference = ObjectReference(sinking: raw)
        composedContent = nil
    }

    /// A wrapper for a widget made elsewhere (see ``borrowing(_:)-(OpaquePointer)``).
    init(borrowed reference: ObjectReference) {
        self.reference = reference
        composedContent = nil
    }

    /// The GtkWidget, for GTK's C API or another binding: valid while this
    /// `Widget` lives (GTK may dispose of a borrowed widget earlier, see
    /// ``borrowing(_:)-(OpaquePointer)``; the pointer stays readable).
    /// Take a reference (`g_object_ref`) to keep it longer.
    public var unsafeWidgetPointer: OpaquePointer { reference.opaque }

    /// Makes this widget stand for `content` on screen: putting it in a box,
    /// a list or a window puts `content` there.
    public init(composing content: Widget) {
        reference = ObjectReference(sinking: content.reference.raw)
        composedContent = content
    }

    /// The toolkit-free view standing for this widget in the drag engine
    /// (sized like the widget, at the origin: GTK hit-tests itself). Pass it
    /// to `session.location(in:)` for points in the widget's coordinates.
    public private(set) lazy var viewNode = ViewNode(name: name, frame: CGRect(origin: .zero, size: size))

    /// The smallest size the widget asks for, in points (-1: natural size).
    public func setSizeRequest(width: Int, height: Int) {
        gtk_widget_set_size_request(widgetPointer, Int32(width), Int32(height))
    }

    /// Whether the widget is shown.
    public var isVisible: Bool {
        get { gtk_widget_get_visible(widgetPointer) != 0 }
        set { gtk_widget_set_visible(widgetPointer, newValue ? 1 : 0) }
    }

    /// Whether the widget takes input (insensitive widgets are greyed out).
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widgetPointer) != 0 }
        set { gtk_widget_set_sensitive(widgetPointer, newValue ? 1 : 0) }
    }

    /// A name shown in GTK's inspector and usable from CSS (`#name`).
    public var name: String {
        get { String(cString: gtk_widget_get_name(widgetPointer)) }
        set { gtk_widget_set_name(widgetPointer, newValue) }
    }

    /// Whether the widget grows to take extra space in each direction.
    public func setExpands(horizontally: Bool, vertically: Bool) {
        gtk_widget_set_hexpand(widgetPointer, horizontally ? 1 : 0)
        gtk_widget_set_vexpand(widgetPointer, vertically ? 1 : 0)
    }

    /// Text shown when the pointer rests on the widget (nil: none).
    public var tooltip: String? {
        get { gtk_widget_get_tooltip_text(widgetPointer).map { String(cString: $0) } }
        set { gtk_widget_set_tooltip_text(widgetPointer, newValue) }
    }

    /// Empty space around the widget, in points.
    public func setMargins(top: Int, leading: Int, bottom: Int, trailing: Int) {
        gtk_widget_set_margin_top(widgetPointer, Int32(top))
        gtk_widget_set_margin_start(widgetPointer, Int32(leading))
        gtk_widget_set_margin_bottom(widgetPointer, Int32(bottom))
        gtk_widget_set_margin_end(widgetPointer, Int32(trailing))
    }

    /// The same empty space on every side.
    public func setMargins(_ all: Int) {
        setMargins(top: all, leading: all, bottom: all, trailing: all)
    }

    /// How the widget sits in extra space it does not expand into.
    public struct Alignment: Sendable, Hashable {
        let value: GtkAlign
        /// Takes all the space.
        public static let fill = Alignment(value: GTK_ALIGN_FILL)
        /// At the start (left or top).
        public static let start = Alignment(value: GTK_ALIGN_START)
        /// At the end (right or bottom).
        public static let end = Alignment(value: GTK_ALIGN_END)
        /// In the middle.
        public static let center = Alignment(value: GTK_ALIGN_CENTER)
    }

    /// Places the widget inside its allocation in each direction.
    public func setAlignment(horizontal: Alignment, vertical: Alignment) {
        gtk_widget_set_halign(widgetPointer, horizontal.value)
        gtk_widget_set_valign(widgetPointer, vertical.value)
    }

    /// Moves the keyboard focus to the widget; false when it cannot take it.
    @discardableResult
    public func grabFocus() -> Bool {
        gtk_widget_grab_focus(widgetPointer) != 0
    }

    /// Whether the widget is on screen now (shown, and its window too).
    public var isMapped: Bool {
        gtk_widget_get_mapped(widgetPointer) != 0
    }

    /// Adds a CSS style class (see ``StyleSheet``).
    public func addStyleClass(_ name: String) {
        gtk_widget_add_css_class(widgetPointer, name)
    }

    /// Removes a CSS style class.
    public func removeStyleClass(_ name: String) {
        gtk_widget_remove_css_class(widgetPointer, name)
    }

    /// Whether the widget has the style class.
    public func hasStyleClass(_ name: String) -> Bool {
        gtk_widget_has_css_class(widgetPointer, name) != 0
    }

    /// Current allocated width and height.
    public var size: CGSize {
        CGSize(width: Double(gtk_widget_get_width(widgetPointer)), height: Double(gtk_widget_get_height(widgetPointer)))
    }

    /// The widget's bounds in `ancestor`'s coordinates, or nil while the
    /// widgets are not laid out together.
    public func bounds(in ancestor: Widget) -> CGRect? {
        var rect = graphene_rect_t()
        guard gtk_widget_compute_bounds(widgetPointer, ancestor.widgetPointer, &rect) != 0 else { return nil }
        return CGRect(x: Double(rect.origin.x), y: Double(rect.origin.y),
                      width: Double(rect.size.width), height: Double(rect.size.height))
    }

    /// Converts a point from this widget's coordinates to `other`'s.
    public func convert(_ point: CGPoint, to other: Widget) -> CGPoint? {
        var x = 0.0, y = 0.0
        guard gtk_widget_translate_coordinates(widgetPointer, other.widgetPointer, point.x, point.y, &x, &y) != 0 else {
            return nil
        }
        return CGPoint(x: x, y: y)
    }

    /// The widget's bounds inside the X11 window of its toplevel, in pixels
    /// (what `xdotool mousemove --window` expects), or nil when not shown.
    public var boundsInNativeWindow: CGRect? {
        guard let native = gtk_widget_get_native(widgetPointer) else { return nil }
        let nativeWidget = GPointer.typed(GPointer.raw(native), as: GtkWidget.self)
        var rect = graphene_rect_t()
        guard gtk_widget_compute_bounds(widgetPointer, nativeWidget, &rect) != 0 else { return nil }
        var dx = 0.0, dy = 0.0
        gtk_native_get_surface_transform(native, &dx, &dy)
        return CGRect(x: Double(rect.origin.x) + dx, y: Double(rect.origin.y) + dy,
                      width: Double(rect.size.width), height: Double(rect.size.height))
    }

    /// Schedules a redraw.
    public func queueDraw() {
        gtk_widget_queue_draw(widgetPointer)
    }

    /// Runs `body` once at the start of the widget's next frame, before GTK
    /// lays the window out: the place to add or move children in answer to
    /// something that happened during layout (a scroll position clamped by
    /// an allocation), which GTK does not allow while it lays out.
    package func atNextFrame(_ body: @escaping @MainActor () -> Void) {
        let box = Unmanaged.passRetained(SignalHandlerBox<Trampoline.VoidHandler>(body)).toOpaque()
        let tick: GtkTickCallback = { _, _, data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated { SignalHandlerBox<Trampoline.VoidHandler>.from(data).handler() }
            return 0  // G_SOURCE_REMOVE: once
        }
        let release: GDestroyNotify = { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        gtk_widget_add_tick_callback(widgetPointer, tick, box, release)
    }

    package func add(controller: ObjectReference) {
        // gtk_widget_add_controller takes ownership: hand it one extra reference.
        g_object_ref(controller.raw)
        gtk_widget_add_controller(widgetPointer, controller.opaque)
    }
}

extension Widget: Hashable {
    nonisolated public static func == (lhs: Widget, rhs: Widget) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
