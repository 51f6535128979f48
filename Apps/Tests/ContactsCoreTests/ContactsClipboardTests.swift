import ContactsCore
import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import UniformTypes
import VCard

/// Ctrl+C and Ctrl+V on the table: what goes on the clipboard, and a paste
/// going through the drop rules.
@MainActor
@Suite struct ContactsClipboardTests {
    @Test func aCopyOfTheSelectionIsOneItemWithEveryCardAndEveryTextBlock() async throws {
        let (scene, _) = try makeScene(["Ada", "Grace", "Linus"])
        scene.table.selectedRows = [0, 2]
        let providers = scene.table.clipboardItemProviders
        #expect(providers.count == 1)
        let vCard = try await providers[0].loadDataRepresentation(for: .vCard)
        #expect(VCardParser().parse(vCard).cards.map(\.fn) == ["Ada", "Linus"])
        let text = String(decoding: try await providers[0].loadDataRepresentation(for: .utf8PlainText), as: UTF8.self)
        #expect(text.contains("Ada") && text.contains("Linus") && !text.contains("Grace"))

        scene.table.selectedRows = []
        #expect(scene.table.clipboardItemProviders.isEmpty)
    }

    @Test func aPasteGoesInAfterTheCurrentContactAsOneUndoStep() async throws {
        let (scene, harness) = try makeScene(["Ada", "Grace", "Linus"])
        let table = scene.table
        table.selectedRows = [0]
        #expect(try table.paste([vCardProvider(vCardData(["Alan", "Barbara"]))], engine: harness.engine) == .copy)
        await table.finishImports()
        #expect(table.contacts.map(\.displayName) == ["Ada", "Alan", "Barbara", "Grace", "Linus"])
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada", "Alan", "Barbara", "Grace", "Linus"])
        table.undoLast()
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada", "Grace", "Linus"])
    }

    @Test func aCopyPastedBackAfterADeleteRestoresTheContacts() async throws {
        let (scene, harness) = try makeScene(["Ada", "Grace", "Linus"])
        let table = scene.table
        table.selectedRows = [1, 2]
        let copied = table.clipboardItemProviders
        #expect(try table.deleteSelection() == 2)
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada"])
        try table.paste(copied, engine: harness.engine)
        await table.finishImports()
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada", "Grace", "Linus"])
    }

    @Test func aPastedCardWhoseUIDIsHereIsOfferedAsAnUpdateNotAddedTwice() async throws {
        let (scene, harness) = try makeScene([])
        let table = scene.table
        try table.create(card("Ada Lovelace", uid: "ada-1", [.text("TEL", "+44 1")]))
        table.selectedRows = [0]
        let newer = card("Ada King", uid: "ada-1", [.text("TEL", "+44 2")])
        try table.paste([vCardProvider(VCardWriter().data(for: [newer]))], engine: harness.engine)
        await table.finishImports()
        #expect(table.contacts.map(\.displayName) == ["Ada Lovelace"])
        #expect(table.problems.map(\.code) == [.duplicateContact])
        #expect(table.offeredUpdates.count == 1)
    }

    @Test func aClipboardWithoutContactsIsReportedAndChangesNothing() throws {
        let (scene, harness) = try makeScene(["Ada"])
        let table = scene.table
        let text = ItemProvider()
        text.registerDataRepresentation(for: .utf8PlainText) { Data("Milk".utf8) }
        #expect(try table.paste([text], engine: harness.engine) == .cancel)
        #expect(table.problems.last?.message.contains("holds no contacts") == true)
        #expect(try table.paste([], engine: harness.engine) == .cancel)
        #expect(table.problems.last?.message.contains("clipboard is empty") == true)
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada"])
    }
}
