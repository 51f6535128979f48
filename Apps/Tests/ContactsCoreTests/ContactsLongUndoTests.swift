@testable import ContactsCore
import Foundation
import GRDB
import Testing

/// Undo and redo of changes too large for one go on the main actor (an
/// import of thousands of cards): they run a step at a time like the
/// import, with a count and Cancel, and leave the table, the store and the
/// undo stack agreeing whatever stops them.
@MainActor
@Suite struct ContactsLongUndoTests {
    /// A table of Ada and Zed (or `store`'s contacts) with `count` contacts imported after them.
    private func imported(_ count: Int, folder: TestFolder, store: ContactStore? = nil) async throws -> (ContactsScene, [String]) {
        let names = (0..<count).map { "Person \($0)" }
        let file = try folder.write("many.vcf", vCardData(names))
        let scene: ContactsScene
        if let store {
            scene = try ContactsScene(store: store)
        } else {
            (scene, _) = try makeScene(["Ada", "Zed"])
        }
        scene.table.importFiles([file])
        await scene.table.finishImports()
        return (scene, names)
    }

    /// An import row's progress handler that presses Cancel once `count` contacts are done.
    private static func cancel(after count: Int) -> @MainActor (ContactsImport?) -> Void {
        { running in
            if let running, running.added >= count { running.cancel() }
        }
    }

    /// Makes the store in `folder` fail to delete contact `id` (a trigger
    /// named "stuck"), as a disk error would; returns the connection that
    /// can drop the trigger again.
    @discardableResult
    private func refuseToDelete(_ id: Int64, in folder: TestFolder) async throws -> DatabaseQueue {
        let other = try DatabaseQueue(path: folder.url.appendingPathComponent(ContactStore.fileName).path)
        try await other.write { db in
            try db.execute(sql: """
                CREATE TRIGGER stuck BEFORE DELETE ON contact WHEN OLD.id = \(id)
                BEGIN SELECT RAISE(ABORT, 'stuck'); END
                """)
        }
        return other
    }

    @Test func undoAndRedoOfALargeImportRunAStepAtATimeWithTheirCount() async throws {
        let folder = try TestFolder()
        let (scene, names) = try await imported(2_500, folder: folder)
        let table = scene.table
        let imported = table.order
        let seen = StatusLog(of: table)

        table.undoLast()
        // The undo runs on, with Undo and Redo off, and its count shows.
        #expect(table.undo.isRunning)
        #expect(!table.undo.canUndo && !table.undo.canRedo)
        await table.undo.waitForRunningStep()
        #expect(seen.entries.first == "Undoing “Import 2500 Contacts”: 0 of 2500…")
        #expect(seen.entries.contains("Undoing “Import 2500 Contacts”: 1000 of 2500…"), "the first step is a thousand")
        #expect(seen.entries.suffix(2) == ["Undoing “Import 2500 Contacts”: 2500 of 2500…", "done"])
        #expect(table.runningImport == nil)
        #expect(table.contacts.map(\.displayName) == ["Ada", "Zed"])
        #expect(table.list.numberOfItems(inSection: 0) == 2)
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada", "Zed"])
        #expect(table.undo.redoName == "Import 2500 Contacts")
        #expect(table.undo.canUndo == false, "the import was the only change")

        seen.entries = []
        await table.redoLastAndWait()
        #expect(seen.entries.first == "Redoing “Import 2500 Contacts”: 0 of 2500…")
        #expect(seen.entries.last == "done")
        #expect(table.problems.isEmpty)
        #expect(table.order == imported, "the same contacts, ids and order")
        #expect(table.contacts.map(\.displayName) == ["Ada", "Zed"] + names)
        #expect(try scene.store.contacts().compactMap(\.id) == imported)
        #expect(table.list.numberOfItems(inSection: 0) == 2_502)
        #expect(table.selectedContacts.count == 2_500, "what came back is selected")
        #expect(table.undo.undoName == "Import 2500 Contacts")
        #expect(!table.undo.canRedo)
    }

