import DragAndDrop
import Foundation
import ItemProviders

/// What a drag from a lane carries in its session's local context: where it
/// started, whether a drop committed it, and whether that drop was a reorder.
@MainActor
final class LaneDragContext {
    let sourceIndexPath: IndexPath
    var dropCommitted = false
    var wasReorder = false

    init(sourceIndexPath: IndexPath) {
        self.sourceIndexPath = sourceIndexPath
    }
}

/// A lane of the geocache Kanban board: its rows drag out as text with the
/// cache as local object; drops from other apps are copied (through a
/// placeholder while the text loads), drops from this app are moved, and a
/// move to another lane deletes the cache here once that drop committed.
@MainActor
final class CacheLane: ListDragDelegate, ListDropDelegate {
    let caches: ListItems<Geocache>
    let list: ListView
    /// The operation proposed for a single item from this app (move, or copy
    /// to exercise the local-object path).
    var localOperation: DropOperation = .move
    /// The list's state right after each placeholder went in.
    private(set) var placeholderSnapshots: [(rows: Int, uncommitted: Bool, cellTitle: String)] = []
    private(set) var loadErrors: [any Error] = []
    /// How often a dragged row's text was produced for a destination.
    let exports = LoadCounter()
    private let loads = PendingLoads()

    init(name: String, x: CGFloat, caches: [Geocache], in window: ViewNode) {
        self.caches = ListItems(caches)
        list = ListView(
            name: name, frame: CGRect(x: x, y: 0, width: 200, height: 600),
            dataSource: self.caches, layout: ListRowLayout(width: 200) { _ in 44 })
        list.dragDelegate = self
        list.dropDelegate = self
        window.addChild(list.node)
    }

    var names: [String] { caches.items.map(\.name) }

    /// Waits for the loads that drops started.
    func finishLoads() async {
        await loads.finish()
    }

    // MARK: - Drag

    func list(_ list: ListView, itemsForBeginning session: DragSession, at indexPath: IndexPath) -> [DragItem] {
        let cache = caches[indexPath]
        let item = DragItem(itemProvider: textProvider(cache.name, counter: exports))
        item.localObject = cache
        session.localContext = LaneDragContext(sourceIndexPath: indexPath)
        return [item]
    }

    func list(
        _ list: ListView, itemsForAddingTo session: DragSession, at indexPath: IndexPath, point: CGPoint
    ) -> [DragItem] {
        let item = DragItem(itemProvider: textProvider(caches[indexPath].name, counter: exports))
        item.localObject = caches[indexPath]
        return [item]
    }

    func list(_ list: ListView, dragSessionDidEnd session: DragSession) {
        guard let coordinator = session.localContext as? LaneDragContext,
              coordinator.dropCommitted, !coordinator.wasReorder else { return }
        try? list.performBatchUpdates { batch in
            caches.remove(at: coordinator.sourceIndexPath)
            batch.deleteItems(at: [coordinator.sourceIndexPath])
        }
    }

    // MARK: - Drop

    func list(
        _ list: ListView, dropSessionDidUpdate session: DropSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> ListDropProposal {
        guard session.localDragSession != nil else { return .copyAt }
        guard session.items.count == 1 else { return .cancel }
        return ListDropProposal(operation: localOperation, intent: .insertAtDestinationIndexPath)
    }

    func list(_ list: ListView, performDropWith coordinator: ListDropCoordinator) {
        let destination = coordinator.destinationIndexPath ?? at(caches.items.count)
        let item = coordinator.items[0]
        switch coordinator.proposal.operation {
        case .move:
            guard let drag = coordinator.session.localDragSession?.localContext as? LaneDragContext else { return }
            if let source = item.sourceIndexPath {
                drag.wasReorder = true
                try? list.performBatchUpdates { batch in
                    caches.moveItem(at: source, to: destination)
                    batch.moveItem(at: source, to: destination)
                }
            } else if let cache = item.dragItem.localObject as? Geocache {
                drag.wasReorder = false
                try? list.performBatchUpdates { batch in
                    caches.insert(cache, at: destination)
                    batch.insertItems(at: [destination])
                }
            }
            drag.dropCommitted = true
            coordinator.drop(item.dragItem, toItemAt: destination)
        case .copy:
            if let cache = item.dragItem.localObject as? Geocache {
                try? list.performBatchUpdates { batch in
                    caches.insert(cache, at: destination)
                    batch.insertItems(at: [destination])
                }
                coordinator.drop(item.dragItem, toItemAt: destination)
            } else {
                copyThroughPlaceholder(item.dragItem, at: destination, coordinator: coordinator)
            }
        default:
            return
        }
    }

    private func copyThroughPlaceholder(_ dragItem: DragItem, at destination: IndexPath, coordinator: ListDropCoordinator) {
        let placeholder = DropPlaceholder(insertionIndexPath: destination, reuseIdentifier: "CacheCell")
        placeholder.cellUpdateHandler = { cell in (cell as? TestCell)?.title = "Loading…" }
        guard let context = try? coordinator.drop(dragItem, to: placeholder) else { return }
        let cell = TestCell()
        if let shown = list.row(at: context.presentedIndexPath ?? destination)?.placeholder { shown.updateCell(cell) }
        placeholderSnapshots.append((list.numberOfItems(inSection: 0), list.hasUncommittedUpdates, cell.title))
        let provider = dragItem.itemProvider
        loads.start {
            do {
                let name = try await provider.loadObject(ofClass: String.self)
                try context.commitInsertion { indexPath in
                    self.caches.insert(Geocache(name: name), at: indexPath)
                }
            } catch {
                self.loadErrors.append(error)
                context.deletePlaceholder()
            }
        }
    }
}
