import DragAndDrop
import DragDropTesting
import Foundation

/// One list of names in a window, whose drop delegate does what each test
/// scripts; the harness's transcript records what the list told it.
@MainActor
final class ScriptedList: ListDragDelegate, ListDropDelegate {
    let window = ViewNode(name: "window", frame: CGRect(x: 0, y: 0, width: 800, height: 600))
    let names: ListItems<String>
    let list: ListView
    private(set) var coordinators: [ListDropCoordinator] = []
    private(set) var events: [ListViewEvent] = []
    /// The proposal for each update.
    var propose: (DropSession, IndexPath?) -> ListDropProposal = { _, _ in .copyAt }
    /// What the drag delegate answers for drags from this list.
    var allowsMove = true
    /// Whether lifted rows give an item (false: the delegate returns none).
    var offersItems = true
    var restrictedToApp = false
    /// What a lift gives as a lazy list, when set (nil: items from `itemsForBeginning`).
    var itemList: ((IndexPath) -> DragItemList?)?
    /// What a drop does; by default nothing beyond recording the coordinator.
    var performDrop: (ListDropCoordinator) -> Void = { _ in }

    lazy var harness = listHarness(root: window)

    init(_ names: [String], sections: [[String]]? = nil, layout: (any ListLayout)? = nil) {
        self.names = sections.map { ListItems(sections: $0) } ?? ListItems(names)
        list = ListView(
            name: "list", frame: CGRect(x: 0, y: 0, width: 200, height: 600), dataSource: self.names,
            layout: layout ?? ListRowLayout(width: 200) { _ in 44 })
        list.dragDelegate = self
        list.dropDelegate = self
        list.onEvent = { [unowned self] in events.append($0) }
        window.addChild(list.node)
    }

    /// The calls the list made on this delegate so far, in order.
    var listCalls: [DelegateCall.ListCall] {
        harness.transcript.listCalls(on: "list")
    }

    /// The row changes the list reported, in order.
    var changes: [ListChange] {
        events.compactMap { if case .rowsChanged(let change) = $0 { change } else { nil } }
    }

    /// Drags `text` in from another process and drops it at `point` in the list.
    @discardableResult
    func dropText(_ text: String, at point: CGPoint) async throws -> ListDropCoordinator? {
        let drag = try harness.dragFromOtherProcess([textProvider(text)])
        try drag.move(to: "list", at: point)
        _ = try await drag.drop()
        return coordinators.last
    }

    func list(_ list: ListView, itemsForBeginning session: DragSession, at indexPath: IndexPath) -> [DragItem] {
        return offersItems ? [DragItem(itemProvider: textProvider(names[indexPath]))] : []
    }

    func list(_ list: ListView, itemListForBeginning session: DragSession, at indexPath: IndexPath) -> DragItemList? {
        itemList?(indexPath)
    }

    func list(_ list: ListView, itemsForAddingTo session: DragSession, at indexPath: IndexPath, point: CGPoint) -> [DragItem] {
        offersItems ? [DragItem(itemProvider: textProvider(names[indexPath]))] : []
    }

    func list(_ list: ListView, dragSessionAllowsMoveOperation session: DragSession) -> Bool {
        allowsMove
    }

    func list(_ list: ListView, dragSessionIsRestrictedToDraggingApplication session: DragSession) -> Bool {
        restrictedToApp
    }

    func list(
        _ list: ListView, dropSessionDidUpdate session: DropSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> ListDropProposal {
        propose(session, destinationIndexPath)
    }

    func list(_ list: ListView, performDropWith coordinator: ListDropCoordinator) {
        coordinators.append(coordinator)
        performDrop(coordinator)
    }
}
