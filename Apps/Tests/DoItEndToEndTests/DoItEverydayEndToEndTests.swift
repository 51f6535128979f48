import AppTesting
import DesktopTesting
import Foundation
import Testing

/// Do It used as a person runs their day, under Xvfb with the real
/// pointer and keyboard (xdotool): lists and items made from the keyboard,
/// ticked, dated, dragged onto a sidebar list, undone and redone; and the
/// shared app shell's errors: a damaged database kept aside, a read-only
/// folder refusing a change in words without SQL.
@Suite(.serialized, .exclusiveDesktop, .enabled(if: X11Tools.isDisplayAvailable, "needs an X display (scripts/with-xvfb)"))
struct DoItEverydayEndToEndTests {
    typealias Export = DoItEndToEndTests.Export

    private func launch(dataDirectory: URL? = nil) async throws -> (AppUnderTest, Layout) {
        let app = try AppUnderTest.launch("DoIt", dataDirectory: dataDirectory)
        let layout = try await app.waitForLayout { $0.rect("lists", "Work") != nil && $0.rect("rows", "Milk") != nil }
        return (app, layout)
    }

    /// Polls `--export-json` until `condition` holds (the app saves as it
    /// goes; a key press is not saved the instant it is sent).
    @discardableResult
    private func waitForExport(_ app: AppUnderTest, _ what: String, until condition: (Export) -> Bool) async throws -> Export {
        var last: Export?
        for _ in 0..<50 {
            let export = try app.export(as: Export.self)
            if condition(export) { return export }
            last = export
            try await Task.sleep(for: .milliseconds(200))
        }
        Issue.record("timed out waiting until \(what); last export: \(String(describing: last))")
        return try #require(last)
    }

    /// GTK's warnings and criticals the app printed, but the one about the
    /// missing session bus that every app prints under Xvfb.
    private func gtkProblems(_ app: AppUnderTest) -> [String] {
        app.process.errorText.split(separator: "\n").map(String.init).filter { line in
            (line.contains("-WARNING") || line.contains("-CRITICAL")) && !line.contains("session bus")
        }
    }

    private func messages(_ layout: Layout) -> [String] {
        layout.json["messages"]?.array?.compactMap(\.string) ?? []
    }

    /// The window's empty lower part: a click there focuses the window
    /// without selecting a row.
    private func focusWindow(_ layout: Layout) throws {
        let window = try #require(layout.rect(inArray: "windows", where: "title", is: "Do It"))
        try Pointer.click(at: (Int(window.x + window.width * 0.7), Int(window.y + window.height * 0.7)))
    }

    /// Makes a list called `name` from the keyboard, as a person does:
    /// New List (Ctrl+N), its name, Enter; returns once the sidebar shows it.
    private func makeList(_ name: String, in app: AppUnderTest, _ layout: Layout) async throws {
        try focusWindow(layout)
        try Keyboard.press("ctrl+n")
        // The New List popover opens before it takes the name.
        try await Task.sleep(for: .milliseconds(400))
        try Keyboard.type(name)
        try Keyboard.press("Return")
        _ = try await app.waitForLayout("the new list shows") { $0.rect("lists", name) != nil }
    }

    @Test func aListAndItsItemsAreMadeWithTheKeyboardAlone() async throws {
        let (app, layout) = try await launch()
        defer { app.cleanUp() }
        try await makeList("Week", in: app, layout)
        try Keyboard.press("ctrl+l")
        for title in ["Plan Monday", "Plan Tuesday", "Call the plumber"] {
            try Keyboard.type(title)
            try Keyboard.press("Return")
        }
        let shown = try await app.waitForLayout("the items show") { $0.rect("rows", "Call the plumber") != nil }
        #expect(try #require(shown.rect("rows", "Plan Monday")).y < shown.rect("rows", "Call the plumber")!.y)
        let export = try await waitForExport(app, "Week holds three items") { $0.list("Week")?.items.count == 3 }
        #expect(export.list("Week")?.items.map(\.title) == ["Plan Monday", "Plan Tuesday", "Call the plumber"])
        #expect(export.lists.map(\.name) == ["Groceries", "Work", "Chores", "Week"])

        // Undo takes the last item away, then redo puts it back: one step each.
        try Keyboard.press("ctrl+z")
        try await waitForExport(app, "undo removed the last item") { $0.list("Week")?.items.count == 2 }
        try Keyboard.press("ctrl+shift+z")
        try await waitForExport(app, "redo added it again") { $0.list("Week")?.items.count == 3 }
        #expect(gtkProblems(app).isEmpty, "\(gtkProblems(app))")
    }

