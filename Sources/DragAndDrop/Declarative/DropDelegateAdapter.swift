import Foundation
import ItemProviders
import UniformTypes

/// Runs a ``DropDelegate`` as a drop interaction's delegate: filters drags
/// by the modifier's types, keeps SwiftUI's defaults (a nil proposal keeps
/// the last one, else copy) and reports the hover to `isTargeted`.
@MainActor
final class DropDelegateAdapter: DropInteractionDelegate {
    let types: [UTType]
    /// Whether the drag carries anything the modifier takes; drags that do
    /// not are never shown to the delegate.
    let offers: @MainActor (DropSession) -> Bool
    let delegate: any DropDelegate
    let isTargeted: (@MainActor (Bool) -> Void)?
    private var lastProposals: [DragSessionID: DropProposal] = [:]
    private var hover = HoverTracker()

    init(types: [UTType], offers: (@MainActor (DropSession) -> Bool)? = nil, delegate: any DropDelegate,
         isTargeted: (@MainActor (Bool) -> Void)?) {
        self.types = types
        self.offers = offers ?? { $0.hasItemsConforming(to: types) }
        self.delegate = delegate
        self.isTargeted = isTargeted
    }

    private func info(_ interaction: DropInteraction, _ session: DropSession) -> DropInfo {
        DropInfo(session: session, in: interaction.view, acceptedTypes: types)
    }

    func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
        guard offers(session) else { return false }
        return delegate.validateDrop(info: info(interaction, session))
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) {
        setHovering(session, true)
        delegate.dropEntered(info: info(interaction, session))
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        let proposal = delegate.dropUpdated(info: info(interaction, session)) ?? lastProposals[session.id] ?? .copy
        lastProposals[session.id] = proposal
        return proposal
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession) {
        setHovering(session, false)
        lastProposals[session.id] = nil
        delegate.dropExited(info: info(interaction, session))
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        setHovering(session, false)
        lastProposals[session.id] = nil
        if !delegate.performDrop(info: info(interaction, session)) {
            session.refuseDrop()
        }
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DropSession) {
        setHovering(session, false)
        lastProposals[session.id] = nil
    }

    private func setHovering(_ session: DropSession, _ isOver: Bool) {
        hover.set(session.id, isOver: isOver, telling: isTargeted)
    }
}

/// The delegate behind `onDrop(of:isTargeted:perform:)`: hands the matching
/// providers (and the location) to a closure.
@MainActor
struct ClosureDropDelegate: DropDelegate {
    let types: [UTType]
    let perform: @MainActor ([ItemProvider], CGPoint) -> Bool

    func performDrop(info: DropInfo) -> Bool {
        perform(info.itemProviders(for: types), info.location)
    }
}
