/// What a drop target decides and is told (`UIDropInteractionDelegate`).
/// Every method has a default; a target that accepts drops implements at
/// least `sessionDidUpdate` (the default proposal is `.cancel`) and
/// `performDrop`.
///
/// The engine calls, for one drag over this target:
/// 1. `canHandle` when the drag enters (once per entry; a refusal is not
///    asked again until the drag leaves and comes back),
/// 2. `sessionDidEnter`, then `sessionDidUpdate` on that move and every
///    following one, returning the proposal,
/// 3. `sessionDidExit` when the drag leaves, or ends here without a copy or
///    move proposal,
/// 4. `performDrop` when the drag ends here with a copy or move proposal
///    (the items' data is unsealed right before), then `concludeDrop`,
/// 5. `sessionDidEnd` when the drag ends, on every target that accepted it
///    in `canHandle` during the drag.
///
/// When a drag moves from target A to target B, B's `canHandle` comes first
/// (it decides whether B becomes the target), then A's `sessionDidExit`,
/// then B's `sessionDidEnter` and `sessionDidUpdate`.
@MainActor
public protocol DropInteractionDelegate: AnyObject {
    /// Whether the target wants the drag at all, from the items' types
    /// (their data is sealed until the drop). Default: true.
    func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool

    /// The drag entered the target.
    func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession)

    /// What a drop at `session.location(in:)` would do. Called on every
    /// move over the target. Default: `.cancel`.
    ///
    /// A `.move` proposal for a session that does not allow moves, or that
    /// came from another process, counts as `.cancel`.
    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal

    /// The drag left the target (or ended over it without a drop).
    func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession)

    /// The user dropped with a copy or move proposal: load the items now
    /// (`session.loadObjects(ofClass:)`), without waiting here.
    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession)

    /// Called right after `performDrop`: drop animations end here.
    func dropInteraction(_ interaction: DropInteraction, concludeDrop session: DropSession)

    /// The drag ended, wherever it ended.
    func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DropSession)

    /// Where `item`'s preview goes when it is dropped here: by default
    /// (`defaultPreview`) where the drag was let go; return another target
    /// to fly it to the item's new spot, or nil to let it vanish. Asked by
    /// toolkits that animate a drop, through ``DragDropEngine/dropPreview(for:of:)``.
    func dropInteraction(_ interaction: DropInteraction, previewForDropping item: DragItem,
                         withDefault defaultPreview: TargetedDragPreview) -> TargetedDragPreview?
}

extension DropInteractionDelegate {
    public func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
        true
    }

    public func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) {}

    public func dropInteraction(_ interaction: DropInteraction,
                                sessionDidUpdate session: DropSession) -> DropProposal {
        DropProposal(operation: .cancel)
    }

    public func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession) {}

    public func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {}

    public func dropInteraction(_ interaction: DropInteraction, concludeDrop session: DropSession) {}

    public func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DropSession) {}

    public func dropInteraction(_ interaction: DropInteraction, previewForDropping item: DragItem,
                                withDefault defaultPreview: TargetedDragPreview) -> TargetedDragPreview? {
        defaultPreview
    }
}
