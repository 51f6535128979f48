import Foundation

/// The list's drag interaction delegate: turns lift points into rows and
/// hands the list's drag delegate the rows' index paths.
@MainActor
final class ListDragAdapter: DragInteractionDelegate {
    weak var list: ListView?

    func dragInteraction(_ interaction: DragInteraction, itemListForBeginning session: DragSession) -> DragItemList? {
        guard let list, let delegate = list.dragDelegate,
              let indexPath = list.itemIndexPath(at: session.location(in: list.node)),
              let items = delegate.list(list, itemListForBeginning: session, at: indexPath) else { return nil }
        list.report(.itemsForBeginning(indexPath, count: items.count), for: session.state)
        list.dragDrop.record(items, at: indexPath, in: session)
        return items
    }

    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
        guard let list, let delegate = list.dragDelegate,
              let indexPath = list.itemIndexPath(at: session.location(in: list.node)) else { return [] }
        let items = delegate.list(list, itemsForBeginning: session, at: indexPath)
        list.report(.itemsForBeginning(indexPath, count: items.count), for: session.state)
        list.dragDrop.record(items, at: indexPath, in: session)
        guard !items.isEmpty, list.dragsSelection, list.selection.indexPaths.contains(indexPath),
              list.selection.indexPaths.count > 1 else { return items }
        return itemsForSelection(of: list, lifted: indexPath, liftedItems: items, delegate: delegate, session: session)
    }

    /// Lifting a selected row lifts the whole selection: the delegate is
    /// asked for each other selected row as UIKit asks when a touch adds a
    /// row to a drag (`itemsForAddingTo`), so one delegate serves both.
    /// The items follow the list's order, so a drop elsewhere keeps it.
    private func itemsForSelection(
        of list: ListView, lifted: IndexPath, liftedItems: [DragItem], delegate: any ListDragDelegate, session: DragSession
    ) -> [DragItem] {
        var all: [DragItem] = []
        for indexPath in list.indexPathsForSelectedItems {
            if indexPath == lifted {
                all += liftedItems
                continue
            }
            let point = list.frameForItem(at: list.presentedIndexPath(forItemAt: indexPath)).map {
                CGPoint(x: $0.midX, y: $0.midY)
            } ?? .zero
            let items = delegate.list(list, itemsForAddingTo: session, at: indexPath, point: point)
            list.report(.itemsForAdding(indexPath, count: items.count), for: session.state)
            list.dragDrop.record(items, at: indexPath, in: session)
            all += items
        }
        return all
    }

    func dragInteraction(
        _ interaction: DragInteraction, itemsForAddingTo session: DragSession, withTouchAt point: CGPoint
    ) -> [DragItem] {
        guard let list, let delegate = list.dragDelegate,
              let indexPath = list.itemIndexPath(at: point) else { return [] }
        let items = delegate.list(list, itemsForAddingTo: session, at: indexPath, point: point)
        list.report(.itemsForAdding(indexPath, count: items.count), for: session.state)
        list.dragDrop.record(items, at: indexPath, in: session)
        return items
    }

    func dragInteraction(_ interaction: DragInteraction, sessionAllowsMoveOperation session: DragSession) -> Bool {
        guard let list, let delegate = list.dragDelegate else { return true }
        let allows = delegate.list(list, dragSessionAllowsMoveOperation: session)
        list.report(.dragSessionAllowsMoveOperation(allows), for: session.state)
        return allows
    }

    func dragInteraction(
        _ interaction: DragInteraction, sessionIsRestrictedToDraggingApplication session: DragSession
    ) -> Bool {
        guard let list, let delegate = list.dragDelegate else { return false }
        let restricted = delegate.list(list, dragSessionIsRestrictedToDraggingApplication: session)
        list.report(.dragSessionIsRestrictedToDraggingApplication(restricted), for: session.state)
        return restricted
    }

    func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession) {
        guard let list, let delegate = list.dragDelegate else { return }
        delegate.list(list, dragSessionWillBegin: session)
        list.report(.dragSessionWillBegin, for: session.state)
    }

    func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {
        guard let list else { return }
        // Forget the drag first, so a delegate cleaning up sees no active
        // drag and the dragged items are released whatever it does.
        list.dragDrop.dragEnded(session.id)
        guard let delegate = list.dragDelegate else { return }
        delegate.list(list, dragSessionDidEnd: session)
        list.report(.dragSessionDidEnd, for: session.state)
    }
}
