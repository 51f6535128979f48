@testable import ContactsCore
import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import VCard

/// What comes in: several files at once, files with nothing in them, bad
/// files named with their contacts, contacts already present (same UID).
@MainActor
@Suite struct ContactsImportTests {
    @Test func aDropOfTwoFilesImportsBoth() async throws {
        let folder = try TestFolder()
        let friends = try folder.write("friends.vcf", vCardData(["Alan", "Barbara"]))
        let family = try folder.write("family.vcf", vCardData(["Carl"]))
        let (scene, harness) = try makeScene(["Ada"])
        let drag = try harness.dragFromOtherProcess([fileListProvider([friends, family])])
        #expect(try drag.move(to: ContactsTable.name, at: CGPoint(x: 100, y: 300))?.operation == .copy)
        #expect(try await drag.drop() == .copy)
        await scene.table.finishImports()
        #expect(scene.table.contacts.map(\.displayName) == ["Ada", "Alan", "Barbara", "Carl"])
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada", "Alan", "Barbara", "Carl"])
        #expect(scene.table.problems.isEmpty)
        // The whole drop is one undo step.
        scene.table.undoLast()
        #expect(scene.table.contacts.map(\.displayName) == ["Ada"])
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada"])
    }

    @Test func aLargeImportShowsItsProgressAndGoesInInOrder() async throws {
        let folder = try TestFolder()
        let names = (0..<2_500).map { "Person \($0)" }
        let file = try folder.write("many.vcf", vCardData(names))
        let (scene, _) = try makeScene(["Ada"])
        let seen = ProgressLog()
        scene.table.onImportProgress = { running in
            seen.entries.append(running.map { "\($0.added) of \($0.total)" } ?? "done")
        }
        scene.table.importFiles([file])
        await scene.table.finishImports()
        // The first step is a thousand cards; later ones are sized to the
        // pace of the writes, each adding at least 500 (or the rest).
        #expect(seen.entries.prefix(2) == ["0 of 2500", "1000 of 2500"])
        #expect(seen.entries.suffix(2) == ["2500 of 2500", "done"])
        let counts = seen.entries.dropLast().map { Int($0.prefix { $0 != " " }) ?? -1 }
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $1 - $0 >= 500 || $1 == 2_500 })
        #expect(scene.table.runningImport == nil)
        #expect(scene.table.contacts.map(\.displayName) == ["Ada"] + names)
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada"] + names)
    }

    @Test func laterStepsAreSizedToTakeAboutAQuarterOfASecond() {
        #expect(ContactsTable.nextImportStep(after: 1_000, took: .milliseconds(125)) == 2_000)
        #expect(ContactsTable.nextImportStep(after: 1_000, took: .milliseconds(500)) == 500)
        // Never fewer than 500 on a crawling machine, nor more than 5,000 on a fast one.
        #expect(ContactsTable.nextImportStep(after: 1_000, took: .seconds(3)) == 500)
        #expect(ContactsTable.nextImportStep(after: 1_000, took: .milliseconds(10)) == 5_000)
        #expect(ContactsTable.nextImportStep(after: 1_000, took: .zero) == 5_000)
    }

    @Test func aCancelledImportKeepsWhatCameInAsOneUndoStep() async throws {
        let folder = try TestFolder()
        let names = (0..<2_500).map { "Person \($0)" }
        let file = try folder.write("many.vcf", vCardData(names))
        let (scene, _) = try makeScene(["Ada"])
        scene.table.onImportProgress = { running in
            if let running, running.added >= 1_000 { running.cancel() }
        }
        scene.table.importFiles([file])
        await scene.table.finishImports()
        let kept = ["Ada"] + names.prefix(1_000)
        #expect(scene.table.contacts.map(\.displayName) == kept)
        #expect(try scene.store.contacts().map(\.displayName) == kept)
        #expect(scene.table.undo.undoName == "Import 1000 Contacts")
        scene.table.undoLast()
        #expect(scene.table.contacts.map(\.displayName) == ["Ada"])
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada"])
        // Redo brings back what came in, no more.
        scene.table.redoLast()
        #expect(scene.table.contacts.map(\.displayName) == kept)
        #expect(try scene.store.contacts().map(\.displayName) == kept)
    }

    @Test func redoOfAnUndoneLargeImportPutsEveryContactBackAsOneStep() async throws {
        let folder = try TestFolder()
        let names = (0..<2_500).map { "Person \($0)" }
        let file = try folder.write("many.vcf", vCardData(names))
        let (scene, _) = try makeScene(["Ada", "Zed"])
        scene.table.importFiles([file])
        await scene.table.finishImports()
        let imported = scene.table.order
        #expect(scene.table.undo.undoName == "Import 2500 Contacts")

        await scene.table.undoLastAndWait()
        #expect(scene.table.contacts.map(\.displayName) == ["Ada", "Zed"])
        #expect(scene.table.list.numberOfItems(inSection: 0) == 2)
        #expect(scene.table.undo.redoName == "Import 2500 Contacts")

        await scene.table.redoLastAndWait()
        #expect(scene.table.problems.isEmpty)
        #expect(scene.table.order == imported, "the same contacts, ids and order")
        #expect(scene.table.contacts.map(\.displayName) == ["Ada", "Zed"] + names)
        #expect(try scene.store.contacts().compactMap(\.id) == imported)
        #expect(scene.table.list.numberOfItems(inSection: 0) == 2_502)
        #expect(scene.table.selectedContacts.count == 2_500)
        #expect(!scene.table.undo.canRedo)
        #expect(scene.table.undo.undoName == "Import 2500 Contacts")

        // Still one step: one undo takes all of it out again.
        await scene.table.undoLastAndWait()
        #expect(scene.table.contacts.map(\.displayName) == ["Ada", "Zed"])
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada", "Zed"])
        #expect(!scene.table.undo.canUndo)
    }

    @Test func aLargeDropBetweenRowsComesBackInPlaceOnRedo() async throws {
        let names = (0..<1_500).map { "Person \($0)" }
        let (scene, harness) = try makeScene(["Ada", "Grace", "Zed"])
        let drag = try harness.dragFromOtherProcess([vCardProvider(vCardData(names))])
        try drag.move(to: ContactsTable.name, at: rowPoint(1, 0.1))
        #expect(try await drag.drop() == .copy)
        await scene.table.finishImports()
        let dropped = scene.table.order
        #expect(scene.table.contacts.map(\.displayName) == ["Ada"] + names + ["Grace", "Zed"])

        await scene.table.undoLastAndWait()
        #expect(scene.table.contacts.map(\.displayName) == ["Ada", "Grace", "Zed"])
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada", "Grace", "Zed"])
        await scene.table.redoLastAndWait()
        #expect(scene.table.order == dropped)
        #expect(try scene.store.contacts().compactMap(\.id) == dropped)
        // The store's positions have no gaps: a new contact lands at the end.
        try scene.table.create(card("Linus"))
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada"] + names + ["Grace", "Zed", "Linus"])
    }

    @Test func anImportOfSeveralFilesReportsEachBadOneByFileAndContactName() async throws {
        let folder = try TestFolder()
        let good = try folder.write("good.vcf", vCardData(["Alan"]))
        let empty = try folder.write("empty.vcf", "")
        let notes = try folder.write("notes.vcf", "Buy milk\r\nCall Ada\r\n")
        let broken = try folder.write("broken.vcf", "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Grace Hopper\r\nPHOTO;ENCODING=b:###\r\nEND:VCARD\r\n"
            + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Linus\r\nEND:VCARD\r\n")
        let alsoBroken = try folder.write("old.vcf", "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Turing;Alan;;;\r\nNOTE:bad\r\n")
        let (scene, _) = try makeScene(["Ada"])
        scene.table.importFiles([good, empty, notes, broken, alsoBroken])
        await scene.table.finishImports()

        #expect(scene.table.contacts.map(\.displayName) == ["Ada", "Alan", "Linus"])
        #expect(scene.table.problems.map(\.code) == [.emptyFile, .noCards, .invalidCards, .invalidCards])
        let messages = scene.table.problems.map(\.message)
        #expect(messages[0] == "“empty.vcf” is empty; there were no contacts in it to import.")
        #expect(messages[1] == "“notes.vcf” holds no contacts (no BEGIN:VCARD … END:VCARD); nothing was imported from it.")
        #expect(messages[2].hasPrefix("1 of 2 cards in “broken.vcf” could not be read and were not added: “Grace Hopper” (card 1, line 4): "))
        #expect(messages[3].hasPrefix("1 of 1 cards in “old.vcf” could not be read and were not added: “Alan Turing” (card 1, line 1): "))
        // All the files are one undo step.
        scene.table.undoLast()
        #expect(scene.table.contacts.map(\.displayName) == ["Ada"])
    }

    @Test func anEmptyDroppedVCardIsReported() async throws {
        let (scene, harness) = try makeScene(["Ada"])
        let provider = vCardProvider(Data())
        provider.suggestedName = "nothing"
        let drag = try harness.dragFromOtherProcess([provider])
        try drag.move(to: ContactsTable.name, at: rowPoint(0))
        #expect(try await drag.drop() == .copy)
        await scene.table.finishImports()
        #expect(scene.table.contacts.map(\.displayName) == ["Ada"])
        #expect(!scene.table.list.hasUncommittedUpdates)
        #expect(scene.table.problems.map(\.message) == ["“nothing” is empty; there were no contacts in it to import."])
    }

    @Test func aContactWhoseUIDIsPresentIsNotAddedTwiceButOfferedAsAnUpdate() async throws {
        let (scene, harness) = try makeScene([])
        try scene.table.create(card("Ada Lovelace", uid: "ada-1", [.text("TEL", "+44 1")]))
        try scene.table.create(card("Grace Hopper", uid: "grace-1"))
        let newer = card("Ada King", uid: "ada-1", [.text("TEL", "+44 2")])
        let provider = vCardProvider(VCardWriter().data(for: [newer, card("Grace Hopper", uid: "grace-1"), card("Alan", uid: "alan-1")]))
        provider.suggestedName = "export"
        let drag = try harness.dragFromOtherProcess([provider])
        try drag.move(to: ContactsTable.name, at: CGPoint(x: 100, y: 300))
        #expect(try await drag.drop() == .copy)
        await scene.table.finishImports()

        #expect(scene.table.contacts.map(\.displayName) == ["Ada Lovelace", "Grace Hopper", "Alan"])
        #expect(scene.table.problems.map(\.code) == [.duplicateContact])
        #expect(scene.table.problems.first?.message == "2 contacts are already in your contacts (same UID) and were not added again: “Ada King” (from “export”), “Grace Hopper” (from “export”); choose Update to replace the contact with the imported card.")
        // Grace is unchanged, so only Ada is offered.
        #expect(scene.table.offeredUpdates.map(\.existing.displayName) == ["Ada Lovelace"])

        #expect(try scene.table.applyUpdates() == 1)
        #expect(scene.table.contacts.map(\.displayName) == ["Ada King", "Grace Hopper", "Alan"])
        #expect(try scene.store.contacts().first?.card.telephones.map(\.value) == ["+44 2"])
        #expect(scene.table.offeredUpdates.isEmpty)
        scene.table.undoLast()
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada Lovelace", "Grace Hopper", "Alan"])
    }

    @Test func aUIDTwiceInOneImportIsAddedOnce() async throws {
        let folder = try TestFolder()
        let one = try folder.write("one.vcf", VCardWriter().data(for: [card("Ada", uid: "ada-1")]))
        let two = try folder.write("two.vcf", VCardWriter().data(for: [card("Ada", uid: "ada-1")]))
        let (scene, _) = try makeScene([])
        scene.table.importFiles([one, two])
        await scene.table.finishImports()
        #expect(scene.table.contacts.map(\.displayName) == ["Ada"])
        #expect(scene.table.problems.map(\.message) == ["“Ada” (from “two.vcf”) is already in your contacts (same UID) and was not added again; the contacts there are unchanged."])
    }
}

/// What an import told the window, in order.
@MainActor
private final class ProgressLog {
    var entries: [String] = []
}
