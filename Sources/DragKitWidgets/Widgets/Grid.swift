import CGtk4
import DragKitGTK

/// Lays children out in rows and columns (GtkGrid): forms with labels in
/// one column and entries in the next.
///
/// ```swift
/// let form = Grid(rowSpacing: 6, columnSpacing: 12)
/// form.attach(Label("Name"), column: 0, row: 0)
/// form.attach(nameEntry, column: 1, row: 0)
/// ```
@MainActor
public final class Grid: Widget {
    private var children: [Widget] = []

    /// Creates an empty grid with the given gaps between rows and columns.
    public init(rowSpacing: Int = 0, columnSpacing: Int = 0) {
        super.init(sinking: GPointer.raw(gtk_grid_new()))
        gtk_grid_set_row_spacing(gridPointer, UInt32(rowSpacing))
        gtk_grid_set_column_spacing(gridPointer, UInt32(columnSpacing))
    }

    private var gridPointer: UnsafeMutablePointer<GtkGrid> { reference.typed() }

    /// Puts `child` at (`column`, `row`), spanning `width` columns and `height` rows.
    public func attach(_ child: Widget, column: Int, row: Int, width: Int = 1, height: Int = 1) {
        children.append(child)
        gtk_grid_attach(gridPointer, child.widgetPointer, Int32(column), Int32(row), Int32(width), Int32(height))
    }

    /// Removes `child`.
    public func remove(_ child: Widget) {
        children.removeAll { $0 === child }
        gtk_grid_remove(gridPointer, child.widgetPointer)
    }
}
