import Foundation

/// What a drag and drop session share while a drag runs: the drag's
/// position and its source items. The engine writes, the sessions read.
@MainActor
final class SessionState {
    let id: DragSessionID
    let pointer: PointerID
    /// The drag's position in screen space.
    var screenLocation: CGPoint
    var sourceItems: [DragItem]
    var allowsMoveOperation = false
    var isRestrictedToDraggingApplication = false
    var hasEnded = false
    /// The engine running the drag, for reports of calls made on its behalf
    /// (a list's delegate calls inside the interaction calls).
    weak var engine: DragDropEngine?

    init(id: DragSessionID, pointer: PointerID, screenLocation: CGPoint, sourceItems: [DragItem]) {
        self.id = id
        self.pointer = pointer
        self.screenLocation = screenLocation
        self.sourceItems = sourceItems
    }

    func location(in view: ViewNode?) -> CGPoint {
        guard let view else { return screenLocation }
        return view.convert(screenLocation, from: nil)
    }
}
