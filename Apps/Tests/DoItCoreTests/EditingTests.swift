import DoItCore
import Foundation
import Testing

/// What a person does in the app besides dragging, through the same
/// calls the GTK window makes: every change is one undo step, a refusal
/// says why in the window and changes nothing.
@MainActor @Suite(.serialized) struct EditingTests {
    @Test func aNewListIsMadeShownAndUndoneInOneStep() throws {
        let desktop = try Desktop()
        let window = desktop.main
        let list = try #require(desktop.app.createList(named: "  Errands \n", icon: "user-home-symbolic", in: window.windowID))
        #expect(list.name == "Errands")
        #expect(desktop.store.lists().map(\.name) == ["Groceries", "Work", "Chores", "Errands"])
        #expect(desktop.store.lists().last?.icon == "user-home-symbolic")
        #expect(window.list?.content == .list(list.id), "the new list is shown beside Home")
        #expect(window.list?.emptyState.title == "Nothing to Do")
        #expect(desktop.store.undoHistory.undoCount == 1)
        desktop.app.undo()
        #expect(desktop.store.lists().map(\.name) == ["Groceries", "Work", "Chores"])
    }

    @Test func aListNeedsANameAndAKnownIcon() throws {
        let desktop = try Desktop()
        #expect(desktop.app.createList(named: "   ", in: desktop.main.windowID) == nil)
        #expect(desktop.main.errorMessage == "A list needs a name. Type one, then press Enter.")
        #expect(desktop.store.lists().count == 3)
        #expect(desktop.store.undoHistory.undoCount == 0)
        let odd = desktop.app.createList(named: "Odd", icon: "no-such-icon", in: desktop.main.windowID)
        #expect(odd?.icon == TodoList.defaultIcon)
    }

    @Test func renamingAListIsOneStepAndAnEmptyNameKeepsTheOldOne() throws {
        let desktop = try Desktop()
        let work = desktop.list(named: "Work")
        desktop.app.renameList(work.id, to: "Office", icon: "starred-symbolic", in: desktop.main.windowID)
        #expect(desktop.store.list(withID: work.id)?.name == "Office")
        #expect(desktop.store.list(withID: work.id)?.icon == "starred-symbolic")
        desktop.app.renameList(work.id, to: "", in: desktop.main.windowID)
        #expect(desktop.store.list(withID: work.id)?.name == "Office")
        #expect(desktop.store.undoHistory.undoCount == 1)
        desktop.app.undo()
        #expect(desktop.store.list(withID: work.id)?.name == "Work")
    }

    @Test func deletingTheShownListShowsItsNeighbourAndUndoBringsItBackWithItsItems() throws {
        let desktop = try Desktop()
        let window = desktop.main
        let work = desktop.list(named: "Work")
        desktop.app.windows.select(.list(work.id), in: window.windowID)
        desktop.app.deleteList(work.id, in: window.windowID)
        #expect(desktop.store.lists().map(\.name) == ["Groceries", "Chores"])
        #expect(window.list?.content == .list(desktop.list(named: "Chores").id))
        #expect(desktop.store.allItems().count == 5)
        desktop.app.undo()
        #expect(desktop.store.lists().map(\.name) == ["Groceries", "Work", "Chores"])
        #expect(desktop.titles("Work") == ["Write the report", "Book the meeting room", "Answer the mail"])
    }

    @Test func deletingTheLastListLeavesHomesEmptyState() throws {
        let desktop = try Desktop()
        for list in desktop.store.lists() { desktop.app.deleteList(list.id, in: desktop.main.windowID) }
        #expect(desktop.main.list == nil)
        #expect(desktop.main.home?.emptyState == .noLists)
    }

