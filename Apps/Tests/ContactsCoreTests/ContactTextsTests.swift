import ContactsCore
import DragAndDrop
import Foundation
import ItemProviders
import Testing
import VCard

/// Contacts opened from the store with their ids only: each card's text is
/// read when the contact is first looked at, and must be that contact's
/// whatever changed in the store since.
@MainActor
@Suite struct ContactTextsTests {
    private static let names = (0..<300).map { "Person \($0)" }

    private func filledStore() throws -> ContactStore {
        let store = try ContactStore()
        try store.removeAllContacts()
        try store.insert(Self.names.map { VCard(version: .v3_0, properties: [.text("FN", $0)]) }, at: 0)
        return store
    }

    @Test func contactsOpenedBeforeOthersWereInsertedReadTheirOwnCards() throws {
        let store = try filledStore()
        let opened = try store.contacts()
        // Every position moves down; the texts are still found by contact.
        try store.insert([VCard(properties: [.text("FN", "Newcomer")])], at: 0)
        #expect(opened[250].displayName == "Person 250")
        #expect(opened.map(\.displayName) == Self.names)
        #expect(opened.map { $0.card.fn } == Self.names)
    }

    @Test func aContactDeletedBeforeItsCardWasReadKeepsItAndUndoBringsItBack() throws {
        let scene = try ContactsScene(store: try filledStore())
        let kept = scene.table.contacts[200]  // far from the rows looked at so far
        try scene.table.delete(ids: [try #require(kept.id)])
        #expect(kept.displayName == "Person 200")
        #expect(VCardParser().parse(kept.vCardData).cards.first?.fn == "Person 200")
        #expect(!scene.table.contacts.map(\.displayName).contains("Person 200"))
        scene.table.undoLast()
        #expect(scene.table.contacts.map(\.displayName) == Self.names)
        #expect(try scene.store.contacts().map(\.displayName) == Self.names)
    }

    @Test func aDragOfStoredContactsSendsEveryCardAsItWasSaved() async throws {
        let store = try filledStore()
        let opened = try store.contacts()
        let data = try await ContactItemProvider.combined(opened).loadDataRepresentation(for: .vCard)
        #expect(data == VCardWriter().data(for: Self.names.map { VCard(version: .v3_0, properties: [.text("FN", $0)]) }))
        // An edited contact is written anew, not sent as it was stored.
        var edited = opened[3]
        edited.card.removeAll("FN")
        edited.card.append(.text("FN", "Renamed"))
        let mixed = try await ContactItemProvider.combined([opened[2], edited]).loadDataRepresentation(for: .vCard)
        #expect(VCardParser().parse(mixed).cards.map(\.fn) == ["Person 2", "Renamed"])
    }

    @Test func readingEveryTextAfterOpeningKeepsTheNamesAndTheSearch() async throws {
        let scene = try ContactsScene(store: try filledStore())
        await scene.table.readAllTexts().value
        #expect(scene.table.contacts.map(\.displayName) == Self.names)
        scene.table.search("Person 29")
        #expect(scene.table.contacts.map(\.displayName)
            == ["Person 29", "Person 129", "Person 229"] + (290..<300).map { "Person \($0)" })
    }
}
