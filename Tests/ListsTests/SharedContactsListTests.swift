import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import UniformTypes

/// A contacts list shared with other apps: rows drag out as contact cards
/// (several at once, a touch per row), and dropped cards go in through a
/// placeholder at the drop row, or are appended when dropped off the rows.
@MainActor
final class SharedContacts: ListDragDelegate, ListDropDelegate {
    let contacts: ListItems<ContactCard>
    let list: ListView
    /// The insertion index paths the placeholders handed to the data source.
    private(set) var committedAt: [IndexPath] = []
    private(set) var reloads = 0
    private let loads = PendingLoads()

    init(name: String, x: CGFloat, contacts: [String], in window: ViewNode) {
        self.contacts = ListItems(contacts.map(ContactCard.init(name:)))
        list = ListView(
            name: name, frame: CGRect(x: x, y: 0, width: 300, height: 600), dataSource: self.contacts,
            layout: ListRowLayout(width: 300) { _ in 44 })
        list.dragDelegate = self
        list.dropDelegate = self
        list.onEvent = { [weak self] event in
            if case .rowsChanged(let change) = event, change.isReload { self?.reloads += 1 }
        }
        window.addChild(list.node)
    }

    var names: [String] { contacts.items.map(\.name) }

    func finishLoads() async {
        await loads.finish()
    }

    private func dragItem(at indexPath: IndexPath) -> DragItem {
        let item = DragItem(itemProvider: ItemProvider(object: contacts[indexPath]))
        item.localObject = true
        return item
    }

    func list(_ list: ListView, itemsForBeginning session: DragSession, at indexPath: IndexPath) -> [DragItem] {
        [dragItem(at: indexPath)]
    }

    func list(
        _ list: ListView, itemsForAddingTo session: DragSession, at indexPath: IndexPath, point: CGPoint
    ) -> [DragItem] {
        [dragItem(at: indexPath)]
    }

    func list(
        _ list: ListView, dropSessionDidUpdate session: DropSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> ListDropProposal {
        // Cards from this very list are not taken again.
        list.hasActiveDrag ? .cancel : .copyAt
    }

    func list(_ list: ListView, performDropWith coordinator: ListDropCoordinator) {
        for dropItem in coordinator.items {
            let provider = dropItem.dragItem.itemProvider
            loads.start {
                guard let card = try? await provider.loadObject(ofClass: ContactCard.self) else { return }
                if let destination = coordinator.destinationIndexPath {
                    let placeholder = DropPlaceholder(insertionIndexPath: destination, reuseIdentifier: "ContactCell")
                    guard let context = try? coordinator.drop(dropItem.dragItem, to: placeholder) else { return }
                    try? context.commitInsertion { indexPath in
                        self.committedAt.append(indexPath)
                        self.contacts.insert(card, at: indexPath)
                    }
                } else {
                    self.contacts.append(card)
                    list.reloadData()
                }
            }
        }
    }
}

@MainActor
@Suite struct SharedContactsListTests {
    let window = ViewNode(name: "window", frame: CGRect(x: 0, y: 0, width: 800, height: 600))