    @Test func itemsAreAddedAtTheEndEditedTickedAndDeletedOneStepEach() throws {
        let desktop = try Desktop()
        let window = desktop.main.windowID
        let groceries = desktop.list(named: "Groceries")
        let eggs = try #require(desktop.app.addItem(titled: " Eggs ", to: groceries.id, in: window))
        #expect(desktop.titles("Groceries") == ["Milk", "Bread", "Apples", "Eggs"])
        desktop.app.setTitle("Free-range eggs", ofItem: eggs.id, in: window)
        desktop.app.setCompleted(true, ofItem: eggs.id, in: window)
        #expect(desktop.store.item(withID: eggs.id)?.completed == true)
        #expect(desktop.main.list?.row(at: 3).isDone == true)
        desktop.app.deleteItems([eggs.id], in: window)
        #expect(desktop.titles("Groceries") == ["Milk", "Bread", "Apples"])
        #expect(desktop.store.undoHistory.undoCount == 4)
        desktop.app.undo()
        #expect(desktop.store.item(withID: eggs.id)?.title == "Free-range eggs")
        desktop.app.undo()
        #expect(desktop.store.item(withID: eggs.id)?.completed == false)
        desktop.app.undo()
        #expect(desktop.store.item(withID: eggs.id)?.title == "Eggs")
        desktop.app.undo()
        #expect(desktop.store.item(withID: eggs.id) == nil)
    }

    @Test func emptyTitlesAreRefusedWithAReason() throws {
        let desktop = try Desktop()
        let window = desktop.main.windowID
        let groceries = desktop.list(named: "Groceries")
        #expect(desktop.app.addItem(titled: "  ", to: groceries.id, in: window) == nil)
        #expect(desktop.main.errorMessage == "Type what there is to do, then press Enter.")
        let milk = desktop.store.items(inList: groceries.id)[0]
        desktop.app.setTitle("", ofItem: milk.id, in: window)
        #expect(desktop.store.item(withID: milk.id)?.title == "Milk")
        #expect(desktop.main.errorMessage == "An item needs a title; the old one is kept.")
        desktop.app.setTitle("Milk", ofItem: milk.id, in: window)
        #expect(desktop.store.undoHistory.undoCount == 0, "no change, no step")
    }

    @Test func aDueDateOfTodayPutsTheItemUnderTodayWithItsList() throws {
        let desktop = try Desktop()
        let window = desktop.main.windowID
        let milk = desktop.store.items(inList: desktop.list(named: "Groceries").id)[0]
        desktop.app.setDueDate(TestClock.fixed.now(), ofItem: milk.id, in: window)
        #expect(desktop.store.item(withID: milk.id)?.dueDate == TestClock.fixed.startOfDay(offsetBy: 0))
        #expect(desktop.store.items(in: .today).map(\.title).contains("Milk"))
        desktop.app.windows.select(.group(.today), in: window)
        let today = try #require(desktop.main.list)
        let index = try #require(today.items.firstIndex { $0.id == milk.id })
        #expect(today.row(at: index).detail == "Groceries · Today")
        #expect(ExportDocument(store: desktop.store).lists[0].items[0].due == "2026-11-23")
        desktop.app.setDueDate(nil, ofItem: milk.id, in: window)
        #expect(!desktop.store.items(in: .today).contains { $0.id == milk.id })
        #expect(desktop.store.undoHistory.undoCount == 2)
    }

    @Test func groupRowsShowTheListAndTheDueDateAndOverdueIsMarked() throws {
        let desktop = try Desktop()
        desktop.app.windows.select(.group(.scheduled), in: desktop.main.windowID)
        let rows = try #require(desktop.main.list).items.indices.map { desktop.main.list!.row(at: $0) }
        #expect(rows.map(\.detail) == ["Groceries · Tomorrow", "! · Work · Today", "!! · Work · 16 Nov", "Chores · Today"])
        #expect(rows.map(\.isOverdue) == [false, false, true, false])
        #expect(rows.allSatisfy { $0.isItem })
    }

    @Test func emptyGroupsAndListsSayWhatToDo() throws {
        let desktop = try Desktop()
        desktop.app.windows.select(.group(.overdue), in: desktop.main.windowID)
        #expect(desktop.main.list?.emptyState.title == "Nothing Overdue")
        desktop.app.windows.select(.group(.today), in: desktop.main.windowID)
        #expect(desktop.main.list?.emptyState.hint.contains("Ctrl+D") == true)
    }

