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
    public var items: [DragItem] { state.sourceItems }

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
