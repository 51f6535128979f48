import ContactsCore
import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import UniformTypes
import VCard

/// Dropping vCards into the table: at the drop row or appended, in order,
/// through placeholders; files; bad cards; the one-item setting.
@MainActor
@Suite struct ContactsDropTests {
    @Test func everyCardOfADroppedVCardGoesInAtTheDropRowThroughAPlaceholder() async throws {
        let (scene, harness) = try makeScene(["Ada", "Grace", "Linus"])
        let table = scene.table
        let gate = LoadGateForTests()
        let drag = try harness.dragFromOtherProcess([vCardProvider(vCardData(["Alan", "Barbara"]), gate: gate)])
        #expect(try drag.move(to: ContactsTable.name, at: rowPoint(1, 0.3))?.operation == .copy)
        #expect(table.list.dropHover == .gap(before: at(1)))
        // The load is held back, so the drop is looked at without waiting.
        #expect(try await drag.drop(waitingForLoads: false) == .copy)

        // Still loading: one placeholder row at the drop row says so.
        #expect(table.list.hasUncommittedUpdates)
        #expect(table.list.numberOfItems(inSection: 0) == 4)
        let placeholder = try #require(table.list.row(at: at(1))?.placeholder)
        let cell = TestCell()
        placeholder.updateCell(cell)
        #expect(cell.text == "Loading…")
        #expect(table.contacts.map(\.displayName) == ["Ada", "Grace", "Linus"])

        gate.open()
        await table.finishImports()
        #expect(!table.list.hasUncommittedUpdates)
        #expect(table.contacts.map(\.displayName) == ["Ada", "Alan", "Barbara", "Grace", "Linus"])
        #expect(table.list.numberOfItems(inSection: 0) == 5)
        // Saved, in the same order.
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada", "Alan", "Barbara", "Grace", "Linus"])
        #expect(harness.transcript.calls == contactsDropCalls(destination: at(1)))
    }

    @Test func aLargeAddressBookGoesInInOrderInSteps() async throws {
        let (scene, harness) = try makeScene(["Ada", "Grace"])
        let names = (0..<1_234).map { "Person \($0)" }
        let drag = try harness.dragFromOtherProcess([vCardProvider(vCardData(names))])
        try drag.move(to: ContactsTable.name, at: rowPoint(1, 0.2))
        #expect(try await drag.drop() == .copy)
        await scene.table.finishImports()
        #expect(scene.table.contacts.map(\.displayName) == ["Ada"] + names + ["Grace"])
        #expect(scene.table.list.numberOfItems(inSection: 0) == 1_236)
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada"] + names + ["Grace"])
    }

    @Test func aDropOfManyItemsGoesInThroughOneRowInOrderAsOneUndoStep() async throws {
        let (scene, harness) = try makeScene(["Ada", "Grace"])
        let names = (0..<150).map { "Person \($0)" }
        let gate = LoadGateForTests()
        let drag = try harness.dragFromOtherProcess(names.map { vCardProvider(vCardData([$0]), gate: gate) })
        try drag.move(to: ContactsTable.name, at: rowPoint(1, 0.2))
        #expect(try await drag.drop(waitingForLoads: false) == .copy)
        // One row for the whole drop while its items load.
        #expect(scene.table.list.numberOfItems(inSection: 0) == 3)
        let placeholder = try #require(scene.table.list.row(at: at(1))?.placeholder)
        let cell = TestCell()
        placeholder.updateCell(cell)
        #expect(cell.text == "Loading 150 items…")
        gate.open()
        await scene.table.finishImports()
        #expect(scene.table.contacts.map(\.displayName) == ["Ada"] + names + ["Grace"])
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada"] + names + ["Grace"])
        scene.table.undoLast()
        #expect(scene.table.contacts.map(\.displayName) == ["Ada", "Grace"])
    }

