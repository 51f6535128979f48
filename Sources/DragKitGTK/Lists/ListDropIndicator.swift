import DragAndDrop
import Foundation

/// Where a list shows the position a hovering drag would drop at: the
/// proposal's index path and intent (`ListDropHover`), and the rectangle
/// to draw, in the list widget's coordinates.
public struct ListDropIndicator: Sendable, Hashable {
    /// What the drop would do: insert at a gap (`insertAtDestinationIndexPath`)
    /// or into a row (`insertIntoDestinationIndexPath`).
    public var hover: ListDropHover
    /// For a gap, a line ``ListDropIndicator/lineThickness`` thick across the list, centred
    /// on the boundary between the rows (the leading edge of the first
    /// row, the trailing edge of the last); for a row taking the drop, the
    /// row's frame.
    public var frame: CGRect

    /// How thick the insertion line is, in points.
    public static let lineThickness = 4.0

    public init(hover: ListDropHover, frame: CGRect) {
        self.hover = hover
        self.frame = frame
    }
}

extension ListView {
    /// Where to draw `hover`: the insertion line of a gap or the frame of
    /// the row taking the drop, from the layout's frames; nil when the row
    /// has no frame.
    public func dropIndicator(for hover: ListDropHover) -> ListDropIndicator? {
        switch hover {
        case .highlight(let indexPath):
            return frameForItem(at: indexPath).map { ListDropIndicator(hover: hover, frame: $0) }
        case .gap(let before):
            let vertical = layout.insertionAxis == .vertical
            let thickness = ListDropIndicator.lineThickness
            let size = layout.contentSize
            // The row after the gap, or the one before it at the end.
            let row: CGRect?
            let atEnd: Bool
            if let frame = frameForItem(at: before) {
                row = frame
                atEnd = false
            } else if before.item > 0, let last = frameForItem(at: IndexPath(item: before.item - 1, section: before.section)) {
                row = last
                atEnd = true
            } else {
                row = nil
                atEnd = false
            }
            let frame: CGRect
            if vertical {
                let y = row.map { atEnd ? $0.maxY : $0.minY } ?? 0
                frame = CGRect(x: 0, y: max(0, y - thickness / 2), width: size.width, height: thickness)
            } else {
                // Cells wrap into lines: the line is as tall as the cell's.
                let x = row.map { atEnd ? $0.maxX : $0.minX } ?? 0
                frame = CGRect(x: max(0, x - thickness / 2), y: row?.minY ?? 0,
                               width: thickness, height: row?.height ?? size.height)
            }
            return ListDropIndicator(hover: hover, frame: frame)
        }
    }
}