    @Test func aSecondUndoWhileALongUndoRunsDoesNothing() async throws {
        let folder = try TestFolder()
        let (scene, names) = try await imported(2_500, folder: folder)
        let table = scene.table
        try table.create(card("Linus"))
        await table.undoLastAndWait()
        #expect(table.contacts.map(\.displayName) == ["Ada", "Zed"] + names)

        table.undoLast()
        table.undoLast()
        table.redoLast()
        await table.undo.waitForRunningStep()
        // One undo ran: the import is out, nothing else changed.
        #expect(table.contacts.map(\.displayName) == ["Ada", "Zed"])
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada", "Zed"])
        #expect(table.undo.redoName == "Import 2500 Contacts")
        #expect(table.problems.isEmpty)
        // Redo brings the import back, then Linus.
        await table.redoLastAndWait()
        await table.redoLastAndWait()
        #expect(table.contacts.map(\.displayName) == ["Ada", "Zed"] + names + ["Linus"])
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada", "Zed"] + names + ["Linus"])
    }

    @Test func aCancelledUndoLeavesWhatItTookOutAsOneStepAndTheRestAsAnother() async throws {
        let folder = try TestFolder()
        let (scene, names) = try await imported(2_500, folder: folder)
        let table = scene.table
        let imported = table.order
        table.onImportProgress = Self.cancel(after: 1_000)
        await table.undoLastAndWait()
        // The last thousand rows went first.
        let kept = ["Ada", "Zed"] + names.prefix(1_500)
        #expect(table.contacts.map(\.displayName) == kept)
        #expect(try scene.store.contacts().map(\.displayName) == kept)
        #expect(table.undo.undoName == "Import 1500 Contacts")
        #expect(table.undo.redoName == "Import 1000 Contacts")
        #expect(table.problems.isEmpty, "a cancel is no problem")
        table.onImportProgress = nil

        // Redo puts the thousand back; then nothing is lost either way.
        await table.redoLastAndWait()
        #expect(table.order == imported)
        #expect(try scene.store.contacts().compactMap(\.id) == imported)
        await table.undoLastAndWait()
        await table.undoLastAndWait()
        #expect(table.contacts.map(\.displayName) == ["Ada", "Zed"])
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada", "Zed"])
        await table.redoLastAndWait()
        await table.redoLastAndWait()
        #expect(table.order == imported)
        #expect(try scene.store.contacts().compactMap(\.id) == imported)
    }

    @Test func aStoreFailureMidUndoIsReportedAndLosesNothing() async throws {
        let folder = try TestFolder()
        let store = try ContactStore(folder: folder.url, samples: false)
        let (scene, names) = try await imported(2_500, folder: folder, store: store)
        let table = scene.table
        let imported = table.order
        // The first imported contact cannot be deleted: the undo fails in
        // the store at its step, the last one, after the others went.
        let other = try await refuseToDelete(imported[0], in: folder)

        await table.undoLastAndWait()
        let problem = try #require(table.problems.last)
        #expect(problem.code == .undoFailed)
        #expect(problem.message.hasPrefix("The change was only partly undone: "), "\(problem.message)")
        #expect(problem.message.contains(" of 2500 contacts were taken out, then something went wrong with the contacts file. Check the disk and try again; Undo takes out the other "), "\(problem.message)")
        #expect(!problem.message.contains("SQL") && !problem.message.contains("stuck"))
        // The table shows what the store holds, and both undo steps are there.
        let left = table.contacts.count
        #expect(try scene.store.contacts().compactMap(\.id) == table.order)
        #expect(table.undo.undoName == "Import \(left) Contacts")
        #expect(table.undo.redoName == "Import \(2_500 - left) Contacts")
        #expect(table.contacts.map(\.displayName) == Array(names.prefix(left)))
        #expect(left >= 1 && left <= 1_500, "the last thousand went first")
        #expect(table.runningImport == nil)

        // Once the store takes it, Undo takes out the rest; Redo twice puts everything back.
        try await other.write { db in try db.execute(sql: "DROP TRIGGER stuck") }
        await table.undoLastAndWait()
        #expect(table.contacts.isEmpty)
        #expect(try scene.store.contacts().isEmpty)
        await table.redoLastAndWait()
        await table.redoLastAndWait()
        #expect(table.order == imported)
        #expect(try scene.store.contacts().compactMap(\.id) == imported)
        #expect(table.contacts.map(\.displayName) == names)
    }

