import DesktopTesting
import Foundation
import Testing

extension EndToEnd {
    /// Drag and drop by keys alone in the gallery's to-do scene: Alt+Up and
    /// Alt+Down reorder, Ctrl+Alt+D lifts the focused row, the arrow keys
    /// step through the drop points of every window, Enter drops, Escape
    /// cancels; each step is announced.
    @Suite("Keyboard drag and drop")
    struct KeyboardDragTests {
        /// The to-do window at (100, 100), with Milk (row 0 of its items)
        /// clicked so the list has the keyboard focus.
        private func todoWindow(_ options: [String] = []) async throws -> (AppProcess, PlacedWindow) {
            let gallery = try AppProcess.gallery("todo", options)
            do {
                let window = try await gallery.place(role: "todo", at: 100, 100)
                try Pointer.click(at: window.rowPoint("items", row: 0))
                try await Task.sleep(for: .milliseconds(300))
                return (gallery, window)
            } catch {
                gallery.stop()
                throw error
            }
        }

        /// What the gallery announced so far.
        private func heard(_ gallery: AppProcess) -> [String] {
            gallery.events(named: "announce").compactMap { $0["text"] as? String }
        }

        /// Presses `key` until the announcement `text` is heard.
        private func press(_ key: String, until text: String, in gallery: AppProcess, limit: Int = 15) async throws {
            for _ in 0..<limit {
                let before = heard(gallery).count
                try Keyboard.press(key)
                try await gallery.waitFor("announce", skipping: before)
                if heard(gallery).last == text { return }
            }
            Issue.record("never heard \"\(text)\"; heard \(heard(gallery))")
        }

        /// The last `todo-list` report about `list`.
        private func contents(of list: String, in gallery: AppProcess) -> [String]? {
            gallery.events(named: "todo-list").last { $0["list"] as? String == list }?["items"] as? [String]
        }

        @Test("Alt+Down and Alt+Up move the focused row through onMove, with SwiftUI's offsets")
        func reorderByAltArrows() async throws {
            let (gallery, _) = try await todoWindow()
            defer { gallery.stop() }

            try Keyboard.press("alt+Down")
            try await gallery.waitFor("announce") { $0["text"] as? String == "Moved Milk down." }
            #expect(contents(of: "Groceries", in: gallery) == ["Eggs", "Milk", "Bread"])
            let move = try #require(gallery.events(named: "todo-move").first)
            #expect(move["offsets"] as? [Int] == [0])
            #expect(move["destination"] as? Int == 2)

            // The moved row keeps the focus, so the next keys move it again.
            for (key, said, items) in [("alt+Down", "Moved Milk down.", ["Eggs", "Bread", "Milk"]),
                                       ("alt+Up", "Moved Milk up.", ["Eggs", "Milk", "Bread"])] {
                let before = heard(gallery).count
                try Keyboard.press(key)
                try await gallery.waitFor("announce", skipping: before)
                #expect(heard(gallery).last == said)
                try await gallery.waitFor("todo-list") { $0["items"] as? [String] == items }
            }
            #expect(gallery.events(named: "todo-move").count == 3)
        }

        @Test("Ctrl+Alt+D lifts the focused row; Down steps through every drop point, announced; Enter drops on Done")
        func liftStepAndDrop() async throws {
            let (gallery, _) = try await todoWindow()
            defer { gallery.stop() }

            try Keyboard.press("ctrl+alt+d")
            try await gallery.waitFor("announce") { ($0["text"] as? String)?.hasPrefix("Picked up Milk.") == true }
            try await press("Down", until: "Drop on Done, copy", in: gallery)
            #expect(heard(gallery) == [
                "Picked up Milk. Press the arrow keys or Tab to choose where to drop, Enter to drop, Escape to cancel.",
                "Insert before Groceries in lists, copy",
                "Insert before Chores in lists, copy",
                "Insert at the end of lists, copy",
                "Insert before Milk in Groceries",
                "Insert before Eggs in Groceries",
                "Insert before Bread in Groceries",
                "Insert at the end of Groceries",
                "Drop on Done, copy",
            ])
            // Done's isTargeted goes on as it would under a pointer.
            try await gallery.waitFor("targeted") { $0["widget"] as? String == "done" && $0["on"] as? Bool == true }
            try Keyboard.press("Return")
            let done = try await gallery.waitFor("done")
            #expect(done["titles"] as? [String] == ["Milk"])
            try await gallery.waitFor("announce") { $0["text"] as? String == "Copied Milk on Done." }
            try await gallery.waitFor("targeted") { $0["widget"] as? String == "done" && $0["on"] as? Bool == false }
        }

        @Test("Tab jumps to the next drop target; Escape cancels and nothing changes")
        func tabAndEscape() async throws {
            let (gallery, _) = try await todoWindow()
            defer { gallery.stop() }

            try Keyboard.press("ctrl+alt+d")
            try await gallery.waitFor("announce") { ($0["text"] as? String)?.hasPrefix("Picked up Milk.") == true }
            try await press("Tab", until: "Insert before Milk in Groceries", in: gallery)
            try await press("Tab", until: "Drop on Done, copy", in: gallery)
            try Keyboard.press("Escape")
            try await gallery.waitFor("announce") { $0["text"] as? String == "Cancelled dragging Milk." }
            #expect(heard(gallery).dropFirst() == [
                "Insert before Groceries in lists, copy",
                "Insert before Milk in Groceries",
                "Drop on Done, copy",
                "Cancelled dragging Milk.",
            ])
            #expect(gallery.events(named: "done").isEmpty)
            #expect(gallery.events(named: "todo-move").isEmpty)
            #expect(contents(of: "Groceries", in: gallery) == ["Milk", "Eggs", "Bread"])
            // The keys work as before once the drag is over: Down moves the
            // selection, not a drag.
            try Keyboard.press("alt+Down")
            try await gallery.waitFor("announce") { $0["text"] as? String == "Moved Milk down." }
        }

        @Test("A keyboard drag drops into another window of the process")
        func intoAnotherWindow() async throws {
            let (gallery, todo) = try await todoWindow(["--chores-window"])
            defer { gallery.stop() }
            _ = try await gallery.place(role: "list-window", at: 700, 100)
            // Without a window manager the window mapped last has the X
            // focus: give it back to the to-do window.
            try X11Tools.xdotool(["windowfocus", "--sync", String(todo.xid)])
            try Pointer.click(at: todo.rowPoint("items", row: 0))
            try await Task.sleep(for: .milliseconds(300))

            try Keyboard.press("ctrl+alt+d")
            try await gallery.waitFor("announce") { ($0["text"] as? String)?.hasPrefix("Picked up Milk.") == true }
            try await press("Down", until: "Insert before Dishes in Chores, copy", in: gallery)
            try Keyboard.press("Return")
            try await gallery.waitFor("todo-list") {
                $0["list"] as? String == "Chores" && $0["items"] as? [String] == ["Laundry", "Milk", "Dishes"]
            }
            try await gallery.waitFor("todo-list") {
                $0["list"] as? String == "Groceries" && $0["items"] as? [String] == ["Eggs", "Bread"]
            }
        }
    }
}
