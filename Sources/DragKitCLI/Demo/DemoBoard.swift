import DragAndDrop
import Foundation
import ItemProviders

/// A two-lane Kanban board of geocache names, built on the list layer the
/// way the CacheMaker seed app is: rows drag out as text with the name as
/// local object, drops from this process move (reorder within a lane, or
/// move to the other lane and delete at the source when the drag ends), and
/// drops from other processes copy through a "Loading…" placeholder.
@MainActor
final class DemoBoard {
    let window = ViewNode(name: "board", frame: CGRect(x: 0, y: 0, width: 440, height: 400))
    let lanes: [DemoLane]

    init(inProgress: [String], completed: [String]) {
        lanes = [
            DemoLane(name: "In progress", x: 0, names: inProgress),
            DemoLane(name: "Completed", x: 240, names: completed),
        ]
        for lane in lanes { window.addChild(lane.list.node) }
    }

    /// A point near the top of row `row` of `lane`, in window coordinates:
    /// dropping there inserts before that row.
    func point(lane: Int, row: Int) -> CGPoint {
        let list = lanes[lane].list
        guard let frame = list.frameForItem(at: IndexPath(item: row, section: 0)) else {
            preconditionFailure("the demo script names row \(row) of a lane that has fewer rows")
        }
        return list.node.convert(CGPoint(x: frame.midX, y: frame.minY + 4), to: window)
    }

    func name(lane: Int, row: Int) -> String {
        lanes[lane].rows.items[row]
    }

    var rendering: String {
        lanes.map { "  \($0.list.node.name ?? ""): \($0.rows.items.joined(separator: ", "))" }
            .joined(separator: "\n")
    }
}

/// Where a drag from a lane started, and what its drop did: the source
/// deletes the row at session end only for a committed move to another lane.
@MainActor
final class LaneDragRecord {
    let source: IndexPath
    var committedToOtherLane = false
    init(source: IndexPath) { self.source = source }
}

@MainActor
final class DemoLane: ListDragDelegate, ListDropDelegate {
    let rows: ListItems<String>
    let list: ListView
    private(set) var pendingLoads: [Task<Void, Never>] = []

    init(name: String, x: CGFloat, names: [String]) {
        rows = ListItems(names)
        list = ListView(name: name, frame: CGRect(x: x, y: 0, width: 200, height: 400),
                        dataSource: rows, layout: ListRowLayout(width: 200) { _ in 40 })
        list.dragDelegate = self
        list.dropDelegate = self
    }

    func list(_ list: ListView, itemsForBeginning session: DragSession, at indexPath: IndexPath) -> [DragItem] {
        let item = DragItem(itemProvider: ItemProvider(object: rows[indexPath]))
        item.localObject = rows[indexPath]
        session.localContext = LaneDragRecord(source: indexPath)
        return [item]
    }

    func list(_ list: ListView, dragSessionDidEnd session: DragSession) {
        guard let record = session.localContext as? LaneDragRecord, record.committedToOtherLane else { return }
        try? list.performBatchUpdates { batch in
            _ = rows.remove(at: record.source)
            batch.deleteItems(at: [record.source])
        }
    }

    func list(_ list: ListView, canHandle session: DropSession) -> Bool {
        session.canLoadObjects(ofClass: String.self)
    }

    func list(_ list: ListView, dropSessionDidUpdate session: DropSession,
              withDestinationIndexPath destinationIndexPath: IndexPath?) -> ListDropProposal {
        guard session.localDragSession != nil else {
            return ListDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
        }
        guard session.items.count == 1 else { return ListDropProposal(operation: .cancel) }
        return ListDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
    }

    func list(_ list: ListView, performDropWith coordinator: ListDropCoordinator) {
        let destination = coordinator.destinationIndexPath ?? IndexPath(item: rows.items.count, section: 0)
        guard let item = coordinator.items.first else { return }
        if coordinator.proposal.operation == .move {
            moveLocally(item, to: destination, coordinator: coordinator)
        } else {
            copyThroughPlaceholder(item.dragItem, at: destination, coordinator: coordinator)
        }
    }

    private func moveLocally(_ item: ListDropItem, to destination: IndexPath, coordinator: ListDropCoordinator) {
        guard let record = coordinator.session.localDragSession?.localContext as? LaneDragRecord else { return }
        if let source = item.sourceIndexPath {
            try? list.performBatchUpdates { batch in
                rows.moveItem(at: source, to: destination)
                batch.moveItem(at: source, to: destination)
            }
        } else if let name = item.dragItem.localObject as? String {
            try? list.performBatchUpdates { batch in
                rows.insert(name, at: destination)
                batch.insertItems(at: [destination])
            }
            record.committedToOtherLane = true
        }
        coordinator.drop(item.dragItem, toItemAt: destination)
    }

    private func copyThroughPlaceholder(_ dragItem: DragItem, at destination: IndexPath,
                                        coordinator: ListDropCoordinator) {
        let placeholder = DropPlaceholder(insertionIndexPath: destination, reuseIdentifier: "cache")
        guard let context = try? coordinator.drop(dragItem, to: placeholder) else { return }
        let provider = dragItem.itemProvider
        pendingLoads.append(Task { @MainActor in
            do {
                let name = try await provider.loadObject(ofClass: String.self)
                try context.commitInsertion { indexPath in self.rows.insert(name, at: indexPath) }
            } catch {
                context.deletePlaceholder()
            }
        })
    }

    func finishLoads() async {
        while !pendingLoads.isEmpty { await pendingLoads.removeFirst().value }
    }
}
