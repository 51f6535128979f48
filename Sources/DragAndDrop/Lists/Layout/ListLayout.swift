import Foundation

/// The geometry of a ``ListView``: where each presented row is, and which
/// row is under a point.
///
/// A layout is told about every change the list makes, so it can keep its
/// geometry current without re-measuring every row. ``ListRowLayout`` lays
/// out rows of varying height, ``ListGridLayout`` a grid of equal cells;
/// a toolkit can bring its own, for example one fed with heights it measured.
///
/// Index paths are presented index paths (drop placeholders count as rows).
@MainActor
public protocol ListLayout: AnyObject {
    /// The direction along which rows follow one another; drop intents use it
    /// to tell the leading and trailing edges of a row from its middle.
    var insertionAxis: ListAxis { get }

    /// The size of everything laid out.
    var contentSize: CGSize { get }

    /// Lays out every row from scratch.
    func prepare(_ rows: ListRows)

    /// Brings the geometry up to date after a change; `rows` is the list as
    /// it is after the change. The default lays out everything again.
    func apply(_ change: ListChange, to rows: ListRows)

    /// The frame of a presented row, or nil if there is no such row.
    func frameForItem(at indexPath: IndexPath) -> CGRect?

    /// The presented row under a point, or nil over empty space (between
    /// sections, in spacing, or past the last row).
    ///
    /// - Complexity: O(log n) in both shipped layouts.
    func indexPathForItem(at point: CGPoint) -> IndexPath?
}

extension ListLayout {
    public func apply(_ change: ListChange, to rows: ListRows) {
        prepare(rows)
    }
}

/// The direction in which the rows of a layout follow one another.
public enum ListAxis: Sendable, Hashable {
    /// Rows stacked top to bottom.
    case vertical
    /// Cells placed left to right (then wrapping, in a grid).
    case horizontal
}
