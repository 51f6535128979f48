import Foundation

/// Equal cells in rows of a fixed number of columns, each section starting
/// on a new row.
///
/// Every position is arithmetic, so the cell under a point is found in
/// constant time; the spacing between cells is empty space (no cell).
///
/// ```swift
/// let layout = ListGridLayout(itemSize: CGSize(width: 96, height: 96), columns: 4, spacing: 8)
/// ```
@MainActor
public final class ListGridLayout: ListLayout {
    /// The size of every cell.
    public let itemSize: CGSize
    /// Cells per row (at least one).
    public let columns: Int
    /// Space between neighbouring cells, across and down.
    public let spacing: CGFloat
    /// Space between the last row of a section and the first of the next.
    public let sectionSpacing: CGFloat

    private var counts: [Int] = []
    private var sectionTops: [CGFloat] = []

    /// A grid of `columns` cells of `itemSize` per row.
    public init(itemSize: CGSize, columns: Int, spacing: CGFloat = 0, sectionSpacing: CGFloat = 0) {
        self.itemSize = itemSize
        self.columns = max(1, columns)
        self.spacing = spacing
        self.sectionSpacing = sectionSpacing
    }

    public var insertionAxis: ListAxis { .horizontal }

    public var contentSize: CGSize {
        let width = CGFloat(columns) * itemSize.width + CGFloat(columns - 1) * spacing
        guard let top = sectionTops.last, let count = counts.last else { return CGSize(width: width, height: 0) }
        return CGSize(width: width, height: top + height(ofSectionWith: count))
    }

    public func prepare(_ rows: ListRows) {
        counts = (0..<rows.numberOfSections).map { rows.numberOfItems(inSection: $0) }
        sectionTops = []
        var top: CGFloat = 0
        for count in counts {
            sectionTops.append(top)
            top += height(ofSectionWith: count) + sectionSpacing
        }
    }

    public func frameForItem(at indexPath: IndexPath) -> CGRect? {
        guard counts.indices.contains(indexPath.section), indexPath.item >= 0,
              indexPath.item < counts[indexPath.section] else { return nil }
        let row = indexPath.item / columns, column = indexPath.item % columns
        return CGRect(
            x: CGFloat(column) * (itemSize.width + spacing),
            y: sectionTops[indexPath.section] + CGFloat(row) * (itemSize.height + spacing),
            width: itemSize.width, height: itemSize.height)
    }

    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        guard point.x >= 0, point.y >= 0, !sectionTops.isEmpty else { return nil }
        let section = ListRowLayout.lastIndex(in: sectionTops) { $0 <= point.y }
        let y = point.y - sectionTops[section]
        let strideDown = itemSize.height + spacing, strideAcross = itemSize.width + spacing
        let row = Int(y / strideDown), column = Int(point.x / strideAcross)
        guard column < columns,
              y - CGFloat(row) * strideDown < itemSize.height,
              point.x - CGFloat(column) * strideAcross < itemSize.width else { return nil }
        let item = row * columns + column
        guard item < counts[section] else { return nil }
        return IndexPath(item: item, section: section)
    }

    private func height(ofSectionWith count: Int) -> CGFloat {
        let rows = (count + columns - 1) / columns
        return rows == 0 ? 0 : CGFloat(rows) * itemSize.height + CGFloat(rows - 1) * spacing
    }
}
