import Foundation

/// Where positions of a list end up after a batch of deletions, insertions
/// and moves: the one rule that carries dragged rows' index paths, drop
/// placeholders and re-measured rows through a change.
///
/// Deletions and move sources name positions before the batch; insertions
/// and move destinations name positions after it (UIKit's rule).
struct IndexPathShift {
    private let deleted: Set<IndexPath>
    private let moves: [IndexPath: IndexPath]
    /// Per section, the positions rows left (before the batch).
    private let leaving: [Int: [Int]]
    /// Per section, the positions rows arrived at (after the batch), ascending.
    private let arriving: [Int: [Int]]

    init(deleted: [IndexPath], inserted: [IndexPath], moved: [ListItemMove]) {
        self.deleted = Set(deleted)
        moves = Dictionary(moved.map { ($0.from, $0.to) }, uniquingKeysWith: { first, _ in first })
        var leaving: [Int: [Int]] = [:], arriving: [Int: [Int]] = [:]
        for indexPath in deleted { leaving[indexPath.section, default: []].append(indexPath.item) }
        for indexPath in inserted { arriving[indexPath.section, default: []].append(indexPath.item) }
        for move in moved {
            leaving[move.from.section, default: []].append(move.from.item)
            arriving[move.to.section, default: []].append(move.to.item)
        }
        self.leaving = leaving
        self.arriving = arriving.mapValues { $0.sorted() }
    }

    /// Where the item that was at `old` is after the batch: nil if it was
    /// deleted, its destination if it was moved, otherwise shifted like a
    /// position between rows.
    func indexPath(after old: IndexPath) -> IndexPath? {
        if deleted.contains(old) { return nil }
        if let destination = moves[old] { return destination }
        return IndexPath(item: position(after: old.item, inSection: old.section), section: old.section)
    }

    /// Where `position` of `section` is after the batch: moved up past the
    /// rows that left above it, then down past the rows that arrived at or
    /// above its new place.
    func position(after position: Int, inSection section: Int) -> Int {
        var result = position - (leaving[section]?.count { $0 < position } ?? 0)
        for arrival in arriving[section] ?? [] where arrival <= result { result += 1 }
        return result
    }
}
