import CGtk4

/// A drag in progress, as the source sees it.
@MainActor
public final class Drag {
    let reference: ObjectReference

    init(_ pointer: OpaquePointer) {
        reference = ObjectReference(sinking: GPointer.raw(pointer))
    }

    /// The action the destination chose (empty until it chose one).
    public var selectedAction: DragAction {
        DragAction(rawValue: gdk_drag_get_selected_action(reference.opaque).rawValue)
    }

    /// The actions the source allows.
    public var allowedActions: DragAction {
        DragAction(rawValue: gdk_drag_get_actions(reference.opaque).rawValue)
    }

    /// The offered MIME types.
    public var formats: ContentFormats {
        ContentFormats(gdk_drag_get_formats(reference.opaque))
    }

    /// Whether `other` wraps the same GDK drag.
    public func isSame(as other: Drag) -> Bool {
        reference.raw == other.reference.raw
    }

    /// Replaces the image under the pointer with `widget` (the drag icon
    /// window then shows it live, so it follows the pointer).
    public func setPreview(_ widget: Widget, hotSpot: (x: Int, y: Int) = (0, 0)) {
        let icon = gtk_drag_icon_get_for_drag(reference.opaque)!
        gtk_drag_icon_set_child(OpaquePointer(icon), widget.widgetPointer)
        gdk_drag_set_hotspot(reference.opaque, Int32(hotSpot.x), Int32(hotSpot.y))
    }
}
