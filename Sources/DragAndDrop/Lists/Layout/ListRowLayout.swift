import Foundation

/// Rows of varying height stacked top to bottom, section after section.
///
/// Heights come from a closure asked once per row (and again for rows that
/// are inserted or reloaded). The layout keeps running totals of the heights,
/// so finding the row under a point is a binary search, and a reorder only
/// redoes the totals between the row's old and new place.
///
/// ```swift
/// let layout = ListRowLayout(width: 320) { row in
///     switch row {
///     case .item(let indexPath): notes[indexPath.item].isLong ? 88 : 44
///     case .placeholder: 44
///     }
/// }
/// ```
@MainActor
public final class ListRowLayout: ListLayout {
    /// The width of every row.
    public var width: CGFloat
    /// Space between the last row of a section and the first of the next.
    public let sectionSpacing: CGFloat
    /// Height of a placeholder that does not set its own ``DropPlaceholder/rowHeight``.
    public let placeholderHeight: CGFloat

    private let rowHeight: @MainActor (ListRow) -> CGFloat
    private var heights: [[CGFloat]] = []
    /// `bottoms[s][i]`: the bottom of row `i` measured from the top of section `s`.
    private var bottoms: [[CGFloat]] = []
    /// `blockBottoms[s][b]`: the bottom of the last row of block `b` (rows
    /// `b × blockSize ..< (b + 1) × blockSize`). Searching these first keeps
    /// a lookup in 100,000 rows within a few cache lines.
    private var blockBottoms: [[CGFloat]] = []
    private static let blockSize = 64
    private var sectionTops: [CGFloat] = []

    /// A layout of `width`-wide rows whose heights `rowHeight` gives.
    public init(
        width: CGFloat, sectionSpacing: CGFloat = 0, placeholderHeight: CGFloat = 44,
        rowHeight: @escaping @MainActor (ListRow) -> CGFloat
    ) {
        self.width = width
        self.sectionSpacing = sectionSpacing
        self.placeholderHeight = placeholderHeight
        self.rowHeight = rowHeight
    }

    public var insertionAxis: ListAxis { .vertical }

    public var contentSize: CGSize {
        guard let lastTop = sectionTops.last, let lastBottom = bottoms.last else { return CGSize(width: width, height: 0) }
        return CGSize(width: width, height: lastTop + (lastBottom.last ?? 0))
    }

    public func prepare(_ rows: ListRows) {
        heights = (0..<rows.numberOfSections).map { section in
            (0..<rows.numberOfItems(inSection: section)).map { height(of: rows, at: IndexPath(item: $0, section: section)) }
        }
        bottoms = heights.map { _ in [] }
        blockBottoms = heights.map { _ in [] }
        for section in heights.indices { recomputeBottoms(inSection: section, from: 0) }
        recomputeSectionTops()
    }

    public func apply(_ change: ListChange, to rows: ListRows) {
        guard !change.isReload, heights.count == rows.numberOfSections else { return prepare(rows) }
        if change.deletedItems.isEmpty, change.insertedItems.isEmpty, change.reloadedItems.isEmpty,
           change.movedItems.count == 1, let move = change.movedItems.first, move.from.section == move.to.section {
            // A reorder within a section: only the rows between the two
            // places shift, and the totals outside that stretch stay right.
            let section = move.from.section
            heights[section].moveElement(from: move.from.item, to: move.to.item)
            recomputeBottoms(
                inSection: section, from: min(move.from.item, move.to.item),
                through: max(move.from.item, move.to.item))
            return
        }
        applyInGeneral(change, to: rows)
    }