    /// A list just made is empty, so its first to-do is typed straight
    /// away: the add entry has the focus once the New List popover closes.
    @Test func aNewListTakesItsFirstToDoWithoutAnotherKey() async throws {
        let (app, layout) = try await launch()
        defer { app.cleanUp() }
        try await makeList("Garden", in: app, layout)
        try await Task.sleep(for: .milliseconds(300))
        try Keyboard.type("Buy seeds")
        try Keyboard.press("Return")
        let export = try await waitForExport(app, "Garden holds the typed item") { $0.list("Garden")?.items.count == 1 }
        #expect(export.list("Garden")?.items.map(\.title) == ["Buy seeds"])
        #expect(gtkProblems(app).isEmpty, "\(gtkProblems(app))")
    }

    @Test func theCheckBoxMarksAnItemDoneAndUndoUnmarksIt() async throws {
        let (app, layout) = try await launch()
        defer { app.cleanUp() }
        let milk = try layout.requireRect("rows", "Milk")
        // The check box is the first thing in the row (the rect starts inside
        // the row's margin).
        try Pointer.click(at: (Int(milk.x + 8), Int(milk.y + milk.height / 2)))
        try await waitForExport(app, "Milk is done") { $0.item("Milk")?.completed == true }
        try Keyboard.press("ctrl+z")
        try await waitForExport(app, "undo made Milk not done") { $0.item("Milk")?.completed == false }
        try Keyboard.press("ctrl+shift+z")
        try await waitForExport(app, "redo made it done again") { $0.item("Milk")?.completed == true }
        // And from the keyboard: the selected item with Ctrl+Return.
        try Pointer.click(at: (Int(milk.x + milk.width / 2), Int(milk.y + milk.height / 2)))
        try Keyboard.press("ctrl+Return")
        try await waitForExport(app, "Ctrl+Return made Milk not done") { $0.item("Milk")?.completed == false }
    }

    @Test func aDueDateOfTodayShowsTheItemUnderToday() async throws {
        let (app, layout) = try await launch()
        defer { app.cleanUp() }
        #expect(layout.rect("rows", "Bread") != nil)
        let bread = try layout.requireRect("rows", "Bread")
        try Pointer.click(bread)
        try Keyboard.press("ctrl+d")
        try await Task.sleep(for: .milliseconds(500))
        // The date picker opens on today; Enter sets it.
        try Keyboard.press("Return")
        let today = Self.today()
        try await waitForExport(app, "Bread is due today") { $0.item("Bread")?.due == today }
        try Pointer.click(layout.requireRect("groups", "Today"))
        let shown = try await app.waitForLayout("Today shows Bread") { $0.rect("rows", "Bread") != nil }
        #expect(shown.rect("rows", "Write the report") != nil)
        #expect(shown.rect("rows", "Milk") == nil, "Milk has no due date")
        try Keyboard.press("ctrl+z")
        try await waitForExport(app, "undo cleared the date") { $0.item("Bread")?.due == nil }
        _ = try await app.waitForLayout("Today no longer shows Bread") { $0.rect("rows", "Bread") == nil }
        #expect(gtkProblems(app).isEmpty, "\(gtkProblems(app))")
    }

    @Test func anItemDroppedOnAnotherListsSidebarRowMovesIntoIt() async throws {
        let (app, layout) = try await launch()
        defer { app.cleanUp() }
        try Pointer.drag(from: layout.requireRect("rows", "Milk"), to: layout.requireRect("lists", "Chores"))
        let export = try await waitForExport(app, "Milk is in Chores") { $0.list("Chores")?.items.last?.title == "Milk" }
        #expect(export.list("Groceries")?.items.map(\.title) == ["Bread", "Apples"])
        #expect(export.list("Chores")?.items.map(\.title) == ["Water the plants", "Take out the bins", "Milk"])
        let after = try await app.waitForLayout { $0.rect("rows", "Milk") == nil }
        #expect(messages(after).isEmpty, "no refusal: \(messages(after))")
        try focusWindow(after)
        try Keyboard.press("ctrl+z")
        try await waitForExport(app, "undo put Milk back") { $0.list("Groceries")?.items.first?.title == "Milk" }
        try Keyboard.press("ctrl+shift+z")
        try await waitForExport(app, "redo moved it again") { $0.list("Chores")?.items.last?.title == "Milk" }
        #expect(gtkProblems(app).isEmpty, "\(gtkProblems(app))")
    }

