import Foundation

/// The list's drop interaction delegate: turns drag locations into
/// destination index paths and hover feedback, and drops into a
/// ``ListDropCoordinator`` for the list's drop delegate.
@MainActor
final class ListDropAdapter: DropInteractionDelegate {
    weak var list: ListView?

    func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
        guard let list, let delegate = list.dropDelegate else { return false }
        let answer = delegate.list(list, canHandle: session)
        list.report(.canHandle(answer), for: session.state)
        return answer
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) {
        guard let list else { return }
        list.dragDrop.dropEntered(session.id)
        guard let delegate = list.dropDelegate else { return }
        delegate.list(list, dropSessionDidEnter: session)
        list.report(.dropSessionDidEnter, for: session.state)
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        guard let list else { return .cancel }
        // The delegate is asked with the destination its previous proposal
        // implies (UIKit's way); what the list shows follows the new one.
        let previous = list.dragDrop.lastProposals[session.id]
        let asked = list.dropTargeting(for: session, following: previous)
        var proposal = ListDropProposal(operation: .cancel)
        if let delegate = list.dropDelegate {
            proposal = delegate.list(
                list, dropSessionDidUpdate: session, withDestinationIndexPath: asked.destinationIndexPath)
            list.report(.dropSessionDidUpdate(asked.destinationIndexPath, proposal), for: session.state)
        }
        list.dragDrop.dropUpdated(session.id, with: proposal)
        if session.allowedOperation(proposal.operation).performsDrop {
            let samePlace = ListView.placement(of: previous) == ListView.placement(of: proposal)
            list.dropHover = (samePlace ? asked : list.dropTargeting(for: session, following: proposal)).hover
        } else {
            list.dropHover = nil
        }
        return proposal.dropProposal
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession) {
        leave(session) { list, delegate in
            delegate.list(list, dropSessionDidExit: session)
            list.report(.dropSessionDidExit, for: session.state)
        }
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        guard let list, let delegate = list.dropDelegate,
              var proposal = list.dragDrop.lastProposals[session.id] else { return }
        let target = list.dropTargeting(for: session, following: proposal)
        proposal.intent = target.intent
        let items = session.items.map { item in
            let source = list.dragDrop.sourceIndexPath(of: item, in: session)
            return ListDropItem(
                dragItem: item, sourceIndexPath: source, previewSize: list.previewSize(of: item, from: source))
        }
        list.dropHover = nil
        let coordinator = ListDropCoordinator(
            list: list, items: items, destinationIndexPath: target.destinationIndexPath,
            proposal: proposal, session: session)
        delegate.list(list, performDropWith: coordinator)
        list.report(.performDrop(coordinator.destinationIndexPath, proposal), for: session.state)
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DropSession) {
        leave(session) { list, delegate in
            delegate.list(list, dropSessionDidEnd: session)
            list.report(.dropSessionDidEnd, for: session.state)
        }
    }

    /// A session leaving the list, by exit or end: the hover goes and the
    /// list forgets the session before its delegate hears of it.
    private func leave(_ session: DropSession, tell: (ListView, any ListDropDelegate) -> Void) {
        guard let list else { return }
        list.dropHover = nil
        list.dragDrop.dropLeft(session.id)
        guard let delegate = list.dropDelegate else { return }
        tell(list, delegate)
    }
}