    @Test func dueDatesReadAsWords() {
        let clock = TestClock.fixed
        let day = { (offset: Int) in clock.startOfDay(offsetBy: offset) }
        #expect(DueDateText.string(for: day(0), clock: clock) == "Today")
        #expect(DueDateText.string(for: day(1), clock: clock) == "Tomorrow")
        #expect(DueDateText.string(for: day(-1), clock: clock) == "Yesterday")
        #expect(DueDateText.string(for: day(3), clock: clock) == "Thu 26 Nov")
        #expect(DueDateText.string(for: day(20), clock: clock) == "13 Dec")
        #expect(DueDateText.string(for: day(60), clock: clock) == "22 Jan 2027")
    }

    @Test func aChangeAReadOnlyFolderRefusesSaysSoWithoutSQLAndChangesNothing() throws {
        let (folder, app, window) = try ReadOnly.appInFolder()
        defer { ReadOnly.remove(folder) }
        let store = app.store
        let groceries = try #require(store.lists().first)
        try ReadOnly.lock(folder)
        #expect(app.addItem(titled: "Eggs", to: groceries.id, in: window.windowID) == nil)
        let message = try #require(window.errorMessage)
        #expect(message.hasPrefix("Do It can't save changes: its data folder (\(folder.path)) is read-only."), "\(message)")
        for technical in ["SQL", "INSERT", "error 8", "error 14", "DatabaseError", "GRDB"] {
            #expect(!message.contains(technical), "\(message)")
        }
        #expect(store.items(inList: groceries.id).map(\.title) == ["Milk", "Bread", "Apples"])
        #expect(store.undoHistory.undoCount == 0)
    }

    @Test func anUndoTheFolderRefusesIsKeptForAnotherTry() throws {
        let (folder, app, window) = try ReadOnly.appInFolder()
        defer { ReadOnly.remove(folder) }
        let store = app.store
        let groceries = try #require(store.lists().first)
        try #require(app.addItem(titled: "Eggs", to: groceries.id, in: window.windowID) != nil)
        try ReadOnly.lock(folder)
        app.undo()
        #expect(window.errorMessage?.contains("read-only") == true, "\(window.errorMessage ?? "no message")")
        #expect(store.items(inList: groceries.id).last?.title == "Eggs", "nothing changed")
        #expect(store.undoHistory.canUndo, "the step is still there")
        #expect(!store.undoHistory.canRedo)
        ReadOnly.unlock(folder)
        app.undo()
        #expect(store.items(inList: groceries.id).map(\.title) == ["Milk", "Bread", "Apples"])
        #expect(store.undoHistory.canRedo)
    }

    @Test func aFileThatIsNotADatabaseIsReportedAsUnreadable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(TodoStore.fileName)
        let garbage = Data(repeating: 0x5A, count: 4096)
        try garbage.write(to: file)
        #expect {
            _ = try TodoStore(directory: folder)
        } throws: { error in
            guard let error = error as? DoItError else { return false }
            return error.code == .databaseUnreadable && !error.description.contains("SQL") && !error.details.isEmpty
        }
        #expect(try Data(contentsOf: file) == garbage, "the file is left as it was")
    }
}

