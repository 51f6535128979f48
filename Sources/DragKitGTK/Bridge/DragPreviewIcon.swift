import CGtk4
import DragAndDrop
import Foundation

/// What a drag shows under the pointer: a still picture of the lifted
/// widget (taken at the lift, so a list row reused meanwhile for another
/// item does not change it), framed as its ``DragPreviewParameters`` say,
/// scaled down when large, with a badge counting the items when there are
/// several.
///
/// The picture sits on an opaque background by default, so its text reads
/// over whatever is beneath, with or without a compositor.
// Swift 6.3 warns "function call causes an infinite recursion" on this
// declaration: a false positive for a subclass, in its own package, of a
// class whose designated initializer is `package` (it is about a
// compiler-made stub that is never called; swiftlang/swift#92023).
@MainActor
final class DragPreviewIcon: Widget {
    /// The largest size a preview is shown at; larger widgets are scaled down.
    static let maximumSize = CGSize(width: 360, height: 200)

    /// The framed picture (a GtkBox) and the count badge (a GtkLabel),
    /// both held by the overlay this widget is.
    private let frame: UnsafeMutablePointer<GtkWidget>
    private let badge: UnsafeMutablePointer<GtkWidget>
    /// Where the pointer holds the preview, in the preview's coordinates.
    let hotSpot: (x: Int, y: Int)
    /// The item count the badge shows (1: no badge).
    private(set) var count = 1

    /// A preview of `widget` as it looks now, held at `hotSpot` (in the
    /// widget's coordinates), or nil when the widget has nothing drawn yet.
    convenience init?(snapshotOf widget: Widget, hotSpot: (x: Int, y: Int), parameters: DragPreviewParameters, count: Int) {
        let size = widget.size
        guard size.width > 0, size.height > 0, let live = gtk_widget_paintable_new(widget.widgetPointer) else { return nil }
        let still = gdk_paintable_get_current_image(live)
        g_object_unref(GPointer.raw(live))
        guard let still else { return nil }
        let scale = min(1, Self.maximumSize.width / size.width, Self.maximumSize.height / size.height)
        let picture = gtk_picture_new_for_paintable(still)!
        g_object_unref(GPointer.raw(still))
        gtk_picture_set_can_shrink(OpaquePointer(picture), 1)
        gtk_widget_set_size_request(picture, Int32((size.width * scale).rounded()), Int32((size.height * scale).rounded()))
        self.init(content: picture, hotSpot: (Int(Double(hotSpot.x) * scale), Int(Double(hotSpot.y) * scale)),
                  parameters: parameters, count: count)
    }

    /// A preview showing `title` (a delegate's text-only preview).
    convenience init(title: String, parameters: DragPreviewParameters, count: Int) {
        let label = gtk_label_new(title)!
        gtk_widget_add_css_class(label, "dragkit-drag-title")
        self.init(content: label, hotSpot: (0, 0), parameters: parameters, count: count)
    }

    private init(content: UnsafeMutablePointer<GtkWidget>, hotSpot: (x: Int, y: Int),
                 parameters: DragPreviewParameters, count: Int) {
        frame = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_add_css_class(frame, "dragkit-drag-preview")
        gtk_widget_add_css_class(frame, Self.styleClass(for: parameters))
        gtk_box_append(GPointer.typed(GPointer.raw(frame), as: GtkBox.self), content)

        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(OpaquePointer(overlay), frame)
        badge = gtk_label_new(nil)
        gtk_widget_add_css_class(badge, "dragkit-drag-badge")
        gtk_widget_set_halign(badge, GTK_ALIGN_END)
        gtk_widget_set_valign(badge, GTK_ALIGN_START)
        gtk_widget_set_visible(badge, 0)
        gtk_overlay_add_overlay(OpaquePointer(overlay), badge)
        // Room around the frame for the shadow and the badge's overhang,
        // where the desktop can show it: without a compositor the drag
        // icon has no transparency, so a margin would be a black band, and
        // the preview is drawn square and flat instead.
        let composited = gdk_display_is_composited(gdk_display_get_default()) != 0
        let margin = composited ? Self.margin : 0
        if !composited { gtk_widget_add_css_class(frame, "dragkit-drag-preview-flat") }
        // The pointer holds the item where it was grabbed: past the margin,
        // the frame's padding and (flat) its border.
        let inset = margin + Self.padding + (composited ? 0 : Self.flatBorder)
        self.hotSpot = (hotSpot.x + inset, hotSpot.y + inset)
        super.init(sinking: GPointer.raw(overlay))
        gtk_widget_set_margin_top(frame, Int32(margin))
        gtk_widget_set_margin_bottom(frame, Int32(margin))
        gtk_widget_set_margin_start(frame, Int32(margin))
        gtk_widget_set_margin_end(frame, Int32(margin))
        Self.installStyle()
        if !composited { addStyleClass("dragkit-drag-icon-flat") }
        setCount(count)
    }