    @Test func aDropOverEmptySpaceIsAppended() async throws {
        let (scene, harness) = try makeScene(["Ada", "Grace"])
        let drag = try harness.dragFromOtherProcess([vCardProvider(vCardData(["Alan"]))])
        #expect(try drag.move(to: ContactsTable.name, at: CGPoint(x: 100, y: 400))?.operation == .copy)
        // The insertion line shows after the last row, where the drop lands.
        #expect(scene.table.list.dropHover == .gap(before: IndexPath(item: 2, section: 0)))
        #expect(try await drag.drop() == .copy)
        await scene.table.finishImports()
        #expect(scene.table.contacts.map(\.displayName) == ["Ada", "Grace", "Alan"])
        #expect(harness.transcript.calls == contactsDropCalls(destination: nil))
    }

    @Test func threeContactsFromAnotherContactsProcessArriveAsThreeRowsInOrder() async throws {
        let (scene, harness) = try makeScene(["Ada", "Grace"])
        // The other process's items: one contact each, vCard then text;
        // their loads finish in reverse order.
        let gates = (0..<3).map { _ in LoadGateForTests() }
        let theirs = ["Alan", "Barbara", "Claude"].enumerated().map { index, name in
            let contact = Contact(card: VCard(version: .v3_0, properties: [.text("FN", name), .text("EMAIL", "\(name.lowercased())@example.com")]))
            let local = ContactItemProvider.provider(for: contact)
            let provider = ItemProvider()
            provider.registerDataRepresentation(for: .vCard) {
                await gates[index].wait()
                return try await local.loadDataRepresentation(for: .vCard)
            }
            provider.registerDataRepresentation(for: .utf8PlainText) { Data(name.utf8) }
            return provider
        }
        let drag = try harness.dragFromOtherProcess(theirs)
        try drag.move(to: ContactsTable.name, at: rowPoint(1, 0.3))
        #expect(try await drag.drop(waitingForLoads: false) == .copy)
        #expect(scene.table.list.numberOfItems(inSection: 0) == 5)  // 2 rows + 3 placeholders
        for gate in gates.reversed() { gate.open() }
        await scene.table.finishImports()

        #expect(scene.table.contacts.map(\.displayName) == ["Ada", "Alan", "Barbara", "Claude", "Grace"])
        #expect(scene.table.contacts[2].card.emails.first?.value == "barbara@example.com")
        #expect(harness.transcript.calls == contactsDropCalls(destination: at(1)))
    }

    @Test func contactsDraggedBetweenTwoTablesOfOneProcessArriveInOrder() async throws {
        let window = ViewNode(name: "window", frame: CGRect(x: 0, y: 0, width: 800, height: 600))
        let leftStore = try ContactStore()
        let rightStore = try ContactStore()
        try rightStore.removeAllContacts()
        let left = try ContactsTable(store: leftStore, frame: CGRect(x: 0, y: 0, width: 300, height: 600))
        let right = try ContactsTable(store: rightStore, frame: CGRect(x: 400, y: 0, width: 300, height: 600))
        window.addChild(left.list.node)
        window.addChild(right.list.node)
        let harness = DragDropHarness(root: window)
        let drag = try harness.lift(at: CGPoint(x: 100, y: 22))
        try drag.addItems(from: ContactsTable.name, at: rowPoint(3))
        try drag.addItems(from: ContactsTable.name, at: rowPoint(1))
        #expect(try drag.move(to: CGPoint(x: 500, y: 100))?.operation == .copy)
        #expect(try await drag.drop() == .copy)
        await right.finishImports()
        let names = SampleContacts.cards.map { $0.fn ?? "" }
        #expect(right.contacts.map(\.displayName) == [names[0], names[3], names[1]])
        #expect(left.contacts.map(\.displayName) == names)
        #expect(try rightStore.contacts().map(\.displayName) == [names[0], names[3], names[1]])
    }

    @Test func aVCardFileFromAFileManagerIsImported() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contacts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("friends.vcf")
        try vCardData(["Alan", "Barbara"]).write(to: file)

