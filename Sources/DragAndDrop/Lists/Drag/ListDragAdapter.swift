import Foundation

/// The list's drag interaction delegate: turns lift points into rows and
/// hands the list's drag delegate the rows' index paths.
@MainActor
final class ListDragAdapter: DragInteractionDelegate {
    weak var list: ListView?

    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
        guard let list, let delegate = list.dragDelegate,
              let indexPath = list.itemIndexPath(at: session.location(in: list.node)) else { return [] }
        let items = delegate.list(list, itemsForBeginning: session, at: indexPath)
        list.dragDrop.record(items, at: indexPath, in: session)
        return items
    }

    func dragInteraction(
        _ interaction: DragInteraction, itemsForAddingTo session: DragSession, withTouchAt point: CGPoint
    ) -> [DragItem] {
        guard let list, let delegate = list.dragDelegate,
              let indexPath = list.itemIndexPath(at: point) else { return [] }
        let items = delegate.list(list, itemsForAddingTo: session, at: indexPath, point: point)
        if !items.isEmpty {
            list.dragDrop.record(items, at: indexPath, in: session)
            list.dragDrop.activeDrags.insert(session.id)
        }
        return items
    }

    func dragInteraction(_ interaction: DragInteraction, sessionAllowsMoveOperation session: DragSession) -> Bool {
        guard let list, let delegate = list.dragDelegate else { return true }
        return delegate.list(list, dragSessionAllowsMoveOperation: session)
    }

    func dragInteraction(
        _ interaction: DragInteraction, sessionIsRestrictedToDraggingApplication session: DragSession
    ) -> Bool {
        guard let list, let delegate = list.dragDelegate else { return false }
        return delegate.list(list, dragSessionIsRestrictedToDraggingApplication: session)
    }

    func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession) {
        guard let list else { return }
        list.dragDrop.activeDrags.insert(session.id)
        list.dragDelegate?.list(list, dragSessionWillBegin: session)
    }

    func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {
        guard let list else { return }
        // Forget the drag first, so a delegate cleaning up sees no active
        // drag and the dragged items are released whatever it does.
        list.dragDrop.dragEnded(session.id)
        list.dragDelegate?.list(list, dragSessionDidEnd: session)
    }
}
