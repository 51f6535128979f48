import Foundation

/// The source side of a running drag, as the drag interaction's delegate
/// sees it (`UIDragSession`).
///
/// Only the engine makes sessions. It lets go of them when the drag ends; a
/// session kept past the end still answers but no longer changes.
@MainActor
public final class DragSession: DragDropSession {
    let state: SessionState

    /// Data for the app's own use during the drag, for example a coordinator
    /// object that a source and a destination in this app share. Destinations
    /// reach it through ``DropSession/localDragSession``.
    public var localContext: Any?

    init(state: SessionState) {
        self.state = state
    }

    /// Which drag this is.
    public var id: DragSessionID { state.id }

    /// The pointer or touch driving the drag.
    public var pointer: PointerID { state.pointer }

    /// The dragged items, those of the lift first, then those added.
    ///
    /// Items a source gave as a ``DragItemList`` are all made when this is
    /// read; ``itemCount`` and ``item(at:)`` make only the items asked for.
    public var items: [DragItem] { state.sourceItems }

    /// How many items the drag holds, without making any.
    public var itemCount: Int { state.sourceItemCount }

    /// The lists the items came in: the lift's, then one for each addition.
    package var itemLists: [DragItemList] { state.sourceLists }

    /// The item at `index` of ``items``, made now if the source gave it in
    /// a ``DragItemList`` and it was not made yet.
    /// - Precondition: `0 <= index < itemCount`.
    public func item(at index: Int) -> DragItem {
        state.sourceItem(at: index)
    }

    /// Whether the source lets destinations move the items.
    public var allowsMoveOperation: Bool { state.allowsMoveOperation }

    /// Whether the items must stay in this application.
    public var isRestrictedToDraggingApplication: Bool { state.isRestrictedToDraggingApplication }

    /// Whether the drag has ended.
    public var hasEnded: Bool { state.hasEnded }

    /// The drag's current location in `view`'s coordinate space (screen
    /// space when nil).
    public func location(in view: ViewNode?) -> CGPoint {
        state.location(in: view)
    }
}
