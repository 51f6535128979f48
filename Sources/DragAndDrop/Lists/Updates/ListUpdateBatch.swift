import Foundation

/// The changes an app tells a ``ListView`` about inside
/// `ListView/performBatchUpdates(_:)`, while it changes its data source.
///
/// Index paths follow UIKit's rules: deletions, reloads and the source of a
/// move name items as they were *before* the batch; insertions and the
/// destination of a move name items as they are *after* it. They are data
/// source index paths: drop placeholders are not counted, and the list keeps
/// each placeholder beside the rows it was placed between.
///
/// ```swift
/// try list.performBatchUpdates { batch in
///     names.insert("Pier", at: IndexPath(item: 0, section: 0))
///     batch.insertItems(at: [IndexPath(item: 0, section: 0)])
/// }
/// ```
public struct ListUpdateBatch: Sendable, Hashable {
    /// Items inserted, by their index path after the batch.
    public private(set) var insertedItems: [IndexPath] = []
    /// Items deleted, by their index path before the batch.
    public private(set) var deletedItems: [IndexPath] = []
    /// Items moved, from their index path before the batch to the one after.
    public private(set) var movedItems: [ListItemMove] = []
    /// Items whose content changed in place, by their index path before the batch.
    public private(set) var reloadedItems: [IndexPath] = []

    /// An empty batch.
    public init() {}

    /// Records items that the data source now holds at these index paths.
    public mutating func insertItems(at indexPaths: [IndexPath]) {
        insertedItems += indexPaths
    }

    /// Records items the data source no longer holds.
    public mutating func deleteItems(at indexPaths: [IndexPath]) {
        deletedItems += indexPaths
    }

    /// Records an item the data source moved.
    public mutating func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        movedItems.append(ListItemMove(from: indexPath, to: newIndexPath))
    }

    /// Records items whose content changed while they kept their place.
    public mutating func reloadItems(at indexPaths: [IndexPath]) {
        reloadedItems += indexPaths
    }

    /// Adds everything `other` recorded.
    mutating func add(_ other: ListUpdateBatch) {
        insertedItems += other.insertedItems
        deletedItems += other.deletedItems
        movedItems += other.movedItems
        reloadedItems += other.reloadedItems
    }

    /// Whether nothing was recorded.
    public var isEmpty: Bool {
        insertedItems.isEmpty && deletedItems.isEmpty && movedItems.isEmpty && reloadedItems.isEmpty
    }
}

/// One item moving from an index path before a change to one after it.
public struct ListItemMove: Sendable, Hashable {
    /// Where the item was before the change.
    public var from: IndexPath
    /// Where the item is after the change.
    public var to: IndexPath

    /// A move from `from` (before the change) to `to` (after it).
    public init(from: IndexPath, to: IndexPath) {
        self.from = from
        self.to = to
    }
}
