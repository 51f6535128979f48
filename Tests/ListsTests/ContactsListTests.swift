import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import UniformTypes

/// A contacts table taking vCards from other apps: one item at a time, each
/// card of the file inserted at the drop row, or after the last row when the
/// drop was not on a row.
@MainActor
final class ContactsTable: ListDropDelegate {
    let contacts: ListItems<String>
    let list: ListView
    private let loads = PendingLoads()

    init(sections: [[String]], in window: ViewNode) {
        contacts = ListItems(sections: sections)
        list = ListView(
            name: "contacts", frame: CGRect(x: 0, y: 0, width: 300, height: 600), dataSource: contacts,
            layout: ListRowLayout(width: 300, sectionSpacing: 20) { _ in 44 })
        list.dropDelegate = self
        window.addChild(list.node)
    }

    func finishLoads() async {
        await loads.finish()
    }

    func list(_ list: ListView, canHandle session: DropSession) -> Bool {
        session.hasItemsConforming(to: [.vCard]) && session.items.count == 1
    }

    func list(
        _ list: ListView, dropSessionDidUpdate session: DropSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> ListDropProposal {
        .copyAt
    }

    func list(_ list: ListView, performDropWith coordinator: ListDropCoordinator) {
        let destination: IndexPath
        if let indexPath = coordinator.destinationIndexPath {
            destination = indexPath
        } else {
            let section = list.numberOfSections - 1
            destination = IndexPath(row: list.numberOfItems(inSection: section), section: section)
        }
        for item in coordinator.session.items {
            let provider = item.itemProvider
            loads.start {
                guard let data = try? await provider.loadDataRepresentation(for: .vCard),
                      let names = try? ContactCard.vCardNames(data) else { return }
                let indexPaths = names.indices.map { IndexPath(row: destination.row + $0, section: destination.section) }
                try? list.performBatchUpdates { batch in
                    for (name, indexPath) in zip(names, indexPaths) { self.contacts.insert(name, at: indexPath) }
                    batch.insertItems(at: indexPaths)
                }
            }
        }
    }
}

@MainActor
@Suite struct ContactsListTests {
    let window = ViewNode(name: "window", frame: CGRect(x: 0, y: 0, width: 800, height: 600))

    @Test func singleVCardIsCopiedInAtTheRowItIsDroppedOn() async throws {
        let table = ContactsTable(sections: [["Ada", "Grace", "Linus"]], in: window)
        let harness = listHarness(root: window)
        let drag = try harness.dragFromOtherProcess([vCardProvider(["Alan", "Barbara"])])
        #expect(try drag.move(to: "contacts", at: rowPoint(1, 0.3))?.operation == .copy)
        #expect(try await drag.drop() == .copy)
        await table.finishLoads()

        #expect(table.contacts.items == ["Ada", "Alan", "Barbara", "Grace", "Linus"])
        #expect(harness.transcript.calls == listEnterCalls("contacts", destination: at(1), proposal: .copyAt) + [
            .list("contacts", .performDrop(at(1), .copyAt)),
            .destination("contacts", .performDrop),
            .destination("contacts", .concludeDrop),
            .list("contacts", .dropSessionDidEnd),
            .destination("contacts", .didEnd),
        ])
    }

    @Test func twoItemsAreRefused() async throws {
        let table = ContactsTable(sections: [["Ada"]], in: window)
        let harness = listHarness(root: window)
        let drag = try harness.dragFromOtherProcess([vCardProvider(["Alan"]), vCardProvider(["Barbara"])])
        #expect(try drag.move(to: "contacts", at: rowPoint(0)) == nil)
        #expect(try drag.move(to: "contacts", at: rowPoint(0, 0.2)) == nil)
        #expect(try await drag.drop() == .cancel)

        // Asked once while the drag stays over the list, and told nothing else.
        #expect(harness.transcript.calls == [
            .list("contacts", .canHandle(false)),
            .destination("contacts", .canHandle(false)),
        ])
        #expect(table.contacts.items == ["Ada"])
        #expect(!table.list.hasActiveDrop)
    }

    @Test func itemsThatAreNoVCardAreRefused() async throws {
        let table = ContactsTable(sections: [["Ada"]], in: window)
        let harness = listHarness(root: window)
        let drag = try harness.dragFromOtherProcess([textProvider("Alan")])
        #expect(try drag.move(to: "contacts", at: rowPoint(0)) == nil)
        #expect(try await drag.drop() == .cancel)
        #expect(table.contacts.items == ["Ada"])
        #expect(harness.transcript.listCalls(on: "contacts") == [.canHandle(false)])
    }

    @Test func dropOffTheRowsGoesAfterTheLastRowOfTheLastSection() async throws {
        let table = ContactsTable(sections: [["Ada", "Grace"], ["Linus"]], in: window)
        let harness = listHarness(root: window)
        let drag = try harness.dragFromOtherProcess([vCardProvider(["Alan"])])
        // Below the last section's only row: 2 rows, 20 points of spacing, 1 row.
        try drag.move(to: "contacts", at: CGPoint(x: 150, y: 2 * 44 + 20 + 44 + 10))
        // The gap shows after the last row of the last section, where the drop lands.
        #expect(table.list.dropHover == .gap(before: at(1, 1)))
        #expect(try await drag.drop() == .copy)
        await table.finishLoads()

        #expect(table.contacts.sections == [["Ada", "Grace"], ["Linus", "Alan"]])
        #expect(harness.transcript.listCalls(on: "contacts") == [
            .canHandle(true), .dropSessionDidEnter, .dropSessionDidUpdate(nil, .copyAt),
            .performDrop(nil, .copyAt), .dropSessionDidEnd,
        ])
    }

    @Test func dropOnASecondSectionRowLandsInThatSection() async throws {
        let table = ContactsTable(sections: [["Ada", "Grace"], ["Linus"]], in: window)
        let harness = listHarness(root: window)
        let drag = try harness.dragFromOtherProcess([vCardProvider(["Alan"])])
        try drag.move(to: "contacts", at: CGPoint(x: 150, y: 2 * 44 + 20 + 5))
        #expect(table.list.dropHover == .gap(before: at(0, 1)))
        #expect(try await drag.drop() == .copy)
        await table.finishLoads()

        #expect(table.contacts.sections == [["Ada", "Grace"], ["Alan", "Linus"]])
        #expect(harness.transcript.listCalls(on: "contacts") == [
            .canHandle(true), .dropSessionDidEnter, .dropSessionDidUpdate(at(0, 1), .copyAt),
            .performDrop(at(0, 1), .copyAt), .dropSessionDidEnd,
        ])
    }
}
