@testable import ContactsCore
import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import UniformTypes
import VCard

/// Dragging contacts out of the table: vCard first, then plain text;
/// several contacts in one drag; one combined item for single-item readers.
@MainActor
@Suite struct ContactsDragTests {
    @Test func aContactDragsOutAsVCardThenPlainText() async throws {
        let (scene, harness) = try makeScene(["Ada Lovelace", "Grace Hopper"])
        let notes = TextTarget(frame: CGRect(x: 0, y: 400, width: 300, height: 80), in: scene.root)
        let drag = try harness.lift(from: ContactsTable.name, at: rowPoint(1))
        let provider = try #require(drag.dragSession?.items.first?.itemProvider)
        #expect(provider.registeredContentTypes == [.vCard, .utf8PlainText])
        // One contact needs no combined item: it is the item.
        #expect(ContactItemProvider.combined(for: drag.dragSession?.items ?? []) == nil)
        #expect(ContactItemProvider.combined(for: try #require(drag.dragSession)) == nil)

        let card = try await provider.loadDataRepresentation(for: .vCard)
        #expect(VCardParser().parse(card).cards.map(\.fn) == ["Grace Hopper"])

        #expect(try drag.move(to: "notes")?.operation == .copy)
        #expect(try await drag.drop() == .copy)
        #expect(notes.texts == ["Grace Hopper"])
        #expect(Array(harness.transcript.calls.prefix(8)) == contactsLiftCalls(at: at(1)))
        #expect(scene.table.contacts.map(\.displayName) == ["Ada Lovelace", "Grace Hopper"])
    }

