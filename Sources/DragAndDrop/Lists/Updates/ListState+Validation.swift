import Foundation

extension ListState {
    /// UIKit's consistency rules for a batch: every index path names an item
    /// (old positions before the batch, new ones after), no item is named by
    /// two changes, and each section's new count equals its old count plus
    /// insertions and moves in, minus deletions and moves out.
    func validate(_ batch: ListUpdateBatch, newCounts: [Int]) throws(ListUpdateError) {
        let oldCounts = itemCounts
        guard newCounts.count == oldCounts.count else {
            throw ListUpdateError(
                .sectionCountMismatch,
                "Invalid batch update: the data source reports \(newCounts.count) sections, but the list "
                    + "has \(oldCounts.count). Batch updates change items only; call reloadData() after adding "
                    + "or removing sections.",
                expectedCount: oldCounts.count, actualCount: newCounts.count)
        }

        let named = batch.deletedItems + batch.reloadedItems + batch.insertedItems
            + batch.movedItems.flatMap { [$0.from, $0.to] }
        if let malformed = named.first(where: { $0.count != 2 }) {
            throw ListUpdateError(
                .indexPathOutOfRange,
                "Invalid batch update: index path \(malformed) is not a section and an item. "
                    + "Use IndexPath(item:section:).",
                indexPath: malformed)
        }

        var touchedBefore = Set<IndexPath>(), touchedAfter = Set<IndexPath>()
        func checkBefore(_ indexPath: IndexPath, _ what: String) throws(ListUpdateError) {
            try Self.checkRange(indexPath, counts: oldCounts, what: what, when: "before")
            guard touchedBefore.insert(indexPath).inserted else {
                throw Self.conflict(indexPath, what: what, when: "before")
            }
        }
        func checkAfter(_ indexPath: IndexPath, _ what: String) throws(ListUpdateError) {
            try Self.checkRange(indexPath, counts: newCounts, what: what, when: "after")
            guard touchedAfter.insert(indexPath).inserted else {
                throw Self.conflict(indexPath, what: what, when: "after")
            }
        }

        for indexPath in batch.deletedItems { try checkBefore(indexPath, "delete") }
        for indexPath in batch.reloadedItems { try checkBefore(indexPath, "reload") }
        for move in batch.movedItems { try checkBefore(move.from, "move from") }

        var inserted = Array(repeating: 0, count: oldCounts.count)
        var deleted = inserted, movedIn = inserted, movedOut = inserted
        for indexPath in batch.deletedItems { deleted[indexPath.section] += 1 }
        for indexPath in batch.insertedItems where oldCounts.indices.contains(indexPath.section) {
            inserted[indexPath.section] += 1
        }
        for move in batch.movedItems {
            movedOut[move.from.section] += 1
            if oldCounts.indices.contains(move.to.section) { movedIn[move.to.section] += 1 }
        }
        for section in oldCounts.indices {
            let expected = oldCounts[section] + inserted[section] - deleted[section]
                + movedIn[section] - movedOut[section]
            guard expected == newCounts[section] else {
                throw ListUpdateError(
                    .itemCountMismatch,
                    "Invalid batch update in section \(section): the data source reports \(newCounts[section]) "
                        + "items after the update, but the list expected \(expected): \(oldCounts[section]) before, "
                        + "\(inserted[section]) inserted, \(deleted[section]) deleted, \(movedIn[section]) moved in, "
                        + "\(movedOut[section]) moved out. Change the data source inside the batch exactly as the "
                        + "insert, delete and move calls say.",
                    section: section, expectedCount: expected, actualCount: newCounts[section])
            }
        }

        for indexPath in batch.insertedItems { try checkAfter(indexPath, "insert") }
        for move in batch.movedItems { try checkAfter(move.to, "move to") }
    }

    private static func checkRange(
        _ indexPath: IndexPath, counts: [Int], what: String, when: String
    ) throws(ListUpdateError) {
        let section = indexPath.section, item = indexPath.item
        guard counts.indices.contains(section) else {
            throw ListUpdateError(
                .indexPathOutOfRange,
                "Invalid batch update: \(what) names section \(section), but the list has \(counts.count) "
                    + "sections.",
                section: section, indexPath: indexPath)
        }
        guard item >= 0, item < counts[section] else {
            throw ListUpdateError(
                .indexPathOutOfRange,
                "Invalid batch update: \(what) names item \(item) of section \(section), but that section "
                    + "holds \(counts[section]) items \(when) the update.",
                section: section, actualCount: counts[section], indexPath: indexPath)
        }
    }

    private static func conflict(_ indexPath: IndexPath, what: String, when: String) -> ListUpdateError {
        ListUpdateError(
            .conflictingUpdates,
            "Invalid batch update: item \(indexPath.item) of section \(indexPath.section) is named by more "
                + "than one change (\(when) the update, the second one being a \(what)). Name each item once.",
            section: indexPath.section, indexPath: indexPath)
    }
}
