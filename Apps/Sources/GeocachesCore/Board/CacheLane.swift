import DragAndDrop
import Foundation
import ItemProviders

/// One lane of the board: its list model and its drag and drop, as the
/// seed's collection view delegates have it.
///
/// - A row drags out as a geocache (geocache JSON, PNG when it has a
///   picture, plain text name) with the geocache itself as local object.
/// - One item from this app is moved: reordered within the lane, or moved
///   from another lane (the row is rewritten in the store at the drop; the
///   source lane lets go when the drag ends, only if the drop committed).
/// - One item from another app is copied at the drop row (or the end)
///   through a "Loading…" placeholder that becomes the geocache when its
///   data arrives, or goes away when it does not.
/// - Several items at once are refused.
@MainActor
public final class CacheLane: ListDragDelegate, ListDropDelegate {
    public let lane: Lane
    /// The lane's geocaches: the list's data source.
    public let items: LaneItems
    /// The list model a toolkit shows.
    public let list: ListView
    let store: GeocacheStore
    /// The board that shows this lane's refusals and failures.
    weak var board: CacheBoard?
    private var loads: [Task<Void, Never>] = []

    /// What a placeholder row shows while its geocache loads.
    public static let loadingText = "Loading…"

    init(lane: Lane, order: LaneOrder, store: GeocacheStore, frame: CGRect, rowHeight: CGFloat) {
        self.lane = lane
        self.store = store
        items = LaneItems(lane: lane, order: order) { ids throws(GeocacheError) in try store.geocaches(ids: ids) }
        list = ListView(name: lane.rawValue, frame: frame, dataSource: items,
                        layout: ListRowLayout(width: frame.width, rowHeight: rowHeight))
        list.dragDelegate = self
        list.dropDelegate = self
    }

    /// The lane's geocaches, in order.
    public var geocaches: [Geocache] { items.geocaches }

    /// Waits for the loads that drops from other apps started (tests, and
    /// an app that wants to quit cleanly).
    public func finishLoads() async {
        while !loads.isEmpty { await loads.removeFirst().value }
    }

    // MARK: - Drag

    public func list(_ list: ListView, itemsForBeginning session: DragSession, at indexPath: IndexPath) -> [DragItem] {
        let geocache = items.rows[indexPath.item].geocache
        guard let id = geocache.id else { return [] }
        session.localContext = LaneDrag(sourceLane: lane, geocacheID: id)
        return [dragItem(for: geocache)]
    }

    /// Adding rows to a drag is allowed, so a person can gather several;
    /// every lane refuses a drop of more than one.
    public func list(
        _ list: ListView, itemsForAddingTo session: DragSession, at indexPath: IndexPath, point: CGPoint
    ) -> [DragItem] {
        [dragItem(for: items.rows[indexPath.item].geocache)]
    }

    /// A row's geocache as a drag item, with the geocache itself as local
    /// object so a lane of this app takes it without loading.
    private func dragItem(for geocache: Geocache) -> DragItem {
        let item = DragItem(itemProvider: ItemProvider(object: geocache))
        item.localObject = geocache
        return item
    }

    public func list(_ list: ListView, dragSessionDidEnd session: DragSession) {
        guard let drag = session.localContext as? LaneDrag, drag.sourceLane == lane,
              let committed = drag.committedLane, committed != lane,
              let index = items.index(of: drag.geocacheID) else { return }
        // The store already has the geocache in its new lane (one row
        // rewritten at the drop); only this lane's copy of it goes.
        removeRow(at: index)
    }

    // MARK: - Drop

    public func list(_ list: ListView, canHandle session: DropSession) -> Bool {
        session.canLoadObjects(ofClass: Geocache.self)
    }

