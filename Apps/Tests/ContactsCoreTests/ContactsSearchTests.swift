import ContactsCore
import DragAndDrop
import DragDropTesting
import Foundation
import Testing
import VCard

/// Search as you type, sorting by given or family name, and exporting the
/// selection.
@MainActor
@Suite struct ContactsSearchTests {
    func makeNamedScene() throws -> ContactsScene {
        let store = try ContactStore()
        try store.removeAllContacts()
        try store.insert([
            VCard(version: .v3_0, properties: [.structured("N", ["Hopper", "Grace", "", "", ""]), .text("FN", "Grace Hopper"),
                                               .text("TEL", "+1 (202) 555-0143")]),
            VCard(version: .v3_0, properties: [.structured("N", ["Lovelace", "Ada", "", "", ""]), .text("FN", "Ada Lovelace"),
                                               .text("EMAIL", "ada@engines.example")]),
            VCard(version: .v3_0, properties: [.structured("N", ["Gödel", "Kurt", "", "", ""]), .text("FN", "Kurt Gödel")]),
        ], at: 0)
        return try ContactsScene(store: store)
    }

    @Test func searchShowsTheMatchesAsThePersonTypes() throws {
        let scene = try makeNamedScene()
        scene.table.search("go")
        #expect(scene.table.contacts.map(\.displayName) == ["Kurt Gödel"])
        #expect(scene.detail.contact?.displayName == "Kurt Gödel")
        scene.table.search("engines")
        #expect(scene.table.contacts.map(\.displayName) == ["Ada Lovelace"])
        scene.table.search("2025550143")
        #expect(scene.table.contacts.map(\.displayName) == ["Grace Hopper"])
        scene.table.search("grace ada")
        #expect(scene.table.contacts.isEmpty)
        #expect(scene.detail.contact == nil)
        scene.table.search("")
        #expect(scene.table.contacts.count == 3)
    }

    @Test func aContactAddedDuringASearchStaysListedAndGoesInAtItsPlace() throws {
        let scene = try makeNamedScene()
        scene.table.search("ada")
        try scene.table.create(VCard(version: .v3_0, properties: [.text("FN", "Linus")]))
        #expect(scene.table.contacts.map(\.displayName) == ["Ada Lovelace", "Linus"])
        scene.table.search("")
        #expect(try scene.store.contacts().map(\.displayName) == ["Grace Hopper", "Ada Lovelace", "Linus", "Kurt Gödel"])
        #expect(scene.table.contacts.map(\.displayName) == ["Grace Hopper", "Ada Lovelace", "Linus", "Kurt Gödel"])
    }

    @Test func anImportDuringASearchListsTheNewContactsAfterTheMatchesAndUndoesAsOneStep() async throws {
        let scene = try makeNamedScene()
        scene.table.search("ada")
        let folder = try TestFolder()
        let names = (0..<1_200).map { "Person \($0)" }
        scene.table.importFiles([try folder.write("many.vcf", vCardData(names))])
        await scene.table.finishImports()
        #expect(scene.table.contacts.map(\.displayName) == ["Ada Lovelace"] + names)
        #expect(try scene.store.contacts().map(\.displayName) == ["Grace Hopper", "Ada Lovelace"] + names + ["Kurt Gödel"])
        let shown = scene.table.order

        await scene.table.undoLastAndWait()
        #expect(scene.table.contacts.map(\.displayName) == ["Ada Lovelace"])
        await scene.table.redoLastAndWait()
        #expect(scene.table.order == shown)
        scene.table.search("")
        #expect(scene.table.contacts.map(\.displayName) == ["Grace Hopper", "Ada Lovelace"] + names + ["Kurt Gödel"])
    }

    @Test func sortingByGivenOrFamilyNameIsOneUndoStep() throws {
        let scene = try makeNamedScene()
        try scene.table.sort(by: .givenName)
        #expect(scene.table.contacts.map(\.displayName) == ["Ada Lovelace", "Grace Hopper", "Kurt Gödel"])
        try scene.table.sort(by: .familyName)
        #expect(scene.table.contacts.map(\.displayName) == ["Kurt Gödel", "Grace Hopper", "Ada Lovelace"])
        #expect(try scene.store.contacts().map(\.displayName) == ["Kurt Gödel", "Grace Hopper", "Ada Lovelace"])
        scene.table.undoLast()
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada Lovelace", "Grace Hopper", "Kurt Gödel"])
    }

    @Test func theSelectionExportsAsOneVCardFileThatReadsBackTheSame() throws {
        let scene = try makeNamedScene()
        scene.table.selectedRows = [0, 2]
        let data = ContactsExport.vCard(scene.table.selectedContacts)
        #expect(VCardParser().parse(data).cards == scene.table.selectedContacts.map(\.card))
        #expect(VCardParser().parse(data).cards.map(\.fn) == ["Grace Hopper", "Kurt Gödel"])
    }
}
