import Foundation

/// The list's drop interaction delegate: turns drag locations into
/// destination index paths and hover feedback, and drops into a
/// ``ListDropCoordinator`` for the list's drop delegate.
@MainActor
final class ListDropAdapter: DropInteractionDelegate {
    weak var list: ListView?

    func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
        guard let list, let delegate = list.dropDelegate else { return false }
        return delegate.list(list, canHandle: session)
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) {
        guard let list else { return }
        list.dragDrop.activeDrops.insert(session.id)
        list.dropDelegate?.list(list, dropSessionDidEnter: session)
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        guard let list else { return .cancel }
        let previous = list.dragDrop.lastProposals[session.id]?.intent ?? .insertAtDestinationIndexPath
        let asked = list.dropTargeting(for: session, intent: previous)
        let proposal = list.dropDelegate?.list(
            list, dropSessionDidUpdate: session, withDestinationIndexPath: asked.destinationIndexPath
        ) ?? ListDropProposal(operation: .cancel)
        list.dragDrop.lastProposals[session.id] = proposal
        let effective = proposal.operation == .copy || (proposal.operation == .move && session.allowsMoveOperation)
        list.dropHover = effective ? list.dropTargeting(for: session, intent: proposal.intent).hover : nil
        return proposal.dropProposal
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession) {
        guard let list else { return }
        list.dropHover = nil
        list.dragDrop.activeDrops.remove(session.id)
        list.dropDelegate?.list(list, dropSessionDidExit: session)
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        guard let list, let delegate = list.dropDelegate,
              var proposal = list.dragDrop.lastProposals[session.id] else { return }
        let target = list.dropTargeting(for: session, intent: proposal.intent)
        proposal.intent = target.intent
        let items = session.items.map { item in
            let source = list.dragDrop.sourceIndexPath(of: item, in: session)
            return ListDropItem(dragItem: item, sourceIndexPath: source, previewSize: list.previewSize(of: item, from: source))
        }
        list.dropHover = nil
        let coordinator = ListDropCoordinator(
            list: list, items: items, destinationIndexPath: target.destinationIndexPath,
            proposal: proposal, session: session)
        delegate.list(list, performDropWith: coordinator)
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DropSession) {
        guard let list else { return }
        list.dropHover = nil
        list.dragDrop.dropEnded(session.id)
        list.dropDelegate?.list(list, dropSessionDidEnd: session)
    }
}
