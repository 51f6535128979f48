import Foundation

/// A list's side of the drags going on: its interactions' delegates, the
/// rows each of its drag sessions carries, and what each drop session over
/// it was last told.
@MainActor
final class ListDragDropState {
    /// Dragged items and the data source index path of the row they come
    /// from: one for each time the delegate gave items, however many (a
    /// lift of the whole selection gives them all for the lifted row).
    struct Source {
        let items: DragItemList
        var indexPath: IndexPath
    }

    /// The interactions' delegates, held here because interactions hold
    /// their delegates weakly.
    let dragAdapter = ListDragAdapter()
    let dropAdapter = ListDropAdapter()

    /// Rows dragged from this list, per drag session carrying any. A session
    /// stays here until it ends, even when all its rows were deleted
    /// meanwhile: the list is still the source of a running drag.
    private(set) var sources: [DragSessionID: [Source]] = [:]
    /// Drop sessions over this list (entered and not yet left or ended).
    private(set) var activeDrops: Set<DragSessionID> = []
    /// The last proposal of each drop session over this list.
    private(set) var lastProposals: [DragSessionID: ListDropProposal] = [:]

    /// Whether a drag carries rows of this list.
    var hasActiveDrag: Bool { !sources.isEmpty }

    /// Remembers the rows `items` come from; none means no drag, so nothing
    /// is kept.
    func record(_ items: [DragItem], at indexPath: IndexPath, in session: DragSession) {
        record(DragItemList(items), at: indexPath, in: session)
    }

    func record(_ items: DragItemList, at indexPath: IndexPath, in session: DragSession) {
        guard !items.isEmpty else { return }
        sources[session.id, default: []].append(Source(items: items, indexPath: indexPath))
    }

    /// The row a drop session's item was dragged from, if it is a row of this list.
    func sourceIndexPath(of item: DragItem, in session: DropSession) -> IndexPath? {
        guard let original = item.sourceItem, let rows = sources[session.id] else { return nil }
        return rows.first { $0.items.containsMade(original) }?.indexPath
    }

    /// Keeps dragged rows' index paths current through a batch; a row
    /// deleted meanwhile no longer counts as this list's.
    func shiftSources(by batch: ListUpdateBatch) {
        guard !sources.isEmpty, !(batch.deletedItems.isEmpty && batch.insertedItems.isEmpty
            && batch.movedItems.isEmpty) else { return }
        let shift = IndexPathShift(
            deleted: batch.deletedItems, inserted: batch.insertedItems, moved: batch.movedItems)
        for (session, rows) in sources {
            sources[session] = rows.compactMap { row in
                shift.indexPath(after: row.indexPath).map { Source(items: row.items, indexPath: $0) }
            }
        }
    }

    func dragEnded(_ session: DragSessionID) {
        sources[session] = nil
    }

    func dropEntered(_ session: DragSessionID) {
        activeDrops.insert(session)
    }

    func dropUpdated(_ session: DragSessionID, with proposal: ListDropProposal) {
        lastProposals[session] = proposal
    }

    /// The drop session left the list or ended: a drag coming back starts
    /// afresh, as it does on entering for the first time.
    func dropLeft(_ session: DragSessionID) {
        activeDrops.remove(session)
        lastProposals[session] = nil
    }
}
