import Foundation

/// A list's side of the drags going on: its interactions' delegates, the
/// rows each of its drag sessions carries, and what each drop session over
/// it was last told.
@MainActor
final class ListDragDropState {
    /// A dragged item and the data source index path of its row.
    struct Source {
        let item: DragItem
        var indexPath: IndexPath
    }

    /// The interactions' delegates, held here because interactions hold
    /// their delegates weakly.
    let dragAdapter = ListDragAdapter()
    let dropAdapter = ListDropAdapter()

    /// Rows dragged from this list, per drag session.
    var sources: [DragSessionID: [Source]] = [:]
    /// Drag sessions carrying rows of this list.
    var activeDrags: Set<DragSessionID> = []
    /// Drop sessions over this list.
    var activeDrops: Set<DragSessionID> = []
    /// The last proposal of each drop session over this list.
    var lastProposals: [DragSessionID: ListDropProposal] = [:]

    func record(_ items: [DragItem], at indexPath: IndexPath, in session: DragSession) {
        sources[session.id, default: []] += items.map { Source(item: $0, indexPath: indexPath) }
    }

    /// The row a drop session's item was dragged from, if it is a row of this list.
    func sourceIndexPath(of item: DragItem, in session: DropSession) -> IndexPath? {
        guard let original = item.sourceItem, let rows = sources[session.id] else { return nil }
        return rows.first { $0.item === original }?.indexPath
    }

    /// Keeps dragged rows' index paths current through a batch; a row
    /// deleted meanwhile no longer counts as this list's.
    func shiftSources(by batch: ListUpdateBatch) {
        guard !sources.isEmpty, !(batch.deletedItems.isEmpty && batch.insertedItems.isEmpty
            && batch.movedItems.isEmpty) else { return }
        for (session, rows) in sources {
            sources[session] = rows.compactMap { row in
                IndexPathShift.indexPath(
                    after: batch.deletedItems, batch.insertedItems, batch.movedItems, for: row.indexPath
                ).map { Source(item: row.item, indexPath: $0) }
            }
        }
    }

    func dragEnded(_ session: DragSessionID) {
        sources[session] = nil
        activeDrags.remove(session)
    }

    func dropEnded(_ session: DragSessionID) {
        activeDrops.remove(session)
        lastProposals[session] = nil
    }
}