/// Makes a folder refuse new files: mode 555, and for root (whom modes do
/// not stop) the immutable attribute.
enum ReadOnly {
    /// Do It on a new store in a new temporary folder, its main window open.
    @MainActor
    static func appInFolder() throws -> (URL, DoItApp, WindowScreen) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let app = DoItApp(store: try TodoStore(directory: folder, clock: TestClock.fixed))
        return (folder, app, app.openMainWindow())
    }

    /// Unlocks and removes a folder made by ``appInFolder()``.
    static func remove(_ folder: URL) {
        unlock(folder)
        try? FileManager.default.removeItem(at: folder)
    }

    static func lock(_ folder: URL) throws {
        chmod(folder.path, 0o555)
        if getuid() == 0 { try #require(chattr("+i", folder) == 0, "chattr +i failed: root would write anyway") }
    }

    static func unlock(_ folder: URL) {
        if getuid() == 0 { _ = chattr("-i", folder) }
        chmod(folder.path, 0o755)
    }

    private static func chattr(_ flag: String, _ folder: URL) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [flag, folder.path]
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// The keyboard's moves: each is one step, like the drag it stands for.
@MainActor @Suite struct KeyboardMoveTests {
    @Test func anItemMovesUpAndDownItsListAndStopsAtTheEnds() throws {
        let desktop = try Desktop()
        let window = desktop.main.windowID
        let milk = desktop.store.items(inList: desktop.list(named: "Groceries").id)[0]
        desktop.app.moveItem(milk.id, by: 1, in: window)
        #expect(desktop.titles("Groceries") == ["Bread", "Milk", "Apples"])
        desktop.app.moveItem(milk.id, by: 1, in: window)
        #expect(desktop.titles("Groceries") == ["Bread", "Apples", "Milk"])
        desktop.app.moveItem(milk.id, by: 1, in: window)
        #expect(desktop.store.undoHistory.undoCount == 2, "nothing below the last row")
        desktop.app.moveItem(milk.id, by: -1, in: window)
        #expect(desktop.titles("Groceries") == ["Bread", "Milk", "Apples"])
        desktop.app.undo()
        #expect(desktop.titles("Groceries") == ["Bread", "Apples", "Milk"])
    }

    @Test func anItemMovesToTheEndOfAnotherList() throws {
        let desktop = try Desktop()
        let milk = desktop.store.items(inList: desktop.list(named: "Groceries").id)[0]
        desktop.app.moveItem(milk.id, toList: desktop.list(named: "Work").id, in: desktop.main.windowID)
        #expect(desktop.titles("Work") == ["Write the report", "Book the meeting room", "Answer the mail", "Milk"])
        #expect(desktop.titles("Groceries") == ["Bread", "Apples"])
        desktop.app.moveItem(milk.id, toList: desktop.list(named: "Work").id, in: desktop.main.windowID)
        #expect(desktop.store.undoHistory.undoCount == 1, "already there: no step")
        desktop.app.undo()
        #expect(desktop.titles("Groceries") == ["Milk", "Bread", "Apples"])
    }

    @Test func ctrlAltNumberMovesTheItemToThatListOnHome() throws {
        let desktop = try Desktop()
        let window = desktop.main.windowID
        let milk = desktop.store.items(inList: desktop.list(named: "Groceries").id)[0]
        desktop.app.moveItem(milk.id, toListNumbered: 3, in: window)
        #expect(desktop.titles("Chores").last == "Milk")
        desktop.app.moveItem(milk.id, toListNumbered: 4, in: window)
        desktop.app.moveItem(milk.id, toListNumbered: 0, in: window)
        #expect(desktop.titles("Chores").last == "Milk", "no fourth list, and no list 0: the item stays")
        #expect(desktop.store.undoHistory.undoCount == 1)
    }

    @Test func altNumberShowsAllOrThatListOnHome() throws {
        let desktop = try Desktop()
        let window = desktop.main.windowID
        desktop.app.show(numbered: 2, in: window)
        #expect(desktop.app.windows.window(window)?.selection == .list(desktop.list(named: "Work").id))
        desktop.app.show(numbered: 9, in: window)
        #expect(desktop.app.windows.window(window)?.selection == .list(desktop.list(named: "Work").id),
                "no ninth list: what is shown stays")
        desktop.app.show(numbered: 0, in: window)
        #expect(desktop.app.windows.window(window)?.selection == .group(.all))
    }

    @Test func aListNameIsTheTypedTextWithoutTheBlanksAround() throws {
        #expect(try TodoList.name(from: "  Errands \n") == "Errands")
        #expect(try TodoList.name(from: "Big  Shop") == "Big  Shop")
        #expect(throws: DoItError(.emptyName, "A list needs a name. Type one, then press Enter.")) {
            try TodoList.name(from: " \t\n")
        }
    }

    @Test func aListMovesOnHome() throws {
        let desktop = try Desktop()
        desktop.app.moveList(desktop.list(named: "Chores").id, by: -1, in: desktop.main.windowID)
        #expect(desktop.store.lists().map(\.name) == ["Groceries", "Chores", "Work"])
        desktop.app.moveList(desktop.list(named: "Groceries").id, by: -1, in: desktop.main.windowID)
        #expect(desktop.store.undoHistory.undoCount == 1)
    }
}
