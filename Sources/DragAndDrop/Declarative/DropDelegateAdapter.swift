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
        let info = info(interaction, session)
        let valid = delegate.validateDrop(info: info)
        info.report(.validateDrop(valid))
        return valid
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) {
        let info = info(interaction, session)
        setHovering(info, true)
        delegate.dropEntered(info: info)
        info.report(.dropEntered)
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        let info = info(interaction, session)
        let answer = delegate.dropUpdated(info: info)
        info.report(.dropUpdated(answer))
        let proposal = answer ?? lastProposals[session.id] ?? .copy
        lastProposals[session.id] = proposal
        return proposal
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession) {
        let info = info(interaction, session)
        setHovering(info, false)
        lastProposals[session.id] = nil
        delegate.dropExited(info: info)
        info.report(.dropExited)
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        let info = info(interaction, session)
        setHovering(info, false)
        lastProposals[session.id] = nil
        let accepted = delegate.performDrop(info: info)
        info.report(.performDrop(accepted))
        if !accepted { session.refuseDrop() }
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DropSession) {
        setHovering(info(interaction, session), false)
        lastProposals[session.id] = nil
    }

    private func setHovering(_ info: DropInfo, _ isOver: Bool) {
        guard let isTargeted else { return }
        hover.set(info.session.id, isOver: isOver) { targeted in
            isTargeted(targeted)
            info.report(.isTargeted(targeted))
        }
    }
}

/// The delegate behind `onDrop(of:isTargeted:perform:)`: hands the matching
/// providers (and the location) to a closure.
@MainActor
struct ClosureDropDelegate: DropDelegate {
    let types: [UTType]
    let perform: @MainActor ([ItemProvider], CGPoint) -> Bool

    /// The adapter has just checked that the drag carries one of the types.
    func validateDrop(info: DropInfo) -> Bool { true }

    func performDrop(info: DropInfo) -> Bool {
        perform(info.itemProviders(for: types), info.location)
    }
}
