import DesktopTesting
import Foundation
import Testing

extension EndToEnd {
    /// What a person sees of a list drag, with the real pointer: the
    /// preview and its count, the insertion line where the drop lands, a
    /// drop on an empty list's hint, and the selection staying on its items.
    @Suite("List drag feedback")
    struct ListFeedbackTests {
        /// The selected-row blue of the list's style sheet.
        static let selectedBlue = (53, 132, 228)

        private func listsWindow() async throws -> (AppProcess, PlacedWindow) {
            let gallery = try AppProcess.gallery("lists")
            return (gallery, try await gallery.place(role: "lists", at: 100, 100))
        }

        private func contents(of list: String, in gallery: AppProcess, after count: Int) async throws -> [String] {
            _ = try await gallery.waitFor("list") { event in
                event["list"] as? String == list
                    && gallery.events(named: "list").filter { $0["list"] as? String == list }.count > count
            }
            return gallery.events(named: "list").last { $0["list"] as? String == list }?["items"] as? [String] ?? []
        }

        private func selection(of list: String, in gallery: AppProcess, is rows: [Int]) async throws {
            _ = try await gallery.waitFor("list-selection") { event in
                event["list"] as? String == list && event["rows"] as? [Int] == rows
            }
        }

        @Test("Three selected rows drag as one framed, opaque preview with a badge of 3, and land in order")
        func selectionPreviewAndBadge() async throws {
            let (gallery, window) = try await listsWindow()
            defer { gallery.stop() }
            try Pointer.click(at: window.rowPoint("left", row: 1))
            try Pointer.click(at: window.rowPoint("left", row: 3), holding: ["ctrl"])
            try Pointer.click(at: window.rowPoint("left", row: 5), holding: ["ctrl"])
            try await selection(of: "left", in: gallery, is: [1, 3, 5])

            let over = window.point(in: "right", atX: 0.5, y: 0.75)
            try Pointer.press(at: window.rowPoint("left", row: 3), andMoveTo: over)
            let report = try await gallery.waitFor("drag-preview")
            #expect(report["items"] as? Int == 3)
            #expect(report["badge"] as? String == "3")
            try await Task.sleep(for: .milliseconds(300))
            // The lifted row ("Date", selected: blue) is drawn under the
            // pointer on its own background, over the right list's pale
            // empty area: the preview is opaque and readable.
            let shot = Result { try Screenshot.take(x: over.x - 40, y: over.y - 8, width: 100, height: 16) }
            try Pointer.release(at: over)
            let blue = try shot.get().fraction { $0.isClose(to: Self.selectedBlue) }
            #expect(blue > 0.6, "the area under the pointer was \(Int(blue * 100))% the lifted row's colour")

            #expect(try await contents(of: "right", in: gallery, after: 1) == ["Bread", "Banana", "Date", "Fig"])
            try await selection(of: "left", in: gallery, is: [])
        }

        @Test("The insertion line is drawn at the row boundary where the drop lands")
        func insertionLineMatchesTheDrop() async throws {
            let (gallery, window) = try await listsWindow()
            defer { gallery.stop() }
            // Give the right list three rows: Bread, Apple, Banana.
            try Pointer.drag(from: window.rowPoint("left", row: 0), to: window.rowPoint("right", row: 1, dy: -4))
            _ = try await contents(of: "right", in: gallery, after: 1)
            try Pointer.drag(from: window.rowPoint("left", row: 0), to: window.rowPoint("right", row: 2, dy: -4))
            #expect(try await contents(of: "right", in: gallery, after: 2) == ["Bread", "Apple", "Banana"])

            // Hover on the upper part of the third row: the line must sit
            // between rows 1 and 2, 64 points down the list. The row is held
            // by its right end and the pointer kept near the list's left
            // edge, so the preview lies to the left, clear of the line.
            let left = window.widgets["left"] ?? [0, 0, 0, 0], right = window.widgets["right"] ?? [0, 0, 0, 0]
            let grip = (x: window.origin.x + left[0] + 196, y: window.rowPoint("left", row: 0).y)
            let target = (x: window.origin.x + right[0] + 4, y: window.rowPoint("right", row: 2, dy: -8).y)
            try Pointer.press(at: grip, andMoveTo: target)
            _ = try await gallery.waitFor("list-hover") { $0["list"] as? String == "right" && $0["gap"] as? Int == 2 }
            try await Task.sleep(for: .milliseconds(300))
            let shot = Result {
                try Screenshot.take(x: window.origin.x + right[0] + 60, y: window.origin.y + right[1], width: 30, height: 120)
            }
            try Pointer.release(at: target)
            let lineRows = try shot.get().rows(where: 0.9) { $0.isClose(to: Self.selectedBlue) }
            let lineCentre = lineRows.isEmpty ? -1 : lineRows.reduce(0, +) / lineRows.count
            #expect(abs(lineCentre - 64) <= 3, "line rows \(lineRows)")
            // And the drop lands at that boundary.
            #expect(try await contents(of: "right", in: gallery, after: 3) == ["Bread", "Apple", "Cherry", "Banana"])
        }

        @Test("A list showing its empty-state hint takes a drop on the hint")
        func dropOnEmptyState() async throws {
            let (gallery, window) = try await listsWindow()
            defer { gallery.stop() }
            // Empty the right list: its only row goes to the left one.
            try Pointer.drag(from: window.rowPoint("right", row: 0), to: window.rowPoint("left", row: 0, dy: -10))
            #expect(try await contents(of: "right", in: gallery, after: 1) == [])
            // The hint fills the list; drop on its middle.
            try Pointer.drag(from: window.rowPoint("left", row: 2), to: window.center(of: "right"))
            #expect(try await contents(of: "right", in: gallery, after: 2) == ["Banana"])
        }

        @Test("A drop above the selected row keeps the same item selected")
        func selectionFollowsItsItem() async throws {
            let (gallery, window) = try await listsWindow()
            defer { gallery.stop() }
            try Pointer.click(at: window.rowPoint("left", row: 5))   // Fig
            try await selection(of: "left", in: gallery, is: [5])
            try Pointer.drag(from: window.rowPoint("right", row: 0), to: window.rowPoint("left", row: 0, dy: -10))
            let items = try await contents(of: "left", in: gallery, after: 1)
            #expect(items.first == "Bread")
            try await selection(of: "left", in: gallery, is: [6])
            #expect(items[6] == "Fig")
        }
    }
}
