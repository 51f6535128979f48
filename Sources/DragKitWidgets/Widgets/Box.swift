import CGtk4
import DragKitGTK

/// Lays children out in a row or a column.
@MainActor
public final class Box: Widget {
    /// The direction children are laid out in.
    public struct Orientation: Sendable, Hashable {
        let value: GtkOrientation
        /// Left to right.
        public static let horizontal = Orientation(value: GTK_ORIENTATION_HORIZONTAL)
        /// Top to bottom.
        public static let vertical = Orientation(value: GTK_ORIENTATION_VERTICAL)
    }

    private var children: [Widget] = []

    /// Creates an empty box with `spacing` points between children.
    public init(_ orientation: Orientation, spacing: Int = 0) {
        super.init(sinking: GPointer.raw(gtk_box_new(orientation.value, Int32(spacing))))
    }

    private var boxPointer: UnsafeMutablePointer<GtkBox> { reference.typed() }

    /// Adds `child` at the end.
    public func append(_ child: Widget) {
        children.append(child)
        gtk_box_append(boxPointer, child.widgetPointer)
    }

    /// Removes `child`.
    public func remove(_ child: Widget) {
        children.removeAll { $0 === child }
        gtk_box_remove(boxPointer, child.widgetPointer)
    }

    /// Inserts `child` right after `sibling` (at the start when nil).
    public func insert(_ child: Widget, after sibling: Widget?) {
        children.append(child)
        gtk_box_insert_child_after(boxPointer, child.widgetPointer, sibling?.widgetPointer)
    }
}
