import CGtk4
import DragAndDrop
import Foundation

/// Where a program's own list widget shows its rows, so DragKit can tell
/// which row a drag points at: the widget's children (a GtkListBox's rows,
/// a GtkBox of rows), row widgets the program looks up, or frames it
/// computes. Coordinates are the list widget's own.
///
/// ```swift
/// // A GtkListBox made in C: its rows are its children.
/// Widget.borrowing(listBox).bindList(model)
/// // A GtkListView: the program knows which row widget shows which item.
/// Widget.borrowing(listView).bindList(model, rows: .widgets { indexPath in rowWidgets[indexPath.item] })
/// ```
@MainActor
public struct WidgetListRows {
    /// The direction in which the rows follow one another.
    public let axis: ListAxis
    let rowWidget: (@MainActor (_ list: Widget, IndexPath) -> Widget?)?
    let frame: @MainActor (_ list: Widget, IndexPath) -> CGRect?
    /// Every row's frame in one pass, in order, where that is cheaper than
    /// asking row by row (children: one walk of the widget's children).
    let firstSectionFrames: (@MainActor (_ list: Widget) -> [CGRect?])?

    init(axis: ListAxis, rowWidget: (@MainActor (Widget, IndexPath) -> Widget?)?,
         firstSectionFrames: (@MainActor (Widget) -> [CGRect?])? = nil,
         frame: @escaping @MainActor (Widget, IndexPath) -> CGRect?) {
        self.axis = axis
        self.rowWidget = rowWidget
        self.firstSectionFrames = firstSectionFrames
        self.frame = frame
    }

    /// The rows are the list widget's children in order, the first
    /// section's rows (children GTK does not lay out, such as hidden ones
    /// or a GtkListBox placeholder while there are rows, are skipped).
    /// Right for a GtkListBox, a GtkBox or a GtkFlowBox.
    public static var children: WidgetListRows { children(axis: .vertical) }

    /// The list widget's children in order, following one another along `axis`.
    public static func children(axis: ListAxis) -> WidgetListRows {
        let row: @MainActor (Widget, IndexPath) -> Widget? = { list, indexPath in
            guard indexPath.section == 0, indexPath.item >= 0 else { return nil }
            return WidgetListRows.laidOutChildren(of: list).dropFirst(indexPath.item).first.map { Widget.borrowing($0) }
        }
        return WidgetListRows(axis: axis, rowWidget: row, firstSectionFrames: { list in
            WidgetListRows.laidOutChildren(of: list).map { Widget.borrowing($0).bounds(in: list) }
        }) { list, indexPath in
            row(list, indexPath)?.bounds(in: list)
        }
    }

    /// The row at an index path is the widget `row` returns (nil: not
    /// shown), wherever it is inside the list widget.
    public static func widgets(axis: ListAxis = .vertical,
                               _ row: @escaping @MainActor (IndexPath) -> Widget?) -> WidgetListRows {
        WidgetListRows(axis: axis, rowWidget: { _, indexPath in row(indexPath) }) { list, indexPath in
            row(indexPath)?.bounds(in: list)
        }
    }

    /// The row at an index path is at the frame `frame` returns, in the
    /// list widget's coordinates (nil: not shown). DragKit then has no row
    /// widget to mark, so the program draws the insertion position from
    /// ``ListBinding/onDropIndicator``.
    public static func frames(axis: ListAxis = .vertical,
                              _ frame: @escaping @MainActor (IndexPath) -> CGRect?) -> WidgetListRows {
        WidgetListRows(axis: axis, rowWidget: nil) { _, indexPath in frame(indexPath) }
    }

    /// The children of `list` GTK lays out, in order.
    static func laidOutChildren(of list: Widget) -> [UnsafeMutablePointer<GtkWidget>] {
        var result: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(list.widgetPointer)
        while let current = child {
            if gtk_widget_should_layout(current) != 0 { result.append(current) }
            child = gtk_widget_get_next_sibling(current)
        }
        return result
    }
}
