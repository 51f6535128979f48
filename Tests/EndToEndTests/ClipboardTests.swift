import DesktopTesting
import Foundation
import Testing

extension EndToEnd {
    /// Ctrl+C, Ctrl+X and Ctrl+V in the gallery's to-do lists, through the
    /// same item providers and `onInsert` as drag and drop, on the X
    /// clipboard: inside one process, between two, and with a Qt program.
    @Suite("Clipboard")
    struct ClipboardTests {
        /// A to-do window at `x`, 100.
        private func todoWindow(at x: Int) async throws -> (AppProcess, PlacedWindow) {
            let gallery = try AppProcess.gallery("todo")
            do {
                return (gallery, try await gallery.place(role: "todo", at: x, 100))
            } catch {
                gallery.stop()
                throw error
            }
        }

        /// Clicks row `row` of the items list, then presses `keys`.
        private func press(_ keys: String, onRow row: Int, of window: PlacedWindow) async throws {
            try Pointer.click(at: window.rowPoint("items", row: row))
            try await Task.sleep(for: .milliseconds(300))
            try Keyboard.press(keys)
        }

        private func qt(_ arguments: [String]) throws -> AppProcess {
            try AppProcess("qt clipboard \(arguments.first ?? "")", executable: Desktop.systemPython,
                           arguments: [Desktop.fixture("qt_clipboard.py").path] + arguments)
        }

        @Test("Ctrl+C then Ctrl+V pastes a copy after the focused row; Ctrl+X removes the row and Ctrl+V puts it back elsewhere")
        func copyCutAndPasteInOneProcess() async throws {
            let (gallery, window) = try await todoWindow(at: 100)
            defer { gallery.stop() }

            try await press("ctrl+c", onRow: 0, of: window)
            try await press("ctrl+v", onRow: 2, of: window)
            try await gallery.waitFor("todo-list") { $0["items"] as? [String] == ["Milk", "Eggs", "Bread", "Milk"] }
            let insert = try #require(gallery.events(named: "todo-insert").first)
            #expect(insert["index"] as? Int == 3)

            try await press("ctrl+x", onRow: 1, of: window)
            try await gallery.waitFor("todo-list") { $0["items"] as? [String] == ["Milk", "Bread", "Milk"] }
            try await press("ctrl+v", onRow: 0, of: window)
            try await gallery.waitFor("todo-list") { $0["items"] as? [String] == ["Milk", "Eggs", "Bread", "Milk"] }
        }

        @Test("Copied in one DragKit process, pasted in another; the copying process keeps its list")
        func betweenProcesses() async throws {
            let (first, left) = try await todoWindow(at: 100)
            defer { first.stop() }
            try await press("ctrl+c", onRow: 2, of: left)
            try await Task.sleep(for: .milliseconds(300))

            let (second, right) = try await todoWindow(at: 700)
            defer { second.stop() }
            try await press("ctrl+v", onRow: 0, of: right)
            try await second.waitFor("todo-list") { $0["items"] as? [String] == ["Milk", "Bread", "Eggs", "Bread"] }
            #expect(first.events(named: "todo-list").last?["items"] as? [String] == ["Milk", "Eggs", "Bread"])
        }

        @Test("Two rows copied reach a GTK 3 program as the one combined item a drag of them offers: both titles")
        func severalItemsWithGTK3() async throws {
            let (gallery, window) = try await todoWindow(at: 100)
            defer { gallery.stop() }
            let watcher = try AppProcess("gtk3 clipboard watch", executable: Desktop.systemPython,
                                         arguments: [Desktop.fixture("gtk3_clipboard.py").path, "watch"])
            defer { watcher.stop() }
            try await watcher.waitFor("ready")

            try Pointer.click(at: window.rowPoint("items", row: 0))
            try Pointer.click(at: window.rowPoint("items", row: 2), holding: ["ctrl"])
            try await Task.sleep(for: .milliseconds(300))
            try Keyboard.press("ctrl+c")
            let seen = try await watcher.waitFor("clipboard") { ($0["text"] as? String ?? "").contains("Milk") }
            #expect(seen["text"] as? String == "Milk\nBread", "\(seen)")
        }

        @Test("A Qt program pastes what the gallery copied, as text; the gallery pastes what Qt copied")
        func withQt() async throws {
            let (gallery, window) = try await todoWindow(at: 100)
            defer { gallery.stop() }
            let watcher = try qt(["watch"])
            defer { watcher.stop() }
            try await watcher.waitFor("ready")

            try await press("ctrl+c", onRow: 1, of: window)
            let seen = try await watcher.waitFor("clipboard") { $0["text"] as? String == "Eggs" }
            let formats = seen["formats"] as? [String] ?? []
            // Qt sees what a drag offers other apps: the item's text.
            #expect(formats.contains("text/plain;charset=utf-8"), "\(formats)")

            let copier = try qt(["copy", "Butter"])
            defer { copier.stop() }
            try await copier.waitFor("ready")
            try await watcher.waitFor("clipboard") { $0["text"] as? String == "Butter" }
            try await press("ctrl+v", onRow: 2, of: window)
            try await gallery.waitFor("todo-list") { $0["items"] as? [String] == ["Milk", "Eggs", "Bread", "Butter"] }
        }
    }
}
