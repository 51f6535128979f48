import Foundation

/// What a drag and drop session share while a drag runs: the drag's
/// position and its source items. The engine writes, the sessions read.
@MainActor
final class SessionState {
    let id: DragSessionID
    let pointer: PointerID
    /// The drag's position in screen space.
    var screenLocation: CGPoint
    /// The source's items: the lift's list, then one for each addition.
    private(set) var sourceLists: [DragItemList] = []
    /// How many source items there are, made or not.
    private(set) var sourceItemCount = 0
    var allowsMoveOperation = false
    var isRestrictedToDraggingApplication = false
    var hasEnded = false
    /// The engine running the drag, for reports of calls made on its behalf
    /// (a list's delegate calls inside the interaction calls).
    weak var engine: DragDropEngine?

    init(id: DragSessionID, pointer: PointerID, screenLocation: CGPoint) {
        self.id = id
        self.pointer = pointer
        self.screenLocation = screenLocation
    }

    /// Every source item, in order; makes those not made yet.
    var sourceItems: [DragItem] {
        sourceLists.flatMap(\.all)
    }

    func appendSourceItems(_ list: DragItemList) {
        guard !list.isEmpty else { return }
        sourceLists.append(list)
        sourceItemCount += list.count
    }

    /// The source item at `index` (in the order items joined the drag),
    /// made now if it was not yet.
    func sourceItem(at index: Int) -> DragItem {
        var rest = index
        for list in sourceLists {
            if rest < list.count { return list[rest] }
            rest -= list.count
        }
        preconditionFailure("Item \(index) is out of range: the drag holds \(sourceItemCount) items.")
    }

    /// Whether a source item satisfies `predicate`, making items in order
    /// only until one does.
    func sourceItemsContain(where predicate: (DragItem) -> Bool) -> Bool {
        sourceLists.contains { $0.contains(where: predicate) }
    }

    /// Whether `item` is one of the source's items (one not made yet cannot be).
    func holdsSourceItem(_ item: DragItem) -> Bool {
        sourceLists.contains { $0.containsMade(item) }
    }

    func location(in view: ViewNode?) -> CGPoint {
        guard let view else { return screenLocation }
        return view.convert(screenLocation, from: nil)
    }
}