    public func frameForItem(at indexPath: IndexPath) -> CGRect? {
        let section = indexPath.section, item = indexPath.item
        guard heights.indices.contains(section), heights[section].indices.contains(item) else { return nil }
        let top = sectionTops[section] + (item == 0 ? 0 : bottoms[section][item - 1])
        return CGRect(x: 0, y: top, width: width, height: heights[section][item])
    }

    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        guard point.x >= 0, point.x < width, point.y >= 0, !sectionTops.isEmpty else { return nil }
        // The last section starting at or above the point.
        let section = Self.lastIndex(in: sectionTops) { $0 <= point.y }
        guard section >= 0 else { return nil }
        let y = point.y - sectionTops[section]
        let sectionBottoms = bottoms[section]
        guard let sectionHeight = sectionBottoms.last, y < sectionHeight else { return nil }
        // The first block, then the first row in it, whose bottom is below the point.
        let block = Self.lastIndex(in: blockBottoms[section]) { $0 <= y } + 1
        let rows = block * Self.blockSize..<min((block + 1) * Self.blockSize, sectionBottoms.count)
        let item = Self.lastIndex(in: sectionBottoms, within: rows) { $0 <= y } + 1
        return IndexPath(item: item, section: section)
    }

    // MARK: - Keeping the totals current

    private func height(of rows: ListRows, at indexPath: IndexPath) -> CGFloat {
        switch rows.row(at: indexPath) {
        case .placeholder(let placeholder): placeholder.rowHeight ?? placeholderHeight
        case let row?: max(0, rowHeight(row))
        case nil: 0
        }
    }

    /// Deletions and move sources out (by old position), then insertions and
    /// move destinations in (by new position), then reloads re-measured.
    private func applyInGeneral(_ change: ListChange, to rows: ListRows) {
        var leaving: [Int: [Int]] = [:], arriving: [Int: [(item: Int, height: CGFloat?)]] = [:]
        for indexPath in change.deletedItems { leaving[indexPath.section, default: []].append(indexPath.item) }
        for indexPath in change.insertedItems { arriving[indexPath.section, default: []].append((indexPath.item, nil)) }
        for move in change.movedItems {
            leaving[move.from.section, default: []].append(move.from.item)
            arriving[move.to.section, default: []].append((move.to.item, heights[move.from.section][move.from.item]))
        }
        var changedFrom: [Int: Int] = [:]
        for (section, items) in leaving {
            for item in items.sorted(by: >) { heights[section].remove(at: item) }
            changedFrom[section] = items.min()
        }
        for (section, items) in arriving {
            for (item, height) in items.sorted(by: { $0.item < $1.item }) {
                heights[section].insert(height ?? self.height(of: rows, at: IndexPath(item: item, section: section)), at: item)
            }
            changedFrom[section] = min(changedFrom[section] ?? .max, items.map(\.item).min() ?? .max)
        }
        for indexPath in change.reloadedItems {
            guard let now = IndexPathShift.indexPath(
                after: change.deletedItems, change.insertedItems, change.movedItems, for: indexPath) else { continue }
            heights[now.section][now.item] = height(of: rows, at: now)
            changedFrom[now.section] = min(changedFrom[now.section] ?? .max, now.item)
        }
        for (section, from) in changedFrom { recomputeBottoms(inSection: section, from: from) }
        recomputeSectionTops()
    }

    /// Redoes the running totals of rows `start...end` (to the end of the
    /// section by default) and of the blocks holding them. Rows above
    /// `start` must be unchanged, and so must rows below `end` when given.
    private func recomputeBottoms(inSection section: Int, from start: Int, through end: Int? = nil) {
        let sectionHeights = heights[section]
        let count = sectionHeights.count
        if bottoms[section].count != count {
            let kept = min(start, bottoms[section].count, count)
            bottoms[section].removeLast(bottoms[section].count - kept)
            bottoms[section].append(contentsOf: repeatElement(0, count: count - kept))
        }
        let last = min(end ?? count - 1, count - 1)
        if start <= last {
            var running = start == 0 ? 0 : bottoms[section][start - 1]
            for item in start...last {
                running += sectionHeights[item]
                bottoms[section][item] = running
            }
        }
        let blockCount = (count + Self.blockSize - 1) / Self.blockSize
        if blockBottoms[section].count != blockCount {
            blockBottoms[section] = Array(repeating: 0, count: blockCount)
            if count > 0 { recomputeBlocks(inSection: section, from: 0, through: count - 1) }
        } else if count > 0 {
            // Rows removed from the end still change the last block.
            let first = min(start, count - 1)
            recomputeBlocks(inSection: section, from: first, through: max(first, last))
        }
    }

    private func recomputeBlocks(inSection section: Int, from start: Int, through last: Int) {
        let count = bottoms[section].count
        for block in start / Self.blockSize...last / Self.blockSize {
            blockBottoms[section][block] = bottoms[section][min((block + 1) * Self.blockSize, count) - 1]
        }
    }

    private func recomputeSectionTops() {
        sectionTops = []
        sectionTops.reserveCapacity(bottoms.count)
        var top: CGFloat = 0
        for sectionBottoms in bottoms {
            sectionTops.append(top)
            top += (sectionBottoms.last ?? 0) + sectionSpacing
        }
    }

    /// The last index (within `range`, all of `values` by default) whose
    /// element satisfies `belowOrAt` in an ascending array (where the
    /// predicate holds for a prefix), or one before the range when none does.
    static func lastIndex(
        in values: [CGFloat], within range: Range<Int>? = nil, where belowOrAt: (CGFloat) -> Bool
    ) -> Int {
        var low = range?.lowerBound ?? 0, high = range?.upperBound ?? values.count
        while low < high {
            let middle = (low + high) / 2
            if belowOrAt(values[middle]) { low = middle + 1 } else { high = middle }
        }
        return low - 1
    }
}
