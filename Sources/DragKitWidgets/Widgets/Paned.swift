import CGtk4
import DragKitGTK

/// Two panes side by side (or one above the other) with a handle between
/// them that the person can drag (GtkPaned): a table and its detail view.
///
/// ```swift
/// let split = Paned(.horizontal)
/// split.start = contactsList.scroller
/// split.end = detail
/// split.position = 280
/// ```
@MainActor
public final class Paned: Widget {
    /// Creates an empty paned.
    public init(_ orientation: Box.Orientation) {
        super.init(sinking: GPointer.raw(gtk_paned_new(orientation.value)))
    }

    private var panedPointer: OpaquePointer { reference.opaque }

    /// The left (or top) pane.
    public var start: Widget? {
        didSet { gtk_paned_set_start_child(panedPointer, start?.widgetPointer) }
    }

    /// The right (or bottom) pane.
    public var end: Widget? {
        didSet { gtk_paned_set_end_child(panedPointer, end?.widgetPointer) }
    }

    /// Where the handle is, in points from the start.
    public var position: Int {
        get { Int(gtk_paned_get_position(panedPointer)) }
        set { gtk_paned_set_position(panedPointer, Int32(newValue)) }
    }
}