    /// The frame's padding and, drawn flat, its border, in points (the style sheet's).
    static let padding = 4
    static let flatBorder = 1

    /// Space around the framed picture, for the shadow and the badge (with a compositor).
    static let margin = 10

    /// Shows `count` on the badge (hidden for one item).
    func setCount(_ count: Int) {
        guard count != self.count || !badgeIsVisible && count > 1 else { return }
        self.count = count
        gtk_label_set_text(OpaquePointer(badge), count.formatted())
        gtk_widget_set_visible(badge, count > 1 ? 1 : 0)
        // Several items show as a stack: the edges of two more cards
        // beneath the first.
        if count > 1 {
            gtk_widget_add_css_class(frame, "dragkit-drag-preview-stacked")
        } else {
            gtk_widget_remove_css_class(frame, "dragkit-drag-preview-stacked")
        }
        accessibleLabel = count > 1 ? "\(count) items" : nil
    }

    /// Whether the badge is showing, and its text.
    var badgeText: String? { badgeIsVisible ? String(cString: gtk_label_get_text(OpaquePointer(badge))) : nil }

    private var badgeIsVisible: Bool { gtk_widget_get_visible(badge) != 0 }

    // MARK: - Style

    private static var installedClasses: Set<String> = []

    /// A style class carrying the parameters' background, corners and
    /// shadow (one rule per distinct framing, added once).
    private static func styleClass(for parameters: DragPreviewParameters) -> String {
        let background: String
        if let color = parameters.backgroundColor {
            func channel(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }
            background = "rgba(\(channel(color.red)), \(channel(color.green)), \(channel(color.blue)), \(min(max(color.alpha, 0), 1)))"
        } else {
            background = "@theme_base_color"
        }
        let shadow = parameters.showsShadow ? "0 2px 6px rgba(0, 0, 0, 0.35)" : "none"
        let radius = Int(parameters.cornerRadius.rounded())
        let name = "dragkit-preview-\(String(UInt(bitPattern: parameters.hashValue), radix: 36))"
        if installedClasses.insert(name).inserted {
            StyleSheet.add(".\(name) { background-color: \(background); border-radius: \(radius)px; box-shadow: \(shadow); }")
        }
        return name
    }

    private static var styleInstalled = false

    private static func installStyle() {
        guard !styleInstalled else { return }
        styleInstalled = true
        StyleSheet.add("""
        .dragkit-drag-preview { padding: 4px; }
        .dragkit-drag-title { padding: 4px 8px; }
        .dragkit-drag-preview.dragkit-drag-preview-flat { border-radius: 0; box-shadow: none; border: 1px solid #9a9996; }
        .dragkit-drag-preview.dragkit-drag-preview-stacked { margin-right: 6px; margin-bottom: 6px;
            box-shadow: 3px 3px 0 -1px @theme_base_color, 3px 3px 0 0 #9a9996,
                        6px 6px 0 -1px @theme_base_color, 6px 6px 0 0 #9a9996; }
        .dragkit-drag-icon-flat { background-color: @theme_base_color; }
        .dragkit-drag-preview picture { border-radius: inherit; }
        .dragkit-drag-badge { background-color: #e01b24; color: #ffffff; font-weight: bold;
            border-radius: 999px; min-width: 14px; padding: 1px 6px; margin: 0; }
        """)
    }
}
