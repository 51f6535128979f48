import Foundation

/// Rows of varying height stacked top to bottom, section after section.
///
/// Heights come from a closure asked once per row (and again for rows that
/// are inserted or reloaded), or are one number for every row
/// (`ListRowLayout(width: 320, rowHeight: 56)`). The layout keeps only
/// running totals of the heights, so finding the row under a point is a
/// binary search, and a reorder only redoes the totals between the row's
/// old and new place.
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
    /// The height of every item row, when the layout was made with one.
    private let fixedRowHeight: CGFloat?
    /// `bottoms[s][i]`: the bottom of row `i` measured from the top of
    /// section `s`. A row's height is the difference to the row above, so no
    /// second array has to be kept in step (or fetched from memory).
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
        fixedRowHeight = nil
    }

    /// A layout of `width`-wide rows all `rowHeight` high (placeholders
    /// aside), as a card list has: opening a list of 100,000 rows asks
    /// nothing per row.
    ///
    /// ```swift
    /// let layout = ListRowLayout(width: 320, rowHeight: 56)
    /// ```
    public init(width: CGFloat, sectionSpacing: CGFloat = 0, placeholderHeight: CGFloat = 44, rowHeight: CGFloat) {
        self.width = width
        self.sectionSpacing = sectionSpacing
        self.placeholderHeight = placeholderHeight
        let height = max(0, rowHeight)
        self.rowHeight = { _ in height }
        fixedRowHeight = height
    }

    public var insertionAxis: ListAxis { .vertical }

    public var contentSize: CGSize {
        guard let lastTop = sectionTops.last, let lastBottoms = bottoms.last else {
            return CGSize(width: width, height: 0)
        }
        return CGSize(width: width, height: lastTop + (lastBottoms.last ?? 0))
    }

    public func prepare(_ rows: ListRows) {
        bottoms = []
        blockBottoms = []
        for section in 0..<rows.numberOfSections {
            let count = rows.numberOfItems(inSection: section)
            let heights = if let fixedRowHeight, rows.placeholders.isEmpty {
                [CGFloat](repeating: fixedRowHeight, count: count)
            } else {
                (0..<count).map { height(of: rows, at: IndexPath(item: $0, section: section)) }
            }
            bottoms.append([])
            blockBottoms.append([])
            rebuild(section: section, heights: heights, from: 0)
        }
        recomputeSectionTops()
    }

    public func apply(_ change: ListChange, to rows: ListRows) {
        guard !change.isReload, bottoms.count == rows.numberOfSections else { return prepare(rows) }
        if change.deletedItems.isEmpty, change.insertedItems.isEmpty, change.reloadedItems.isEmpty,
           change.movedItems.count == 1, let move = change.movedItems.first, move.from.section == move.to.section {
            moveRow(inSection: move.from.section, from: move.from.item, to: move.to.item)
            return
        }
        applyInGeneral(change, to: rows)
    }

    public func frameForItem(at indexPath: IndexPath) -> CGRect? {
        let section = indexPath.section, item = indexPath.item
        guard bottoms.indices.contains(section), bottoms[section].indices.contains(item) else { return nil }
        let top = item == 0 ? 0 : bottoms[section][item - 1]
        return CGRect(x: 0, y: sectionTops[section] + top, width: width, height: bottoms[section][item] - top)
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
        case let row?: fixedRowHeight ?? max(0, rowHeight(row))
        case nil: 0
        }
    }

    /// The heights of a section's rows, from the running totals.
    private func heights(inSection section: Int) -> [CGFloat] {
        var previous: CGFloat = 0
        return bottoms[section].map { bottom in
            defer { previous = bottom }
            return bottom - previous
        }
    }

    /// A reorder within a section: only the rows between the two places
    /// shift, by the moved row's height, and the totals outside that
    /// stretch stay right.
    private func moveRow(inSection section: Int, from source: Int, to destination: Int) {
        guard source != destination else { return }
        let moved = bottoms[section][source] - (source == 0 ? 0 : bottoms[section][source - 1])
        if source < destination {
            for item in source..<destination {
                bottoms[section][item] = bottoms[section][item + 1] - moved
            }
        } else {
            for item in stride(from: source, to: destination, by: -1) {
                bottoms[section][item] = bottoms[section][item - 1] + moved
            }
            bottoms[section][destination] = (destination == 0 ? 0 : bottoms[section][destination - 1]) + moved
        }
        recomputeBlocks(inSection: section, from: min(source, destination), through: max(source, destination))
    }

    /// Deletions and move sources out (by old position), then insertions and
    /// move destinations in (by new position), then reloads re-measured.
    private func applyInGeneral(_ change: ListChange, to rows: ListRows) {
        var leaving: [Int: [Int]] = [:], arriving: [Int: [(item: Int, height: CGFloat?)]] = [:]
        for indexPath in change.deletedItems { leaving[indexPath.section, default: []].append(indexPath.item) }
        for indexPath in change.insertedItems { arriving[indexPath.section, default: []].append((indexPath.item, nil)) }
        for move in change.movedItems {
            leaving[move.from.section, default: []].append(move.from.item)
            let bottom = bottoms[move.from.section][move.from.item]
            let top = move.from.item == 0 ? 0 : bottoms[move.from.section][move.from.item - 1]
            arriving[move.to.section, default: []].append((move.to.item, bottom - top))
        }
        var changedFrom: [Int: Int] = [:]
        var heights: [Int: [CGFloat]] = [:]
        func mark(_ section: Int, _ item: Int) {
            if heights[section] == nil { heights[section] = self.heights(inSection: section) }
            changedFrom[section] = min(changedFrom[section] ?? .max, item)
        }
        // Both passes go through a section's heights once, however many
        // rows leave or arrive (removing or inserting them one at a time
        // shifts the rest each time: a drop of thousands of rows near the
        // top of a long list would move rows billions of times).
        for (section, items) in leaving {
            mark(section, items.min() ?? 0)
            let gone = Set(items)
            var kept: [CGFloat] = []
            kept.reserveCapacity(heights[section]!.count)
            for (item, height) in heights[section]!.enumerated() where !gone.contains(item) { kept.append(height) }
            heights[section] = kept
        }
        for (section, items) in arriving {
            mark(section, items.map(\.item).min() ?? 0)
            let staying = heights[section]!
            var merged: [CGFloat] = []
            merged.reserveCapacity(staying.count + items.count)
            var next = 0
            // Arrivals name their final positions: in ascending order, the
            // rows that stay fill the gaps between them.
            for (item, height) in items.sorted(by: { $0.item < $1.item }) {
                while merged.count < item, next < staying.count {
                    merged.append(staying[next])
                    next += 1
                }
                merged.append(height ?? self.height(of: rows, at: IndexPath(item: item, section: section)))
            }
            merged.append(contentsOf: staying[next...])
            heights[section] = merged
        }
        if !change.reloadedItems.isEmpty {
            // Reloads name rows as they were before the change.
            let shift = IndexPathShift(
                deleted: change.deletedItems, inserted: change.insertedItems, moved: change.movedItems)
            for indexPath in change.reloadedItems {
                guard let now = shift.indexPath(after: indexPath) else { continue }
                mark(now.section, now.item)
                heights[now.section]![now.item] = height(of: rows, at: now)
            }
        }
        for (section, from) in changedFrom {
            rebuild(section: section, heights: heights[section]!, from: from)
        }
        recomputeSectionTops()
    }

    /// Redoes a section's running totals from row `start` on, for rows of
    /// these heights (rows above `start` unchanged), and its blocks.
    private func rebuild(section: Int, heights: [CGFloat], from start: Int) {
        let count = heights.count
        bottoms[section].removeLast(bottoms[section].count - min(start, bottoms[section].count))
        var running = bottoms[section].last ?? 0
        bottoms[section].reserveCapacity(count)
        for item in bottoms[section].count..<count {
            running += heights[item]
            bottoms[section].append(running)
        }
        let blockCount = (count + Self.blockSize - 1) / Self.blockSize
        blockBottoms[section].removeLast(blockBottoms[section].count - min(start / Self.blockSize, blockBottoms[section].count))
        if blockBottoms[section].count < blockCount {
            blockBottoms[section].append(contentsOf: repeatElement(0, count: blockCount - blockBottoms[section].count))
        }
        if count > 0 { recomputeBlocks(inSection: section, from: min(start, count - 1), through: count - 1) }
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
