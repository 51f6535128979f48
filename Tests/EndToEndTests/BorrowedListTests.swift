import DesktopTesting
import Foundation
import Testing

extension EndToEnd {
    /// A program's own GtkListBox (made with GTK's C API) bound to a list
    /// model with `Widget.bindList`: drops land at the row boundary the
    /// pointer points at, rows reorder, the insertion line is drawn there,
    /// keyboard drags step through the same positions, and the list box
    /// destroyed under a hovering drag harms nothing.
    @Suite("A borrowed GtkListBox taking list drops")
    struct BorrowedListTests {
        /// The insertion line's blue in DragKit's style sheet.
        static let lineBlue = (53, 132, 228)

        private func contents(in gallery: AppProcess, after count: Int) async throws -> [String] {
            _ = try await gallery.waitFor("list") { _ in gallery.events(named: "list").count > count }
            let last = gallery.events(named: "list").last
            // The rows on screen show the model's items.
            #expect(last?["shown"] as? [String] == last?["items"] as? [String], "\(String(describing: last))")
            return last?["items"] as? [String] ?? []
        }

        @Test("Text dropped on the upper part of the second row goes in before it, under a drawn insertion line")
        func dropLandsWherePointed() async throws {
            let gallery = try AppProcess.gallery("borrowed-list")
            defer { gallery.stop() }
            let window = try await gallery.place(role: "borrowed-list", at: 0, 0)
            #expect(try await contents(in: gallery, after: 0) == ["Apple", "Banana", "Cherry"])

            let row1 = window.widgets["row1"] ?? [0, 0, 0, 0]
            let target = window.center(of: "row1", dy: -row1[3] / 4)
            try Pointer.press(at: window.center(of: "source"), andMoveTo: target)
            _ = try await gallery.waitFor("indicator") { $0["gap"] as? Int == 1 }
            try await Task.sleep(for: .milliseconds(300))
            // A strip across the row boundary at the list's right end, clear
            // of the drag's picture (held at the button's middle, so it
            // lies around the pointer, in the middle of the row).
            let stripX = window.origin.x + row1[0] + row1[2] - 16
            let shot = Result {
                try Screenshot.take(x: stripX, y: window.origin.y + row1[1] - 10, width: 12, height: 20)
            }
            try Pointer.release(at: target)
            let lineRows = try shot.get().rows(where: 0.9) { $0.isClose(to: Self.lineBlue) }
            #expect(!lineRows.isEmpty && lineRows.allSatisfy { (8...14).contains($0) },
                    "line rows \(lineRows) of a strip whose row 10 is the boundary")

            #expect(try await contents(in: gallery, after: 1) == ["Apple", "Kiwi", "Banana", "Cherry"])
            _ = try await gallery.waitFor("indicator") { $0["gap"] == nil && $0["into"] == nil }
        }

        /// The list's items after dragging `widget` to the lower part of the last row.
        private func dragToTheEnd(from widget: String) async throws -> [String] {
            let gallery = try AppProcess.gallery("borrowed-list")
            defer { gallery.stop() }
            let window = try await gallery.place(role: "borrowed-list", at: 0, 0)
            let row2 = window.widgets["row2"] ?? [0, 0, 0, 0]
            try Pointer.drag(from: window.center(of: widget), to: window.center(of: "row2", dy: row2[3] / 4))
            return try await contents(in: gallery, after: 1)
        }

        @Test("Text dropped on the lower part of the last row goes in at the end")
        func dropAtTheEnd() async throws {
            #expect(try await dragToTheEnd(from: "source") == ["Apple", "Banana", "Cherry", "Kiwi"])
        }

        @Test("The first row dragged to the lower part of the last one moves to the end")
        func reorder() async throws {
            #expect(try await dragToTheEnd(from: "row0") == ["Banana", "Cherry", "Apple"])
        }

        @Test("A keyboard drag steps through the list's insertion positions, shown as with the pointer, and drops at the one chosen")
        func keyboardDrop() async throws {
            let gallery = try AppProcess.gallery("borrowed-list")
            defer { gallery.stop() }
            let window = try await gallery.place(role: "borrowed-list", at: 0, 0)
            // The click gives the window the keyboard; the label has its focus.
            try Pointer.click(at: window.center(of: "source"))
            try await Task.sleep(for: .milliseconds(300))
            try Keyboard.press("ctrl+alt+d")
            try await gallery.waitFor("announce")
            var steps = 0
            while gallery.events(named: "indicator").last?["gap"] as? Int != 1, steps < 10 {
                let before = gallery.events(named: "indicator").count
                try Keyboard.press("Down")
                try await gallery.waitFor("indicator", skipping: before)
                steps += 1
            }
            #expect(gallery.events(named: "indicator").last?["gap"] as? Int == 1)
            try Keyboard.press("Return")
            #expect(try await contents(in: gallery, after: 1) == ["Apple", "Kiwi", "Banana", "Cherry"])
        }

        @Test("The list box destroyed while a drag hovers over it: nothing is dropped, DragKit lets go, the process goes on")
        func destroyedUnderTheDrag() async throws {
            let gallery = try AppProcess.gallery("borrowed-list", ["--destroy-list-on-hover"])
            defer { gallery.stop() }
            let window = try await gallery.place(role: "borrowed-list", at: 0, 0)

            let target = window.center(of: "row1")
            try Pointer.press(at: window.center(of: "source"), andMoveTo: target)
            try await gallery.waitFor("removed") { $0["widget"] as? String == "list" }
            try Pointer.move(to: window.center(of: "row1", dx: 10))
            try Pointer.release(at: target)
            try Pointer.move(to: (900, 700))
            try await gallery.waitFor("released") { $0["widget"] as? String == "list" }
            #expect(gallery.events(named: "list").count == 1)
            // The source still drags: a second drag starts and ends cleanly.
            try Pointer.drag(from: window.center(of: "source"), to: window.center(of: "source", dx: 60))
            try await Task.sleep(for: .milliseconds(300))
            #expect(gallery.isRunning)
        }
    }
}