    @Test func touchesOnMoreRowsAddTheirContactsToTheRunningDrag() async throws {
        let (scene, harness) = try makeScene(["Ada", "Grace", "Alan", "Linus"])
        let notes = TextTarget(frame: CGRect(x: 0, y: 400, width: 300, height: 80), in: scene.root)
        let drag = try harness.lift(from: ContactsTable.name, at: rowPoint(0))
        #expect(try drag.addItems(from: ContactsTable.name, at: rowPoint(2)) == 1)
        #expect(try drag.addItems(from: ContactsTable.name, at: rowPoint(3)) == 1)
        // A contact already in the drag is not added twice.
        #expect(try drag.addItems(from: ContactsTable.name, at: rowPoint(0)) == 0)
        let session = try #require(drag.dragSession)
        #expect(session.items.count == 3)

        // One item for apps that read a single item: all cards, all names.
        let combined = try #require(ContactItemProvider.combined(for: session.items))
        #expect(combined.registeredContentTypes == [.vCard, .utf8PlainText])
        let cards = VCardParser().parse(try await combined.loadDataRepresentation(for: .vCard))
        #expect(cards.cards.map(\.fn) == ["Ada", "Alan", "Linus"])
        #expect(try await combined.loadObject(ofClass: String.self) == "Ada\n\nAlan\n\nLinus")
        // The desktop's combined item is made from the session, the same.
        let fromSession = try #require(ContactItemProvider.combined(for: session))
        #expect(try await fromSession.loadObject(ofClass: String.self) == "Ada\n\nAlan\n\nLinus")

        try drag.move(to: "notes")
        #expect(try await drag.drop() == .copy)
        #expect(notes.texts == ["Ada", "Alan", "Linus"])
        #expect(Array(harness.transcript.calls.prefix(14)) == contactsLiftCalls(at: at(0)) + [
            .list(ContactsTable.name, .itemsForAdding(at(2), count: 1)),
            .source(ContactsTable.name, .itemsForAdding(1)),
            .list(ContactsTable.name, .itemsForAdding(at(3), count: 1)),
            .source(ContactsTable.name, .itemsForAdding(1)),
            .list(ContactsTable.name, .itemsForAdding(at(0), count: 0)),
            .source(ContactsTable.name, .itemsForAdding(0)),
        ])
    }

    @Test func aDragFromASelectedRowTakesEverySelectedContact() async throws {
        let (scene, harness) = try makeScene(["Ada", "Grace", "Alan"])
        scene.table.selectedRows = [0, 2]
        let drag = try harness.lift(from: ContactsTable.name, at: rowPoint(2))
        #expect(drag.dragSession?.items.count == 2)
        let combined = try #require(ContactItemProvider.combined(for: drag.dragSession?.items ?? []))
        #expect(try await combined.loadObject(ofClass: String.self) == "Ada\n\nAlan")
        #expect(Array(harness.transcript.calls.prefix(8)) == contactsLiftCalls(at: at(2), items: 2))
        try drag.cancel()

        // A row outside the selection drags alone.
        let other = try harness.lift(from: ContactsTable.name, at: rowPoint(1))
        let session = try #require(other.dragSession)
        #expect(session.itemCount == 1)
        #expect((session.item(at: 0).localObject as? Contact)?.displayName == "Grace")
        try other.cancel()
    }

    @Test func aDragOfTheWholeTableTakesEachContactOnceInOrder() async throws {
        let names = (0..<3_000).map { "Person \($0)" }
        let (scene, harness) = try makeScene(names)
        scene.table.selection.selectAll(in: scene.table.order)
        let drag = try harness.lift(from: ContactsTable.name, at: rowPoint(1))
        let session = try #require(drag.dragSession)
        #expect(session.itemCount == 3_000)
        #expect(Array(harness.transcript.calls.prefix(8)) == contactsLiftCalls(at: at(1), items: 3_000))
        #expect((session.item(at: 2_999).localObject as? Contact)?.displayName == "Person 2999")
        // The desktop's combined item comes from the contacts the lift recorded.
        let fromSession = try #require(ContactItemProvider.combined(for: session))
        #expect(fromSession.suggestedName == "3000 Contacts")
        #expect(try await fromSession.loadObject(ofClass: String.self) == names.joined(separator: "\n\n"))
        #expect(session.items.count == 3_000)
        #expect(session.items.compactMap { ($0.localObject as? Contact)?.displayName } == names)
        #expect(try drag.addItems(from: ContactsTable.name, at: rowPoint(2)) == 0, "already in the drag")
        // The combined vCard is written when it is loaded, with every card in table order.
        let combined = try #require(ContactItemProvider.combined(for: session.items))
        #expect(combined.suggestedName == "3000 Contacts")
        let cards = VCardParser().parse(try await combined.loadDataRepresentation(for: .vCard)).cards
        #expect(cards.map(\.fn) == names)
        try drag.cancel()
    }

    @Test func aLiftOfTheWholeTableReadsNoCardTillANameOrCardIsAskedFor() async throws {
        let names = (0..<3_000).map { "Person \($0)" }
        let (scene, harness) = try makeScene(names)
        scene.table.selection.selectAll(in: scene.table.order)
        func unread() -> Int { scene.table.contacts.filter { $0.unreadText != nil }.count }
        let unreadBefore = unread()
        #expect(unreadBefore > 2_000, "the table opens with ids only")
        let drag = try harness.lift(from: ContactsTable.name, at: rowPoint(1))
        let items = try #require(drag.dragSession?.items)
        #expect(items.count == 3_000)
        #expect(unread() == unreadBefore)

        // Each item's name and card come from the store when asked for.
        #expect(items[2_999].itemProvider.suggestedName == "Person 2999")
        let card = try await items[1_500].itemProvider.loadDataRepresentation(for: .vCard)
        #expect(VCardParser().parse(card).cards.map(\.fn) == ["Person 1500"])
        #expect(unread() < unreadBefore)
        try drag.cancel()
    }

    @Test func ownRowsAreNotTakenBack() async throws {
        let (scene, harness) = try makeScene(["Ada", "Grace"])
        let drag = try harness.lift(from: ContactsTable.name, at: rowPoint(0))
        #expect(try drag.move(to: ContactsTable.name, at: rowPoint(1, 0.2))?.operation == .cancel)
        #expect(try await drag.drop() == .cancel)
        await scene.table.finishImports()
        #expect(scene.table.contacts.map(\.displayName) == ["Ada", "Grace"])
        #expect(harness.transcript.listCalls(on: ContactsTable.name) == [
            .itemsForBeginning(at(0), count: 1), .dragSessionAllowsMoveOperation(false),
            .dragSessionIsRestrictedToDraggingApplication(false), .dragSessionWillBegin,
            .canHandle(true), .dropSessionDidEnter, .dropSessionDidUpdate(at(0), ListDropProposal(operation: .cancel)),
            .dropSessionDidExit, .dragSessionDidEnd, .dropSessionDidEnd,
        ])
    }
}
