import Foundation

/// The engine's record of one running drag.
@MainActor
final class ActiveDrag {
    let state: SessionState
    let dragSession: DragSession?
    let dropSession: DropSession
    /// Source interactions whose items are in the drag, the lifted one first.
    var sources: [DragInteraction]
    /// The drop interaction the drag is over and that accepted it.
    var target: DropInteraction?
    /// What `target` last proposed.
    var proposal: DropProposal?
    /// Interactions under the drag that refused it in `canHandle`; not asked
    /// again until the drag leaves them.
    var refused: [ObjectIdentifier] = []
    /// Interactions that accepted the drag at some point, in that order;
    /// told when it ends. The set keeps adding O(1) however many targets a
    /// long drag crosses.
    private(set) var accepted: [DropInteraction] = []
    private var acceptedIDs: Set<ObjectIdentifier> = []
    /// The spring-loaded interaction under the drag and when the drag got there.
    var spring: SpringLoadedInteraction?
    var springSince: Duration = .zero
    var springDone = false
    /// Whether the last move found no view at all under the drag (outside
    /// every window of this process), rather than a view without a target.
    var isOverNothing = false
    /// Where the lift happened, in the lifted view's coordinates (where a
    /// cancelled drag's preview returns to).
    var liftLocation: CGPoint = .zero
    /// Set when the engine starts ending the drag, so that a delegate ending
    /// it again from inside an end call changes nothing.
    var isEnding = false

    init(state: SessionState, dragSession: DragSession?, dropSession: DropSession, sources: [DragInteraction]) {
        self.state = state
        self.dragSession = dragSession
        self.dropSession = dropSession
        self.sources = sources
    }

    func noteAccepted(_ interaction: DropInteraction) {
        if acceptedIDs.insert(ObjectIdentifier(interaction)).inserted {
            accepted.append(interaction)
        }
    }

    var id: DragSessionID { state.id }
    var pointer: PointerID { state.pointer }

    /// The operation a drop now would perform: the target's proposal, with
    /// a move the session does not allow counted as a cancel.
    var effectiveProposal: DropProposal? {
        guard target != nil, var proposal else { return nil }
        proposal.operation = dropSession.allowedOperation(proposal.operation)
        return proposal
    }

    /// The operation a drop now ends with: copy or move, else cancel
    /// (a forbidden proposal only changes what the user sees).
    var operation: DropOperation {
        guard let operation = effectiveProposal?.operation, operation.performsDrop else { return .cancel }
        return operation
    }
}
