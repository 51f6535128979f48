import Foundation

/// What a drag source decides and is told during a drag
/// (`UIDragInteractionDelegate`). Every method has a default, so a delegate
/// implements only what it needs; most implement just
/// `dragInteraction(_:itemsForBeginning:)`.
///
/// The engine calls, for one drag:
/// 1. `itemListForBeginning` on a lift, then, when it gives no list,
///    `itemsForBeginning` (no items: no drag, nothing else is called),
/// 2. `sessionAllowsMoveOperation`, then `sessionIsRestrictedToDraggingApplication`,
/// 3. `sessionWillBegin`,
/// 4. `sessionDidMove` after every move (after the destination's calls),
///    `itemsForAddingTo` when another touch adds items from this source,
/// 5. `session(_:willEndWith:)` with the final operation, before the
///    destination's `performDrop`,
/// 6. `session(_:didEndWith:)`, after the destination's `concludeDrop`,
/// 7. `sessionDidTransferItems` once the destination's loads have finished
///    (only after a copy or move).
///
/// Steps 4 to 7 go to every interaction whose items are in the session.
@MainActor
public protocol DragInteractionDelegate: AnyObject {
    /// The items to drag from a lift at `session.location(in: interaction.view)`.
    /// Return none to not start a drag. Default: none.
    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem]

    /// The items to drag from a lift, made only when asked for: a source
    /// lifting many items at once returns a ``DragItemList`` so the drag
    /// starts without making them. Asked before `itemsForBeginning`, which
    /// is asked only when this returns nil. Default: nil.
    func dragInteraction(_ interaction: DragInteraction, itemListForBeginning session: DragSession) -> DragItemList?

    /// The items to add to a running drag when another touch lands on this
    /// source at `point` (in the interaction's view). Default: none.
    func dragInteraction(_ interaction: DragInteraction, itemsForAddingTo session: DragSession,
                         withTouchAt point: CGPoint) -> [DragItem]

    /// Whether a destination may move the items (rather than copy them).
    /// Asked once, right after the items for beginning. Default: true.
    func dragInteraction(_ interaction: DragInteraction, sessionAllowsMoveOperation session: DragSession) -> Bool

    /// Whether the items must stay in this application. Asked once, right
    /// after `sessionAllowsMoveOperation`. Default: false.
    func dragInteraction(_ interaction: DragInteraction,
                         sessionIsRestrictedToDraggingApplication session: DragSession) -> Bool

    /// The drag is about to begin with its first items.
    func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession)

    /// The drag moved.
    func dragInteraction(_ interaction: DragInteraction, sessionDidMove session: DragSession)

    /// The drag is about to end with `operation` (`.cancel` when nothing
    /// accepted it).
    func dragInteraction(_ interaction: DragInteraction, session: DragSession,
                         willEndWith operation: DropOperation)

    /// The drag ended with `operation`. A move source removes its items here
    /// when `operation` is `.move`.
    func dragInteraction(_ interaction: DragInteraction, session: DragSession,
                         didEndWith operation: DropOperation)

    /// The destination finished loading the items it asked for.
    func dragInteraction(_ interaction: DragInteraction, sessionDidTransferItems session: DragSession)

    /// A preview for `item` while it is dragged, for toolkits that draw one.
    /// Default: the item's `previewProvider`, or nil (the toolkit shows the
    /// lifted view).
    func dragInteraction(_ interaction: DragInteraction, previewForLifting item: DragItem,
                         session: DragSession) -> DragPreview?

    /// Where `item`'s preview goes when the drag is cancelled: by default
    /// (`defaultPreview`) back to the spot it was lifted from; nil lets it
    /// vanish where it is. Asked by toolkits that animate a cancel (GTK
    /// slides the drag icon back), through ``DragDropEngine/cancelPreview(for:of:)``.
    func dragInteraction(_ interaction: DragInteraction, previewForCancelling item: DragItem,
                         withDefault defaultPreview: TargetedDragPreview) -> TargetedDragPreview?
}

extension DragInteractionDelegate {
    public func dragInteraction(_ interaction: DragInteraction, itemListForBeginning session: DragSession) -> DragItemList? {
        nil
    }

    public func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
        []
    }

    public func dragInteraction(_ interaction: DragInteraction, itemsForAddingTo session: DragSession,
                                withTouchAt point: CGPoint) -> [DragItem] {
        []
    }

    public func dragInteraction(_ interaction: DragInteraction,
                                sessionAllowsMoveOperation session: DragSession) -> Bool {
        true
    }

    public func dragInteraction(_ interaction: DragInteraction,
                                sessionIsRestrictedToDraggingApplication session: DragSession) -> Bool {
        false
    }

    public func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession) {}

    public func dragInteraction(_ interaction: DragInteraction, sessionDidMove session: DragSession) {}

    public func dragInteraction(_ interaction: DragInteraction, session: DragSession,
                                willEndWith operation: DropOperation) {}

    public func dragInteraction(_ interaction: DragInteraction, session: DragSession,
                                didEndWith operation: DropOperation) {}

    public func dragInteraction(_ interaction: DragInteraction, sessionDidTransferItems session: DragSession) {}

    public func dragInteraction(_ interaction: DragInteraction, previewForLifting item: DragItem,
                                session: DragSession) -> DragPreview? {
        item.previewProvider?()
    }

    public func dragInteraction(_ interaction: DragInteraction, previewForCancelling item: DragItem,
                                withDefault defaultPreview: TargetedDragPreview) -> TargetedDragPreview? {
        defaultPreview
    }
}