        let (scene, harness) = try makeScene(["Ada"])
        // A file manager offers the file by name only (a file URL).
        let drag = try harness.dragFromOtherProcess(objects: [file])
        #expect(try drag.move(to: ContactsTable.name, at: rowPoint(0, 0.2))?.operation == .copy)
        #expect(try await drag.drop() == .copy)
        await scene.table.finishImports()
        #expect(scene.table.contacts.map(\.displayName) == ["Alan", "Barbara", "Ada"])
        #expect(scene.table.problems.isEmpty)
    }

    @Test func invalidCardsAreReportedAndTheValidOnesAdded() async throws {
        let (scene, harness) = try makeScene(["Ada"])
        let data = Data(("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Good\r\nEND:VCARD\r\n"
            + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bad\r\nPHOTO;ENCODING=b:###\r\nEND:VCARD\r\n"
            + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Also good\r\nEND:VCARD\r\n").utf8)
        let provider = vCardProvider(data)
        provider.suggestedName = "export"
        let drag = try harness.dragFromOtherProcess([provider])
        try drag.move(to: ContactsTable.name, at: CGPoint(x: 100, y: 300))
        #expect(try await drag.drop() == .copy)
        await scene.table.finishImports()
        #expect(scene.table.contacts.map(\.displayName) == ["Ada", "Good", "Also good"])
        #expect(scene.table.problems.map(\.code) == [.invalidCards])
        #expect(scene.table.problems.first?.message.hasPrefix("1 of 3 cards in “export” could not be read and were not added: “Bad” (card 2, line 8):") == true)
    }

    @Test func aFileThatIsNoVCardIsReportedAndLeavesNoRow() async throws {
        let (scene, harness) = try makeScene(["Ada"])
        let drag = try harness.dragFromOtherProcess(objects: [URL(fileURLWithPath: "/tmp/notes.txt")])
        #expect(try drag.move(to: ContactsTable.name, at: rowPoint(0))?.operation == .copy)
        #expect(try await drag.drop() == .copy)
        await scene.table.finishImports()
        #expect(scene.table.contacts.map(\.displayName) == ["Ada"])
        #expect(!scene.table.list.hasUncommittedUpdates)
        #expect(scene.table.problems.map(\.code) == [.notAVCard])
    }

    @Test func itemsThatAreNoContactsAreRefused() async throws {
        let (scene, harness) = try makeScene(["Ada"])
        let drag = try harness.dragFromOtherProcess(objects: ["just text"])
        #expect(try drag.move(to: ContactsTable.name, at: rowPoint(0)) == nil)
        #expect(try await drag.drop() == .cancel)
        #expect(harness.transcript.listCalls(on: ContactsTable.name) == [.canHandle(false)])
        #expect(scene.table.contacts.count == 1)
    }

    @Test func oneItemAtATimeIsASettingOffByDefault() async throws {
        let (scene, harness) = try makeScene(["Ada"])
        #expect(!scene.table.acceptsOneItemAtATime)
        let two = try harness.dragFromOtherProcess([vCardProvider(vCardData(["Alan"])), vCardProvider(vCardData(["Barbara"]))])
        #expect(try two.move(to: ContactsTable.name, at: rowPoint(0, 0.2))?.operation == .copy)
        #expect(try await two.drop() == .copy)
        await scene.table.finishImports()
        #expect(scene.table.contacts.map(\.displayName) == ["Alan", "Barbara", "Ada"])

        // Turned on (and saved): a drag of two items is refused, one is taken.
        try scene.store.setAcceptsOneItemAtATime(true)
        #expect(scene.store.acceptsOneItemAtATime)
        scene.table.acceptsOneItemAtATime = true
        harness.clearTranscript()
        let again = try harness.dragFromOtherProcess([vCardProvider(vCardData(["Cleo"])), vCardProvider(vCardData(["Dan"]))])
        #expect(try again.move(to: ContactsTable.name, at: rowPoint(0)) == nil)
        #expect(try await again.drop() == .cancel)
        #expect(harness.transcript.listCalls(on: ContactsTable.name) == [.canHandle(false)])
        let one = try harness.dragFromOtherProcess([vCardProvider(vCardData(["Cleo"]))])
        #expect(try one.move(to: ContactsTable.name, at: rowPoint(0, 0.2))?.operation == .copy)
        #expect(try await one.drop() == .copy)
        await scene.table.finishImports()
        #expect(scene.table.contacts.map(\.displayName) == ["Cleo", "Alan", "Barbara", "Ada"])
    }
}
