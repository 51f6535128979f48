import CGtk4
import DragKitGTK

/// Stacks widgets over a main one (GtkOverlay): an empty state centred
/// over a list that still takes drops, a badge on a picture.
///
/// ```swift
/// let overlay = Overlay(list.scroller)
/// overlay.addOverlay(StatusPage(iconName: "checkbox-checked-symbolic", title: "Nothing to Do"),
///                    passesInput: true)
/// ```
@MainActor
public final class Overlay: Widget {
    /// The widget underneath.
    public let main: Widget
    private var overlays: [Widget] = []

    /// Creates an overlay over `main`.
    public init(_ main: Widget) {
        self.main = main
        super.init(sinking: GPointer.raw(gtk_overlay_new()))
        gtk_overlay_set_child(reference.opaque, main.widgetPointer)
    }

    /// Puts `widget` over the main widget, placed by its alignment. With
    /// `passesInput` the pointer goes through it (clicks and drops reach the
    /// main widget), so it only shows.
    public func addOverlay(_ widget: Widget, passesInput: Bool = false) {
        overlays.append(widget)
        if passesInput { gtk_widget_set_can_target(widget.widgetPointer, 0) }
        gtk_overlay_add_overlay(reference.opaque, widget.widgetPointer)
    }

    /// Takes `widget` off the overlay.
    public func removeOverlay(_ widget: Widget) {
        guard let index = overlays.firstIndex(of: widget) else { return }
        overlays.remove(at: index)
        gtk_overlay_remove_overlay(reference.opaque, widget.widgetPointer)
    }
}