    @Test func touchingMoreRowsAddsTheirCardsToTheRunningDrag() async throws {
        let mine = SharedContacts(name: "mine", x: 0, contacts: ["Ada", "Grace", "Linus"], in: window)
        let theirs = SharedContacts(name: "theirs", x: 400, contacts: ["Alan"], in: window)
        let harness = listHarness(root: window)
        let drag = try harness.lift(from: "mine", at: rowPoint(0))
        #expect(try drag.addItems(from: "mine", at: rowPoint(2)) == 1)
        #expect(drag.dragSession?.items.count == 2)
        try drag.move(to: "theirs", at: rowPoint(0, 0.9))
        #expect(try await drag.drop() == .copy)
        await theirs.finishLoads()

        #expect(harness.transcript.calls == listLiftCalls("mine", at: at(0)) + [
            .list("mine", .itemsForAdding(at(2), count: 1)),
            .source("mine", .itemsForAdding(1)),
        ] + listEnterCalls("theirs", destination: at(1), proposal: .copyAt)
            + [.source("mine", .didMove)]
            + listDropEndCalls(from: "mine", onto: "theirs", operation: .copy, destination: at(1), proposal: .copyAt))
        // Both cards arrive below the row they were dropped under, each
        // through its own placeholder, in the order their loads finish.
        #expect(theirs.names.count == 3)
        #expect(theirs.names.first == "Alan")
        #expect(Set(theirs.names) == ["Alan", "Ada", "Linus"])
        #expect(theirs.committedAt == [at(1), at(1)])
        #expect(!theirs.list.hasUncommittedUpdates)
        #expect(mine.names == ["Ada", "Grace", "Linus"])
    }

    @Test func cardsFromAnotherAppGoInThroughAPlaceholderAtTheDropRow() async throws {
        let contacts = SharedContacts(name: "mine", x: 0, contacts: ["Ada", "Grace", "Linus"], in: window)
        let harness = listHarness(root: window)
        let drag = try harness.dragFromOtherProcess(objects: [ContactCard(name: "Alan")])
        #expect(try drag.move(to: "mine", at: rowPoint(1, 0.2)) == .copy)
        #expect(contacts.list.dropHover == .gap(before: at(1)))
        #expect(try await drag.drop() == .copy)
        await contacts.finishLoads()

        #expect(contacts.names == ["Ada", "Alan", "Grace", "Linus"])
        #expect(contacts.committedAt == [at(1)])
        #expect(!contacts.list.hasUncommittedUpdates)
        #expect(harness.transcript.listCalls(on: "mine") == [
            .canHandle(true), .dropSessionDidEnter, .dropSessionDidUpdate(at(1), .copyAt),
            .performDrop(at(1), .copyAt), .dropSessionDidEnd,
        ])
    }

    @Test func cardsDroppedOffTheRowsAreAppended() async throws {
        let contacts = SharedContacts(name: "mine", x: 0, contacts: ["Ada", "Grace"], in: window)
        let harness = listHarness(root: window)
        let drag = try harness.dragFromOtherProcess(objects: [ContactCard(name: "Alan")])
        #expect(try drag.move(to: "mine", at: CGPoint(x: 150, y: 400)) == .copy)
        #expect(contacts.list.dropHover == .gap(before: at(2)))
        #expect(try await drag.drop() == .copy)
        await contacts.finishLoads()

        #expect(contacts.names == ["Ada", "Grace", "Alan"])
        #expect(contacts.committedAt.isEmpty)
        #expect(contacts.reloads == 1)
        #expect(contacts.list.numberOfItems(inSection: 0) == 3)
        #expect(harness.transcript.listCalls(on: "mine") == [
            .canHandle(true), .dropSessionDidEnter, .dropSessionDidUpdate(nil, .copyAt),
            .performDrop(nil, .copyAt), .dropSessionDidEnd,
        ])
    }

    @Test func ownCardsAreNotTakenBack() async throws {
        let contacts = SharedContacts(name: "mine", x: 0, contacts: ["Ada", "Grace"], in: window)
        let harness = listHarness(root: window)
        let drag = try harness.lift(from: "mine", at: rowPoint(0))
        #expect(try drag.move(to: "mine", at: rowPoint(1, 0.2)) == .cancel)
        #expect(contacts.list.dropHover == nil)
        #expect(try await drag.drop() == .cancel)
        #expect(contacts.names == ["Ada", "Grace"])
        #expect(harness.transcript.listCalls(on: "mine") == [
            .itemsForBeginning(at(0), count: 1), .dragSessionAllowsMoveOperation(true),
            .dragSessionIsRestrictedToDraggingApplication(false), .dragSessionWillBegin,
            .canHandle(true), .dropSessionDidEnter, .dropSessionDidUpdate(at(0), .cancel),
            .dropSessionDidExit, .dragSessionDidEnd, .dropSessionDidEnd,
        ])
    }
}