    @Test func anItemIsDeletedFromTheMenuOrWithDeleteAndUndoBringsItBack() async throws {
        let (app, layout) = try await launch()
        defer { app.cleanUp() }
        // The primary menu from the keyboard (F10): its first entry has the
        // focus, and Delete Item is the ninth.
        try Pointer.click(layout.requireRect("rows", "Bread"))
        try Keyboard.press("F10")
        try await Task.sleep(for: .milliseconds(600))
        for _ in 0..<8 { try Keyboard.press("Down") }
        try Keyboard.press("Return")
        try await waitForExport(app, "Bread is deleted") { $0.list("Groceries")?.items.map(\.title) == ["Milk", "Apples"] }
        try Keyboard.press("ctrl+z")
        try await waitForExport(app, "undo brought Bread back") {
            $0.list("Groceries")?.items.map(\.title) == ["Milk", "Bread", "Apples"]
        }
        // The Delete key on the selected row.
        let shown = try await app.waitForLayout { $0.rect("rows", "Bread") != nil }
        try Pointer.click(shown.requireRect("rows", "Apples"))
        try Keyboard.press("Delete")
        try await waitForExport(app, "Apples is deleted") { $0.list("Groceries")?.items.map(\.title) == ["Milk", "Bread"] }
        try Keyboard.press("ctrl+z")
        try await waitForExport(app, "undo brought Apples back") { $0.list("Groceries")?.items.count == 3 }
        #expect(gtkProblems(app).isEmpty, "\(gtkProblems(app))")
    }

    @Test func aTitleIsEditedInPlaceAndTheShortcutsWindowOpens() async throws {
        let (app, layout) = try await launch()
        defer { app.cleanUp() }
        try Pointer.click(layout.requireRect("rows", "Milk"))
        try Keyboard.press("F2")
        try await Task.sleep(for: .milliseconds(300))
        try Keyboard.press("ctrl+a")
        try Keyboard.type("Oat milk")
        try Keyboard.press("Return")
        try await waitForExport(app, "Milk is renamed") { $0.list("Groceries")?.items.first?.title == "Oat milk" }
        _ = try await app.waitForLayout("the row shows the new title") { $0.rect("rows", "Oat milk") != nil }
        try Keyboard.press("ctrl+question")
        let shortcuts = try await app.window(titled: "Keyboard Shortcuts")
        #expect(shortcuts.id != 0)
        #expect(gtkProblems(app).isEmpty, "\(gtkProblems(app))")
    }

    @Test func copyCutAndPasteWorkOnTheSelectedItems() async throws {
        let (app, layout) = try await launch()
        defer { app.cleanUp() }
        // Ctrl+C on Milk, Ctrl+V on Apples: a copy of Milk after Apples, as
        // a drop of Milk from another app there would make.
        try Pointer.click(layout.requireRect("rows", "Milk"))
        try Keyboard.press("ctrl+c")
        try Pointer.click(layout.requireRect("rows", "Apples"))
        try Keyboard.press("ctrl+v")
        try await waitForExport(app, "a copy of Milk is pasted after Apples") {
            $0.list("Groceries")?.items.map(\.title) == ["Milk", "Bread", "Apples", "Milk"]
        }
        // Ctrl+X removes Bread, with undo.
        try Pointer.click(layout.requireRect("rows", "Bread"))
        try Keyboard.press("ctrl+x")
        try await waitForExport(app, "Bread is cut") {
            $0.list("Groceries")?.items.map(\.title) == ["Milk", "Apples", "Milk"]
        }
        try Keyboard.press("ctrl+z")
        try await waitForExport(app, "undo brought Bread back") {
            $0.list("Groceries")?.items.map(\.title) == ["Milk", "Bread", "Apples", "Milk"]
        }
        #expect(gtkProblems(app).isEmpty, "\(gtkProblems(app))")
    }

    @Test func aKeyboardDragReordersThroughTheListsDropPath() async throws {
        let (app, layout) = try await launch()
        defer { app.cleanUp() }
        try Pointer.click(layout.requireRect("rows", "Milk"))
        // Lift Milk, step to its own place and on to the gap before Apples,
        // drop: the same onMove a pointer drag there calls.
        try Keyboard.press("ctrl+alt+d")
        try await Task.sleep(for: .milliseconds(300))
        try Keyboard.press("Tab")
        for _ in 0..<2 { try Keyboard.press("Down") }
        try Keyboard.press("Return")
        try await waitForExport(app, "Milk moved before Apples") {
            $0.list("Groceries")?.items.map(\.title) == ["Bread", "Milk", "Apples"]
        }
        try Keyboard.press("ctrl+z")
        try await waitForExport(app, "undo put Milk back") {
            $0.list("Groceries")?.items.map(\.title) == ["Milk", "Bread", "Apples"]
        }
        #expect(gtkProblems(app).isEmpty, "\(gtkProblems(app))")
    }

