import Foundation

/// A placeholder row a list shows for a dropped item whose data is still
/// loading (`UICollectionViewDropPlaceholderContext`): commit it once the
/// item is in hand, or delete it when loading failed.
///
/// The placeholder keeps its place among the rows around it while other
/// updates happen, so ``commitInsertion(dataSourceUpdates:)`` hands the data
/// source the index path where the placeholder is *now*.
@MainActor
public final class PlaceholderContext {
    /// The dropped item the placeholder stands for.
    public let dragItem: DragItem
    /// The placeholder shown.
    public let placeholder: DropPlaceholder

    private weak var list: ListView?
    let id: Int

    init(list: ListView, id: Int, dragItem: DragItem, placeholder: DropPlaceholder) {
        self.list = list
        self.id = id
        self.dragItem = dragItem
        self.placeholder = placeholder
    }

    /// Whether the placeholder is still showing (not committed, deleted, or
    /// discarded by ``ListView/reloadData()``).
    public var isActive: Bool { list?.placeholders[id] != nil }

    /// Where the data source should insert the item for it to appear where
    /// the placeholder is now, or nil when the placeholder is gone.
    public var insertionIndexPath: IndexPath? {
        guard isActive, let slot = list?.state.slot(id: id) else { return nil }
        return IndexPath(item: slot.anchor, section: slot.section)
    }

    /// The placeholder's row as the list presents it, or nil when it is gone.
    public var presentedIndexPath: IndexPath? {
        guard isActive else { return nil }
        return list?.state.presentedIndexPath(ofPlaceholder: id)
    }

    /// Replaces the placeholder with the real item: `dataSourceUpdates`
    /// inserts exactly one item into the data source at the index path it
    /// is given (where the placeholder is now), and the list swaps the rows.
    ///
    /// - Throws: ``ListUpdateError``: `placeholderNotActive` when the
    ///   placeholder is gone (the closure is not called); `itemCountMismatch`
    ///   when the data source did not grow by exactly one item in that
    ///   section. Then the placeholder stays, so the app can retry or delete it.
    public func commitInsertion(dataSourceUpdates: (IndexPath) -> Void) throws(ListUpdateError) {
        guard let list, let indexPath = insertionIndexPath else {
            throw ListUpdateError(
                .placeholderNotActive,
                "This placeholder was already committed or deleted, or the list discarded it in reloadData(); "
                    + "insert the item with performBatchUpdates instead.")
        }
        dataSourceUpdates(indexPath)
        var batch = ListUpdateBatch()
        batch.insertItems(at: [indexPath])
        try list.apply(batch, removingPlaceholders: [id])
        list.placeholders[id] = nil
    }

    /// Removes the placeholder without inserting anything (loading failed).
    /// Returns false when it was already gone.
    @discardableResult
    public func deletePlaceholder() -> Bool {
        guard let list, isActive else { return false }
        list.removePlaceholder(id)
        return true
    }

    /// Asks the toolkit to fill in the placeholder's cell again, for example
    /// to show loading progress.
    public func setNeedsCellUpdate() {
        guard let list, let indexPath = presentedIndexPath else { return }
        list.onEvent?(.placeholderNeedsCellUpdate(placeholder, indexPath))
    }
}