    @Test func aLargeDeleteIsUndoneAndRedoneAStepAtATime() async throws {
        let folder = try TestFolder()
        let (scene, names) = try await imported(1_500, folder: folder)
        let table = scene.table
        let all = table.order
        table.selection.selectAll(in: Array(all.dropFirst()))
        #expect(try table.deleteSelection() == 1_501)
        await table.undo.waitForRunningStep()
        #expect(table.undo.undoName == "Delete 1501 Contacts")
        #expect(table.contacts.map(\.displayName) == ["Ada"])

        table.undoLast()
        #expect(table.undo.isRunning)
        await table.undo.waitForRunningStep()
        #expect(table.order == all)
        #expect(try scene.store.contacts().compactMap(\.id) == all)
        await table.redoLastAndWait()
        #expect(table.contacts.map(\.displayName) == ["Ada"])
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada"])
        await table.undoLastAndWait()
        #expect(table.contacts.map(\.displayName) == ["Ada", "Zed"] + names)
    }

    @Test func aLargeDeleteRunsAStepAtATimeWithItsCountAndIsOneUndoStep() async throws {
        let folder = try TestFolder()
        let (scene, names) = try await imported(2_500, folder: folder)
        let table = scene.table
        let all = table.order
        let seen = StatusLog(of: table)
        table.selection.selectAll(in: Array(all.dropFirst(2)))

        #expect(try table.deleteSelection() == 2_500)
        // The delete runs on, with Undo and Redo off; nothing went in one go.
        #expect(table.undo.isRunning)
        #expect(!table.undo.canUndo && !table.undo.canRedo)
        #expect(table.contacts.count == 2_502)
        #expect(try table.deleteSelection() == 0, "a second Delete while it runs does nothing")
        await table.undo.waitForRunningStep()
        #expect(seen.entries.first == "Deleting contacts: 0 of 2500…")
        #expect(seen.entries.contains("Deleting contacts: 1000 of 2500…"), "the first step is a thousand")
        #expect(seen.entries.suffix(2) == ["Deleting contacts: 2500 of 2500…", "done"])
        #expect(table.runningImport == nil)
        #expect(table.problems.isEmpty)
        #expect(table.contacts.map(\.displayName) == ["Ada", "Zed"])
        #expect(table.list.numberOfItems(inSection: 0) == 2)
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada", "Zed"])
        #expect(table.undo.undoName == "Delete 2500 Contacts")
        #expect(!table.undo.canRedo)

        // One undo puts them all back, in their places with their ids.
        await table.undoLastAndWait()
        #expect(table.order == all)
        #expect(try scene.store.contacts().compactMap(\.id) == all)
        #expect(table.contacts.map(\.displayName) == ["Ada", "Zed"] + names)
        #expect(table.undo.undoName == "Import 2500 Contacts")
        await table.redoLastAndWait()
        #expect(table.contacts.map(\.displayName) == ["Ada", "Zed"])
        #expect(try scene.store.contacts().map(\.displayName) == ["Ada", "Zed"])
    }

    @Test func aCancelledDeleteKeepsWhatItDeletedAsOneUndoStepAndLosesNothing() async throws {
        let folder = try TestFolder()
        let (scene, names) = try await imported(2_500, folder: folder)
        let table = scene.table
        let all = table.order
        table.onImportProgress = Self.cancel(after: 1_000)
        table.selection.selectAll(in: Array(all.dropFirst(2)))
        try table.deleteSelection()
        await table.undo.waitForRunningStep()
        table.onImportProgress = nil
        // The last thousand rows went first; the others are still here.
        let kept = ["Ada", "Zed"] + names.prefix(1_500)
        #expect(table.contacts.map(\.displayName) == kept)
        #expect(try scene.store.contacts().map(\.displayName) == kept)
        #expect(table.undo.undoName == "Delete 1000 Contacts")
        #expect(!table.undo.canRedo, "what was not deleted is not for Redo")
        #expect(table.problems.isEmpty, "a cancel is no problem")

        // Undo puts the thousand back where they were.
        await table.undoLastAndWait()
        #expect(table.order == all)
        #expect(try scene.store.contacts().compactMap(\.id) == all)
        await table.redoLastAndWait()
        #expect(table.contacts.map(\.displayName) == kept)
    }