    public func list(
        _ list: ListView, dropSessionDidUpdate session: DropSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> ListDropProposal {
        guard session.items.count == 1 else { return ListDropProposal(operation: .cancel) }
        let operation: DropOperation = session.localDragSession == nil ? .copy : .move
        return ListDropProposal(operation: operation, intent: .insertAtDestinationIndexPath)
    }

    public func list(_ list: ListView, performDropWith coordinator: ListDropCoordinator) {
        guard coordinator.items.count == 1, let item = coordinator.items.first else {
            board?.report(GeocacheError(.tooManyItems, "Drop one geocache at a time; \(coordinator.items.count) were dropped."))
            return
        }
        let destination = min(coordinator.destinationIndexPath?.item ?? items.rows.count, items.rows.count)
        switch coordinator.proposal.operation {
        case .move:
            moveLocal(item, to: destination, coordinator: coordinator)
        case .copy:
            copyThroughPlaceholder(item.dragItem, at: destination, coordinator: coordinator)
        default:
            return
        }
    }

    // MARK: - Moves within the app

    private func moveLocal(_ item: ListDropItem, to destination: Int, coordinator: ListDropCoordinator) {
        guard let drag = coordinator.session.localDragSession?.localContext as? LaneDrag,
              let geocache = item.dragItem.localObject as? Geocache else { return }
        // Within the lane, the destination counts rows as they are after the
        // move, so the last place is the last row.
        let target = item.sourceIndexPath == nil ? destination : min(destination, items.rows.count - 1)
        // Where the card was, for the undo: the drag's lane still shows it.
        let from = board?.location(of: geocache.id)
        do {
            if let source = item.sourceIndexPath {
                try reorder(from: source.item, to: target)
            } else {
                try insertMoved(geocache, at: target)
            }
        } catch {
            board?.report(error)
            return
        }
        drag.committedLane = lane
        coordinator.drop(item.dragItem, toItemAt: IndexPath(item: target, section: 0))
        if let from, from != BoardSelection(lane: lane, index: target) {
            board?.registerMove(id: geocache.id, name: geocache.name, from: from, to: BoardSelection(lane: lane, index: target))
        }
    }

    /// Moves a row within the lane: one row written.
    func reorder(from source: Int, to destination: Int) throws(GeocacheError) {
        guard source != destination else { return }
        let id = items.ids[source]
        let position = try position(forInsertingAt: destination, without: source)
        try store.move(id: id, to: lane, position: position)
        try? list.performBatchUpdates { batch in
            items.move(from: source, to: destination, position: position)
            batch.moveItem(at: IndexPath(item: source, section: 0), to: IndexPath(item: destination, section: 0))
        }
    }

    /// Puts a geocache from another lane here: its row is rewritten with
    /// this lane and the new position; the other lane still shows it until
    /// the drag ends.
    func insertMoved(_ geocache: Geocache, at destination: Int) throws(GeocacheError) {
        guard let id = geocache.id else { return }
        let position = try position(forInsertingAt: destination, without: nil)
        try store.move(id: id, to: lane, position: position)
        insertRow(StoredGeocache(geocache: geocache, lane: lane, position: position), at: destination)
    }

    /// Shows `row` (already stored) at `index`.
    func insertRow(_ row: StoredGeocache, at index: Int) {
        try? list.performBatchUpdates { batch in
            items.insert(row, at: index)
            batch.insertItems(at: [IndexPath(item: index, section: 0)])
        }
    }

    /// Takes the row at `index` off the lane (the store already agrees).
    func removeRow(at index: Int) {
        try? list.performBatchUpdates { batch in
            items.remove(at: index)
            batch.deleteItems(at: [IndexPath(item: index, section: 0)])
        }
    }

    // MARK: - Copies from other apps

    private func copyThroughPlaceholder(_ dragItem: DragItem, at destination: Int, coordinator: ListDropCoordinator) {
        let placeholder = DropPlaceholder(insertionIndexPath: IndexPath(item: destination, section: 0),
                                          reuseIdentifier: "GeocacheCell")
        placeholder.cellUpdateHandler = { cell in (cell as? any TextCell)?.text = Self.loadingText }
        let context: PlaceholderContext
        do {
            context = try coordinator.drop(dragItem, to: placeholder)
        } catch {
            board?.report(GeocacheError(.loadFailed, "The drop could not be placed in \(lane.title): \(error)"))
            return
        }
        let provider = dragItem.itemProvider
        loads.append(Task { @MainActor in
            let geocache: Geocache
            do {
                geocache = try await provider.loadObject(ofClass: Geocache.self)
            } catch {
                context.deletePlaceholder()
                self.board?.report(Self.loadError(error))
                return
            }
            self.commit(geocache, replacing: context)
        })
    }

    /// Stores the loaded geocache where the placeholder is now and swaps
    /// the placeholder for it; a store failure removes the placeholder and
    /// leaves the lane as it was.
    private func commit(_ geocache: Geocache, replacing context: PlaceholderContext) {
        var failure: GeocacheError?
        var added: Geocache?
        do {
            try context.commitInsertion { indexPath in
                do throws(GeocacheError) {
                    let position = try position(forInsertingAt: indexPath.item, without: nil)
                    let stored = try store.insert(geocache.detached, in: lane, position: position)
                    items.insert(StoredGeocache(geocache: stored, lane: lane, position: position), at: indexPath.item)
                    added = stored
                } catch {
                    failure = error
                }
            }
        } catch {
            context.deletePlaceholder()
        }
        if let failure { board?.report(failure) }
        if let added { board?.registerRemovable(added, name: "Drop “\(added.name)”") }
    }

    private static func loadError(_ error: any Error) -> GeocacheError {
        if let error = error as? GeocacheError { return error }
        if let error = error as? ItemProviderError, let underlying = error.underlyingError as? GeocacheError {
            return underlying
        }
        return GeocacheError(.loadFailed, "The dropped geocache did not arrive: \(error). Nothing was added; try the drag again.")
    }

    // MARK: - Positions

    /// The position for a row going in at `index` of the lane as it is
    /// without the row at `excluded` (the row being moved, if it is in this
    /// lane). Renumbers the lane first when the gap there is used up.
    func position(forInsertingAt index: Int, without excluded: Int?) throws(GeocacheError) -> Double {
        // Neighbours are read in place, skipping `excluded`, so finding a
        // position costs the same in a lane of ten rows or ten thousand.
        func position(at row: Int) -> Double? {
            guard row >= 0 else { return nil }
            let actual = excluded.map { row >= $0 ? row + 1 : row } ?? row
            return actual < items.positions.count ? items.positions[actual] : nil
        }
        func neighbours() -> (Double?, Double?) { (position(at: index - 1), position(at: index)) }
        let (before, after) = neighbours()
        if let position = LanePosition.between(before, after) { return position }
        let positions = try store.renumber(ids: items.ids)
        items.setPositions(positions)
        let (renumberedBefore, renumberedAfter) = neighbours()
        guard let position = LanePosition.between(renumberedBefore, renumberedAfter) else {
            throw GeocacheError(.storeFailed, "The lane \(lane.title) could not make room for the geocache.")
        }
        return position
    }
}
