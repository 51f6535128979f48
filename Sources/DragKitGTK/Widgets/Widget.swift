import CGtk4
import CGtkShim
import DragAndDrop
import Foundation

/// A GTK widget seen from Swift. Subclasses wrap the concrete widgets DragKit
/// needs; app code never touches the underlying pointer.
@MainActor
public class Widget {
    let reference: ObjectReference

    var widgetPointer: UnsafeMutablePointer<GtkWidget> { reference.typed() }

    init(sinking raw: UnsafeMutableRawPointer) {
        reference = ObjectReference(sinking: raw)
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

    func add(controller: ObjectReference) {
        // gtk_widget_add_controller takes ownership: hand it one extra reference.
        g_object_ref(controller.raw)
        gtk_widget_add_controller(widgetPointer, controller.opaque)
    }
}

extension Widget: Hashable {
    nonisolated public static func == (lhs: Widget, rhs: Widget) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
