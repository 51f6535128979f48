import ContactsCore
import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import VCard

/// Changes a person makes: create, edit, delete, photos; each one undo step.
@MainActor
@Suite struct ContactsEditingTests {
    @Test func createEditAndDeleteAreEachOneUndoStep() throws {
        let (scene, _) = try makeScene(["Ada", "Grace", "Alan"])
        let linus = try scene.table.create(card("Linus"))
        #expect(linus.card.uid?.hasPrefix("urn:uuid:") == true)
        #expect(scene.table.currentContact?.displayName == "Linus")
        #expect(scene.detail.contact?.displayName == "Linus")

        var edited = linus
        edited.card.removeAll("FN")
        edited.card.append(.text("FN", "Linus Torvalds"))
        try scene.table.edit(edited)
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada", "Grace", "Alan", "Linus Torvalds"])
        #expect(scene.detail.contact?.displayName == "Linus Torvalds")

        scene.table.selectedRows = [0, 2]
        #expect(try scene.table.deleteSelection() == 2)
        #expect(scene.table.contacts.map(\.displayName) == ["Grace", "Linus Torvalds"])
        #expect(try scene.store.contacts().map(\.displayName) == ["Grace", "Linus Torvalds"])
        #expect(scene.table.undo.undoName == "Delete 2 Contacts")

        scene.table.undoLast()
        #expect(scene.table.contacts.map(\.displayName) == ["Ada", "Grace", "Alan", "Linus Torvalds"])
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada", "Grace", "Alan", "Linus Torvalds"])
        // The contacts come back with their ids, selected.
        #expect(scene.table.selectedContacts.map(\.displayName) == ["Ada", "Alan"])
        scene.table.undoLast()
        #expect(scene.table.contacts.last?.displayName == "Linus")
        scene.table.undoLast()
        #expect(scene.table.contacts.map(\.displayName) == ["Ada", "Grace", "Alan"])
        #expect(!scene.table.undo.canUndo)

        scene.table.redoLast()
        scene.table.redoLast()
        scene.table.redoLast()
        #expect(try scene.store.contacts().map(\.displayName) == ["Grace", "Linus Torvalds"])
    }

    @Test func afterADeleteTheNextContactIsSelectedAndShown() throws {
        let (scene, _) = try makeScene(["Ada", "Grace", "Alan"])
        scene.select(row: 1)
        try scene.table.deleteSelection()
        #expect(scene.table.selectedContacts.map(\.displayName) == ["Alan"])
        #expect(scene.detail.contact?.displayName == "Alan")
        try scene.table.deleteSelection()
        // At the end, the one before.
        #expect(scene.detail.contact?.displayName == "Ada")
    }

    @Test func aTruncatedJPEGIsRefusedWithAReasonAndThePhotoKept() async throws {
        let (scene, harness) = try makeScene(["Ada"])
        let inside = CGPoint(x: scene.detail.node.frame.minX + 60, y: 60)
        let whole = try harness.dragFromOtherProcess(objects: [try BitmapImage(data: smallJPEG)])
        #expect(try whole.move(to: inside)?.operation == .copy)
        #expect(try await whole.drop() == .copy)
        await scene.detail.finishLoads()
        #expect(scene.detail.contact?.photoData == smallJPEG)

        let provider = ItemProvider()
        provider.suggestedName = "holiday"
        provider.registerDataRepresentation(for: .jpeg) { smallJPEG.prefix(smallJPEG.count - 10) }
        let cut = try harness.dragFromOtherProcess([provider])
        try cut.move(to: inside)
        #expect(try await cut.drop() == .copy)
        await scene.detail.finishLoads()
        #expect(scene.detail.problems.map(\.code) == [.badImage])
        #expect(scene.detail.problems.first?.message == "“holiday” is a damaged JPEG image: it is cut off in its image data. The photo was left as it was; try the original file.")
        #expect(scene.detail.contact?.photoData == smallJPEG)
        #expect(try scene.store.contacts().first?.photoData == smallJPEG)
        // The photo change was one undo step.
        scene.table.undoLast()
        #expect(scene.detail.contact?.photoData == nil)
    }

    @Test func photoCheckReadsImagesToTheirEnd() throws {
        #expect(throws: Never.self) { try PhotoCheck.checked(smallJPEG, name: "a") }
        #expect(throws: Never.self) { try PhotoCheck.checked(onePixelPNG, name: "a") }
        for cut in [1, 2, 10, smallJPEG.count / 2] {
            #expect(throws: ContactsProblem.self) { try PhotoCheck.checked(smallJPEG.prefix(smallJPEG.count - cut), name: "a") }
        }
        for cut in [1, 12, onePixelPNG.count / 2] {
            #expect(throws: ContactsProblem.self) { try PhotoCheck.checked(onePixelPNG.prefix(onePixelPNG.count - cut), name: "a") }
        }
        var flipped = [UInt8](onePixelPNG)
        flipped[45] ^= 0xFF
        #expect(performing: { try PhotoCheck.checked(Data(flipped), name: "“x.png”") }, throws: { error in
            (error as? ContactsProblem)?.message.contains("checksum") == true
        })
    }
}
