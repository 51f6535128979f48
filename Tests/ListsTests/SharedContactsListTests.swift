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
    private(set) var calls: [ListCall] = []
    /// The insertion index paths the placeholders handed to the data source.
    private(set) var committedAt: [IndexPath] = []
    private(set) var reloads = 0
    private var loads: [Task<Void, Never>] = []

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
        while !loads.isEmpty { await loads.removeFirst().value }
    }

    private func dragItem(at indexPath: IndexPath) -> DragItem {
        let item = DragItem(itemProvider: ItemProvider(object: contacts[indexPath]))
        item.localObject = true
        return item
    }

    func list(_ list: ListView, itemsForBeginning session: DragSession, at indexPath: IndexPath) -> [DragItem] {
        calls.append(.itemsForBeginning(indexPath))
        return [dragItem(at: indexPath)]
    }

    func list(
        _ list: ListView, itemsForAddingTo session: DragSession, at indexPath: IndexPath, point: CGPoint
    ) -> [DragItem] {
        calls.append(.itemsForAdding(indexPath))
        return [dragItem(at: indexPath)]
    }

    func list(_ list: ListView, dragSessionWillBegin session: DragSession) {
        calls.append(.dragWillBegin)
    }

    func list(_ list: ListView, dragSessionDidEnd session: DragSession) {
        calls.append(.dragDidEnd)
    }

    func list(
        _ list: ListView, dropSessionDidUpdate session: DropSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> ListDropProposal {
        // Cards from this very list are not taken again.
        let proposal: ListDropProposal = list.hasActiveDrag ? .cancel : .copyAt
        calls.append(.dropDidUpdate(destinationIndexPath, proposal))
        return proposal
    }

    func list(_ list: ListView, performDropWith coordinator: ListDropCoordinator) {
        calls.append(.performDrop(coordinator.destinationIndexPath, coordinator.proposal))
        for dropItem in coordinator.items {
            let provider = dropItem.dragItem.itemProvider
            loads.append(Task { @MainActor in
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
            })
        }
    }
}

@MainActor
@Suite struct SharedContactsListTests {
    let window = ViewNode(name: "window", frame: CGRect(x: 0, y: 0, width: 800, height: 600))

    @Test func touchingMoreRowsAddsTheirCardsToTheRunningDrag() async throws {
        let mine = SharedContacts(name: "mine", x: 0, contacts: ["Ada", "Grace", "Linus"], in: window)
        let theirs = SharedContacts(name: "theirs", x: 400, contacts: ["Alan"], in: window)
        let harness = DragDropHarness(root: window)
        let drag = try harness.lift(from: "mine", at: rowPoint(0))
        #expect(try drag.addItems(from: "mine", at: rowPoint(2)) == 1)
        #expect(drag.dragSession?.items.count == 2)
        try drag.move(to: "theirs", at: rowPoint(0, 0.9))
        #expect(try await drag.drop() == .copy)
        await theirs.finishLoads()

        #expect(mine.calls == [.itemsForBeginning(at(0)), .dragWillBegin, .itemsForAdding(at(2)), .dragDidEnd])
        // Both cards arrive below the row they were dropped under, in the
        // order their loads finish.
        #expect(theirs.names.count == 3)
        #expect(theirs.names.first == "Alan")
        #expect(Set(theirs.names) == ["Alan", "Ada", "Linus"])
        #expect(mine.names == ["Ada", "Grace", "Linus"])
    }

    @Test func cardsFromAnotherAppGoInThroughAPlaceholderAtTheDropRow() async throws {
        let contacts = SharedContacts(name: "mine", x: 0, contacts: ["Ada", "Grace", "Linus"], in: window)
        let harness = DragDropHarness(root: window)
        let drag = try harness.dragFromOtherProcess(objects: [ContactCard(name: "Alan")])
        try drag.move(to: "mine", at: rowPoint(1, 0.2))
        #expect(try await drag.drop() == .copy)
        await contacts.finishLoads()

        #expect(contacts.names == ["Ada", "Alan", "Grace", "Linus"])
        #expect(contacts.committedAt == [at(1)])
        #expect(!contacts.list.hasUncommittedUpdates)
        #expect(contacts.calls == [.dropDidUpdate(at(1), .copyAt), .performDrop(at(1), .copyAt)])
    }

    @Test func cardsDroppedOffTheRowsAreAppended() async throws {
        let contacts = SharedContacts(name: "mine", x: 0, contacts: ["Ada", "Grace"], in: window)
        let harness = DragDropHarness(root: window)
        let drag = try harness.dragFromOtherProcess(objects: [ContactCard(name: "Alan")])
        try drag.move(to: "mine", at: CGPoint(x: 150, y: 400))
        #expect(try await drag.drop() == .copy)
        await contacts.finishLoads()

        #expect(contacts.names == ["Ada", "Grace", "Alan"])
        #expect(contacts.committedAt.isEmpty)
        #expect(contacts.reloads == 1)
        #expect(contacts.list.numberOfItems(inSection: 0) == 3)
    }

    @Test func ownCardsAreNotTakenBack() async throws {
        let contacts = SharedContacts(name: "mine", x: 0, contacts: ["Ada", "Grace"], in: window)
        let harness = DragDropHarness(root: window)
        let drag = try harness.lift(from: "mine", at: rowPoint(0))
        #expect(try drag.move(to: "mine", at: rowPoint(1))?.operation == .cancel)
        #expect(try await drag.drop() == .cancel)
        #expect(contacts.names == ["Ada", "Grace"])
    }
}