    @Test func aStoreFailureMidDeleteIsReportedAndLosesNothing() async throws {
        let folder = try TestFolder()
        let store = try ContactStore(folder: folder.url, samples: false)
        let (scene, names) = try await imported(2_500, folder: folder, store: store)
        let table = scene.table
        let all = table.order
        // The first contact cannot be deleted: the delete fails in the
        // store at its last step, after the others went.
        try await refuseToDelete(all[0], in: folder)
        table.selection.selectAll(in: all)
        try table.deleteSelection()
        await table.undo.waitForRunningStep()
        let problem = try #require(table.problems.last)
        #expect(problem.code == .storeFailed)
        #expect(problem.message.hasPrefix("The contacts were only partly deleted: "), "\(problem.message)")
        #expect(problem.message.contains(" of 2500 were deleted (Undo puts them back), then something went wrong with the contacts file. Check the disk and try again; the other "), "\(problem.message)")
        #expect(!problem.message.contains("SQL") && !problem.message.contains("stuck"))
        // The table shows what the store holds; what went is one undo step.
        let left = table.contacts.count
        #expect(left >= 1 && left <= 1_500, "the last thousand went first")
        #expect(try scene.store.contacts().compactMap(\.id) == table.order)
        #expect(table.contacts.map(\.displayName) == Array(names.prefix(left)))
        #expect(table.undo.undoName == "Delete \(2_500 - left) Contacts")
        #expect(table.runningImport == nil)

        await table.undoLastAndWait()
        #expect(table.order == all)
        #expect(try scene.store.contacts().compactMap(\.id) == all)
    }

    @Test func contactsPutBackInRunsOrScatteredLandWhereTheyWere() {
        let contacts = (0..<40).map { Contact(id: Int64($0), card: card("Person \($0)")) }
        func placed(_ positions: [Int]) -> [ContactStore.PlacedContact] {
            positions.map { ContactStore.PlacedContact(position: $0, contact: contacts[$0]) }
        }
        // One run (a step of a redone import), a few, and more runs than are
        // put in one at a time (one merge).
        for gone in [Array(10..<20), [0, 1, 2, 30, 31, 39], Array(stride(from: 0, to: 40, by: 3))] {
            let rows = ContactRows(contacts.filter { !gone.contains(Int($0.id!)) })
            rows.restore(placed(gone))
            #expect(rows.all.map(\.id) == contacts.map(\.id), "put back: \(gone)")
        }
        // The table lost rows meanwhile: those whose places are past its
        // end follow its last row, in order, whichever way they go in.
        for gone in [[2, 20, 21], [2, 20, 22, 24, 26, 28, 30, 32, 34, 36]] {
            let rows = ContactRows(contacts.filter { $0.id! < 5 && !gone.contains(Int($0.id!)) })
            rows.restore(placed(gone))
            #expect(rows.all.map(\.id) == [0, 1, 2, 3, 4] + gone.dropFirst().map(Int64.init), "put back: \(gone)")
        }
    }

    @Test func contactsTakenOutInARunOrScatteredLeaveTheRestInOrder() {
        let contacts = (0..<40).map { Contact(id: Int64($0), card: card("Person \($0)")) }
        for gone in [Array(30..<40), Array(0..<3), [0, 5, 6, 7, 39], [], [99]] {
            let rows = ContactRows(contacts)
            #expect(rows.remove(ids: Set(gone.map(Int64.init))) == gone.filter { $0 < 40 }, "taken out: \(gone)")
            #expect(rows.all.map(\.id) == contacts.compactMap(\.id).filter { !gone.contains(Int($0)) }, "taken out: \(gone)")
            #expect(rows.numberOfItems(inSection: 0) == 40 - gone.filter { $0 < 40 }.count)
        }
    }

    @Test func smallStepsStayQuick() throws {
        let (scene, _) = try makeScene(["Ada", "Grace"])
        try scene.table.create(card("Linus"))
        scene.table.undoLast()
        #expect(!scene.table.undo.isRunning)
        #expect(scene.table.contacts.map(\.displayName) == ["Ada", "Grace"])
        scene.table.redoLast()
        #expect(scene.table.contacts.map(\.displayName) == ["Ada", "Grace", "Linus"])
    }
}

/// What the import row of a table said, in order ("done" when it hid).
@MainActor
private final class StatusLog {
    var entries: [String] = []

    init(of table: ContactsTable) {
        table.onImportProgress = { running in self.entries.append(running?.status ?? "done") }
    }
}
