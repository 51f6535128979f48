import ContactsCore
import Foundation
import Testing
import VCard

@Suite struct ContactStoreTests {
    @Test func sampleContactsComeOnFirstRunOnly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try ContactStore(folder: folder)
        #expect(try first.contacts().map(\.displayName) == SampleContacts.cards.map { $0.fn ?? "" })
        try first.removeAllContacts()
        try first.insert([VCard(properties: [.text("FN", "Only")])], at: 0)

        let again = try ContactStore(folder: folder)
        #expect(try again.contacts().map(\.displayName) == ["Only"])
    }

    @Test func aStoreMadeWithoutSamplesStartsEmptyAndStaysSo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try ContactStore(folder: folder, samples: false).contacts().isEmpty)
        // The samples' one chance was the first run: a later open adds none.
        #expect(try ContactStore(folder: folder).contacts().isEmpty)
    }

    @Test func contactsReadAheadAreTakenOnceAndAWriteDropsThem() throws {
        let store = try ContactStore()
        let names = SampleContacts.cards.map { $0.fn ?? "" }
        store.readContactsAhead()
        #expect(try store.contacts().map(\.displayName) == names)
        // Read ahead, then written: the next read has the write.
        store.readContactsAhead()
        Thread.sleep(forTimeInterval: 0.05)
        try store.insert([VCard(properties: [.text("FN", "Later")])], at: 0)
        #expect(try store.contacts().map(\.displayName) == ["Later"] + names)
        #expect(try store.contacts().map(\.displayName) == ["Later"] + names)
    }

    @Test func insertingKeepsOrderAndEveryProperty() throws {
        let store = try ContactStore()
        try store.removeAllContacts()
        try store.insert(["A", "D"].map { VCard(properties: [.text("FN", $0)]) }, at: 0)
        let card = VCard(version: .v4_0, properties: [
            .text("FN", "B"), VCardProperty(name: "X-CUSTOM", value: "kept", group: "item1"),
        ])
        let saved = try store.insert([card, VCard(properties: [.text("FN", "C")])], at: 1)
        #expect(saved.allSatisfy { $0.id != nil })
        let contacts = try store.contacts()
        #expect(contacts.map(\.displayName) == ["A", "B", "C", "D"])
        #expect(contacts[1].card == card)
    }

    @Test func contactsDeletedTogetherComeBackInTheirPlaces() throws {
        let store = try ContactStore()
        try store.removeAllContacts()
        let names = (0..<12).map { "Person \($0)" }
        let saved = try store.insert(names.map { VCard(properties: [.text("FN", $0)]) }, at: 0)
        // The first, a run in the middle, one on its own and the last.
        let gone = Set([0, 4, 5, 6, 9, 11].compactMap { saved[$0].id })
        let placed = try store.delete(ids: gone)
        #expect(placed.map(\.position) == [0, 4, 5, 6, 9, 11])
        #expect(try store.contacts().map(\.displayName) == ["Person 1", "Person 2", "Person 3", "Person 7", "Person 8", "Person 10"])
        // The rows left have no gaps: an insert at 4 lands before the fifth.
        let extra = try store.insert([VCard(properties: [.text("FN", "Extra")])], at: 4)
        #expect(try store.contacts().map(\.displayName)[4] == "Extra")
        try store.delete(ids: Set(extra.compactMap(\.id)))

        try store.restore(placed)
        #expect(try store.contacts().map(\.id) == saved.map(\.id))
        #expect(try store.contacts().map(\.displayName) == names)
        try store.insert([VCard(properties: [.text("FN", "Last")])], at: 12)
        #expect(try store.contacts().map(\.displayName) == names + ["Last"])
    }

    @Test func contactsPutBackAfterTheTableLostRowsGoAtTheEndWithoutAGap() throws {
        let store = try ContactStore()
        try store.removeAllContacts()
        let saved = try store.insert(["Ada", "Grace", "Linus", "Zed"].map { VCard(properties: [.text("FN", $0)]) }, at: 0)
        let placed = try store.delete(ids: [saved[3].id!])
        #expect(placed.map(\.position) == [3])
        // Meanwhile two rows before it went: position 3 is past the end.
        try store.delete(ids: [saved[0].id!, saved[1].id!])
        try store.restore(placed)
        #expect(try store.contacts().map(\.displayName) == ["Linus", "Zed"])
        // No gap: a new contact at the end lands after Zed.
        try store.insert([VCard(properties: [.text("FN", "Last")])], at: 2)
        #expect(try store.contacts().map(\.displayName) == ["Linus", "Zed", "Last"])
    }

    @Test func aContactReadFromTheStoreIsTheContactThatWasSaved() throws {
        let store = try ContactStore()
        let card = VCard(version: .v4_0, properties: [
            .text("FN", "Émilie du Châtelet"), .text("NOTE", "Line one\nline two"),
            VCardProperty(name: "X-CUSTOM", value: "kept", group: "item1"),
        ])
        let saved = try #require(try store.insert([card], at: 0).first)
        let read = try #require(try store.contacts().first)
        #expect(read == saved)
        #expect(read.hashValue == saved.hashValue)
        #expect(Set([read, saved]).count == 1)
        #expect(read.card == card)
        var edited = read
        edited.card.removeAll("NOTE")
        #expect(edited != read, "a changed card is another contact")
        #expect(read.card == card, "the copy it came from keeps its card")
    }

    @Test func namesReadWithoutParsingAreTheParsedCardsNames() throws {
        let store = try ContactStore()
        try store.removeAllContacts()
        let cards = [
            VCard(properties: [.text("FN", "Ada Lovelace")]),
            VCard(properties: [.text("FN", "Lovelace, Ada; Countess")]),  // escaped when written
            VCard(properties: [.text("FN", String(repeating: "Émilie du Châtelet ", count: 6))]),  // folded
            VCard(version: .v4_0, properties: [.text("FN", "Grace Hopper")]),
            VCard(properties: [.text("ORG", "Analytical Engines Ltd")]),  // no FN
        ]
        try store.insert(cards, at: 0)
        #expect(try store.contacts().map(\.displayName) == cards.map { Contact(card: $0).displayName })
        #expect(try store.contacts().map(\.displayName)[4] == "Analytical Engines Ltd")
    }

    @Test func exportHasTheKeysOfVCardParse() throws {
        let store = try ContactStore()
        let json = try ContactsExport.json(store.contacts())
        let objects = try #require(JSONSerialization.jsonObject(with: json) as? [[String: Any]])
        #expect(objects.count == SampleContacts.cards.count)
        #expect(Set(objects[0].keys) == ["fn", "n", "org", "title", "tels", "emails", "adrs", "urls", "bday", "note", "uid", "hasPhoto"])
        #expect(objects[0]["fn"] as? String == "Ada Lovelace")
        #expect((objects[0]["n"] as? [String: String])?["family"] == "Lovelace")
    }
}
