import DesktopTesting
import Foundation
import Testing

extension EndToEnd {
    @Suite("List widgets")
    struct ListTests {
        /// The gallery's two-list window, placed at (100, 100).
        private func listsWindow() async throws -> (AppProcess, PlacedWindow) {
            let gallery = try AppProcess.gallery("lists")
            return (gallery, try await gallery.place(role: "lists", at: 100, 100))
        }

        private func lastContents(of list: String, in gallery: AppProcess, after count: Int) async throws -> [String: any Sendable] {
            try await gallery.waitFor("list") { event in
                event["list"] as? String == list
                    && gallery.events(named: "list").filter { $0["list"] as? String == list }.count > count
            }
            return gallery.events(named: "list").last { $0["list"] as? String == list } ?? [:]
        }

        @Test("Reordering rows within a list moves the row to the gap shown while hovering")
        func reorderWithinList() async throws {
            let (gallery, window) = try await listsWindow()
            defer { gallery.stop() }

            // Drop on the upper part of "Date" (row 3): a gap before row 3.
            try Pointer.drag(from: window.rowPoint("left", row: 0), to: window.rowPoint("left", row: 3, dy: -10))

            let contents = try await lastContents(of: "left", in: gallery, after: 1)
            let items = contents["items"] as? [String] ?? []
            #expect(Array(items.prefix(4)) == ["Banana", "Cherry", "Apple", "Date"])
            #expect(contents["shown"] as? [String] == items)
            #expect(gallery.events(named: "list-hover").contains { $0["list"] as? String == "left" && $0["gap"] as? Int == 3 })
        }

        @Test("Moving a row to another list inserts it there and removes it from the source")
        func moveBetweenLists() async throws {
            let (gallery, window) = try await listsWindow()
            defer { gallery.stop() }

            try Pointer.drag(from: window.rowPoint("left", row: 1), to: window.rowPoint("right", row: 0, dy: -10))

            let right = try await lastContents(of: "right", in: gallery, after: 1)
            #expect(right["items"] as? [String] == ["Banana", "Bread"])
            #expect(right["shown"] as? [String] == ["Banana", "Bread"])
            let left = try await lastContents(of: "left", in: gallery, after: 1)
            #expect(!(left["items"] as? [String] ?? []).contains("Banana"))
            #expect(left["shown"] as? [String] == left["items"] as? [String])
        }

        @Test("Dropping below the last row appends to the list")
        func dropBelowLastRow() async throws {
            let (gallery, window) = try await listsWindow()
            defer { gallery.stop() }

            try Pointer.drag(from: window.rowPoint("left", row: 2), to: window.rowPoint("right", row: 3))

            let right = try await lastContents(of: "right", in: gallery, after: 1)
            #expect(right["items"] as? [String] == ["Bread", "Cherry"])
            #expect(right["shown"] as? [String] == ["Bread", "Cherry"])
        }

        @Test("A drop from another process shows a Loading… placeholder row, then the item")
        func placeholderFromOtherProcess() async throws {
            let pair = try await ProcessPair.place(
                AppProcess.gallery("source"), role: "sources",
                beside: AppProcess.gallery("list-target", ["--load-delay", "300"]), role: "list-target")
            defer { pair.stop() }

            try Pointer.drag(from: pair.from.center(of: "text"), to: pair.to.rowPoint("basket", row: 1, dy: -10))

            let placeholder = try await pair.target.waitFor("placeholder")
            #expect(placeholder["shown"] as? String == "Loading…")
            #expect(placeholder["at"] as? Int == 1)
            let contents = try await lastContents(of: "basket", in: pair.target, after: 2)
            #expect(contents["items"] as? [String] == ["Bread", "Hello from DragKit", "Milk"])
            #expect(contents["shown"] as? [String] == ["Bread", "Hello from DragKit", "Milk"])
        }

        @Test("Rows that a short scroll brings into view are drawn down to the list's bottom edge")
        func rowsScrolledIntoViewAreDrawn() async throws {
            let (gallery, window) = try await listsWindow()
            defer { gallery.stop() }
            let rect = window.widgets["left"] ?? [0, 0, 0, 0]
            // The gallery's rows are white over a grey (#ddd) line: the lines
            // drawn show where rows are drawn.
            func separatorLines() throws -> [Int] {
                try Screenshot.take(x: window.origin.x + rect[0], y: window.origin.y + rect[1], width: rect[2], height: rect[3])
                    .rows(where: 0.8) { $0.isClose(to: (221, 221, 221), tolerance: 12) }
            }
            let before = try separatorLines()
            // Two wheel steps: less than a page, so the rows kept made beyond
            // the view stay as they are and only move.
            for _ in 0..<2 { try Pointer.click(at: window.rowPoint("left", row: 2), button: 5) }
            // Until the list has moved and stays still.
            var lines = before, previous: [Int] = [], polls = 0
            while (lines == before || lines != previous) && polls < 40 {
                try await Task.sleep(for: .milliseconds(100))
                previous = lines
                lines = try separatorLines()
                polls += 1
            }
            #expect(lines != before, "the list did not scroll: separator lines at \(lines)")
            let rowHeight = 32  // the gallery's list rows, as rowPoint has them
            #expect(lines.count >= rect[3] / rowHeight - 1, "rows drawn only at \(lines) in a list \(rect[3]) high")
            #expect(rect[3] - (lines.last ?? 0) <= rowHeight + 1, "no row drawn below \(lines.last ?? 0) in a list \(rect[3]) high")
        }

        @Test("Hovering near the bottom edge of a list scrolls it")
        func autoScroll() async throws {
            let (gallery, window) = try await listsWindow()
            defer { gallery.stop() }
            let rect = window.widgets["left"] ?? [0, 0, 0, 0]
            let nearBottom = (x: window.origin.x + rect[0] + 60, y: window.origin.y + rect[1] + rect[3] - 6)

            // Hold the drag near the bottom edge for about a second, then
            // drop there: the row lands far below the first visible rows.
            try Pointer.drag(from: window.rowPoint("left", row: 0), to: nearBottom, steps: 20, holdSeconds: 1.2)

            let contents = try await lastContents(of: "left", in: gallery, after: 1)
            let items = contents["items"] as? [String] ?? []
            let index = try #require(items.firstIndex(of: "Apple"))
            #expect(index > 7, "Apple landed at \(index): the list did not scroll while hovering near its edge")
        }
    }
}