    @Test func theKeyboardMovesAnItemWithinItsListAndIntoAnother() async throws {
        let (app, layout) = try await launch()
        defer { app.cleanUp() }
        try Pointer.click(layout.requireRect("rows", "Milk"))
        try Keyboard.press("alt+Down")
        try await waitForExport(app, "Milk moved down") {
            $0.list("Groceries")?.items.map(\.title) == ["Bread", "Milk", "Apples"]
        }
        try Keyboard.press("alt+Down")
        try await waitForExport(app, "Milk moved down again: the selection followed it") {
            $0.list("Groceries")?.items.map(\.title) == ["Bread", "Apples", "Milk"]
        }
        // Ctrl+Alt+2: into the second list, Work, as a drop on its row.
        try Keyboard.press("ctrl+alt+2")
        try await waitForExport(app, "Milk is in Work") { $0.list("Work")?.items.last?.title == "Milk" }
        try Keyboard.press("ctrl+z")
        try await waitForExport(app, "undo put it back") { $0.list("Groceries")?.items.last?.title == "Milk" }
        #expect(gtkProblems(app).isEmpty, "\(gtkProblems(app))")
    }

    @Test func aFolderThatTakesNoFilesIsToldInAWindowAtStartUp() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doit-locked-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try ReadOnlyFolder.lock(folder)
        defer {
            ReadOnlyFolder.unlock(folder)
            try? FileManager.default.removeItem(at: folder)
        }
        let app = try AppUnderTest.launch("DoIt", dataDirectory: folder)
        defer { app.cleanUp() }
        let problem = try await app.waitForLayout("the start-up problem shows") {
            $0.rect(inArray: "windows", where: "title", is: "Problem") != nil
        }
        let said = messages(problem).joined(separator: " ")
        #expect(said.contains("can't save its data"), "\(said)")
        #expect(said.contains(folder.path), "\(said)")
        #expect(!said.contains("SQL"), "\(said)")
        #expect(app.process.errorText.contains("--data-dir"), "the advice is in the log too")
        // Quit (the only way out) ends the app.
        let window = try #require(problem.rect(inArray: "windows", where: "title", is: "Problem"))
        try Pointer.move(to: (Int(window.x + window.width / 2), Int(window.y + 60)))
        try Keyboard.press("Return")
        #expect(try await app.process.waitForExit() != nil)
    }

    @Test func aDamagedDatabaseIsKeptAsideAndTheAppStartsEmpty() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doit-damaged-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try garbage.write(to: folder.appendingPathComponent("DoIt.sqlite"))

        let app = try AppUnderTest.launch("DoIt", dataDirectory: folder)
        defer { app.cleanUp() }
        let problem = try await app.waitForLayout("the start-up problem shows") {
            $0.rect(inArray: "windows", where: "title", is: "Problem") != nil
        }
        let said = messages(problem).joined(separator: " ")
        #expect(said.contains("can't read its data"), "\(said)")
        #expect(said.contains(folder.appendingPathComponent("DoIt.sqlite").path))
        for technical in ["SQL", "error 26", "DatabaseError", "DoItError", "writable"] {
            #expect(!said.contains(technical), "\(said)")
        }
        // "Keep It Aside and Start Afresh" has the focus.
        let window = try #require(problem.rect(inArray: "windows", where: "title", is: "Problem"))
        try Pointer.move(to: (Int(window.x + window.width / 2), Int(window.y + 60)))
        try Keyboard.press("Return")
        let started = try await app.waitForLayout("the main window opens") {
            $0.rect(inArray: "windows", where: "title", is: "Do It") != nil
        }
        #expect(messages(started).first?.contains("Your old data is kept in") == true, "\(messages(started))")
        #expect(try app.export(as: Export.self).lists.isEmpty, "a fresh start, without the sample lists")
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("DoIt.sqlite.unreadable-") }
        #expect(kept.count == 1, "\(kept)")
        if let name = kept.first {
            #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == garbage, "kept byte for byte")
        }
    }

    @Test func aReadOnlyFolderRefusesAChangeInWordsWithoutSQL() async throws {
        let (app, layout) = try await launch()
        defer {
            ReadOnlyFolder.unlock(app.dataDirectory)
            app.cleanUp()
        }
        try ReadOnlyFolder.lock(app.dataDirectory)
        let milk = try layout.requireRect("rows", "Milk")
        try Pointer.click(at: (Int(milk.x + 8), Int(milk.y + milk.height / 2)))
        let refused = try await app.waitForLayout("the window says the change was refused") { !messages($0).isEmpty }
        let message = messages(refused).joined(separator: " ")
        #expect(message.contains("read-only"), "\(message)")
        #expect(message.contains("Nothing was changed"), "\(message)")
        for technical in ["SQL", "UPDATE", "error 8", "error 14", "DatabaseError", "GRDB"] {
            #expect(!message.contains(technical), "\(message)")
        }
        #expect(try app.export(as: Export.self).item("Milk")?.completed == false, "nothing changed")
    }

    /// Today as the app's calendar (the machine's) writes it.
    static func today() -> String {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }
}
