import DesktopTesting
import Foundation
import Testing

extension EndToEnd {
    /// The gallery's to-do scene, built only from the SwiftUI-style modifiers
    /// (onDrag, onMove, onInsert, dropDestination, onDrop with a
    /// DropDelegate, user activities), driven with real GTK drags.
    @Suite("SwiftUI-style modifiers")
    struct SwiftUIStyleTests {
        /// The to-do window, placed at (100, 100).
        private func todoWindow() async throws -> (AppProcess, PlacedWindow) {
            let gallery = try AppProcess.gallery("todo")
            do {
                return (gallery, try await gallery.place(role: "todo", at: 100, 100))
            } catch {
                gallery.stop()
                throw error
            }
        }

        /// The last `event` about `list` once more than `count` were reported.
        private func last(_ event: String, of list: String, in gallery: AppProcess, after count: Int) async throws
            -> [String: any Sendable]
        {
            try await gallery.waitFor(event) { _ in
                gallery.events(named: event).filter { $0["list"] as? String == list }.count > count
            }
            return gallery.events(named: event).last { $0["list"] as? String == list } ?? [:]
        }

        @Test("onMove: a row dragged down lands at the gap, with SwiftUI's destination offset")
        func reorder() async throws {
            let (gallery, window) = try await todoWindow()
            defer { gallery.stop() }

            // Milk (row 0) onto the lower part of Eggs (row 1): the gap before row 2.
            try Pointer.drag(from: window.rowPoint("items", row: 0), to: window.rowPoint("items", row: 1, dy: 10))

            let contents = try await last("todo-list", of: "Groceries", in: gallery, after: 1)
            #expect(contents["items"] as? [String] == ["Eggs", "Milk", "Bread"])
            #expect(contents["shown"] as? [String] == ["Eggs", "Milk", "Bread"])
            let move = try #require(gallery.events(named: "todo-move").first)
            #expect(move["offsets"] as? [Int] == [0])
            #expect(move["destination"] as? Int == 2)
        }

        @Test("dropDestination decodes the dragged item; isTargeted follows the hover")
        func dropDestination() async throws {
            let (gallery, window) = try await todoWindow()
            defer { gallery.stop() }

            try Pointer.drag(from: window.rowPoint("items", row: 2), to: window.center(of: "done"))

            let done = try await gallery.waitFor("done")
            #expect(done["titles"] as? [String] == ["Bread"])
            let targeted = gallery.events(named: "targeted").compactMap { $0["on"] as? Bool }
            #expect(targeted.first == true)
            try await gallery.waitFor("targeted") { $0["on"] as? Bool == false }
        }

        @Test("onDrop(of:delegate:): the DropDelegate is called in SwiftUI's order and its drop deletes the item")
        func dropDelegateOrder() async throws {
            let (gallery, window) = try await todoWindow()
            defer { gallery.stop() }

            try Pointer.drag(from: window.rowPoint("items", row: 1), to: window.center(of: "trash"))

            let trashed = try await gallery.waitFor("trashed")
            #expect(trashed["title"] as? String == "Eggs")
            let calls = gallery.events(named: "trash").compactMap { $0["call"] as? String }
            #expect(Array(calls.prefix(3)) == ["validateDrop", "dropEntered", "dropUpdated"])
            #expect(calls.last == "performDrop")
            #expect(!calls.contains("dropExited"))
            #expect(Set(calls.dropFirst(2).dropLast()) == ["dropUpdated"])
            let contents = try await last("todo-list", of: "Groceries", in: gallery, after: 1)
            #expect(contents["items"] as? [String] == ["Milk", "Bread"])
        }

        @Test("A list dragged out over no window opens a new window; an item then moves between the windows")
        func dragOutOpensWindow() async throws {
            let (gallery, window) = try await todoWindow()
            defer { gallery.stop() }

            // Chores (row 1 of the lists) out to empty screen.
            try Pointer.drag(from: window.rowPoint("lists", row: 1), to: (1000, 650))

            let opened = try await gallery.waitFor("open-window")
            #expect(opened["activityType"] as? String == "org.dragkit.gallery.ShowTodoList")
            #expect(opened["title"] as? String == "Chores")
            #expect(opened["target"] as? String == "list:Chores")
            #expect(opened["userInfo"] as? [String: String] == ["source": "gallery"])
            let second = try await gallery.place(role: "list-window", at: 760, 100)
            let chores = try await last("todo-list", of: "Chores", in: gallery, after: 0)
            #expect(chores["shown"] as? [String] == ["Laundry", "Dishes"])

            // Milk from the first window onto the top of the new window's list.
            try Pointer.drag(from: window.rowPoint("items", row: 0), to: second.rowPoint("opened", row: 0, dy: -10))

            let moved = try await last("todo-list", of: "Chores", in: gallery, after: 1)
            #expect(moved["items"] as? [String] == ["Milk", "Laundry", "Dishes"])
            #expect(moved["shown"] as? [String] == ["Milk", "Laundry", "Dishes"])
            let groceries = try await last("todo-list", of: "Groceries", in: gallery, after: 1)
            #expect(groceries["items"] as? [String] == ["Eggs", "Bread"])
            #expect(gallery.events(named: "open-window").count == 1)
        }

        @Test("A list dropped on a window is an ordinary drop: no window opens")
        func dropOnWindowIgnoresActivity() async throws {
            let (gallery, window) = try await todoWindow()
            defer { gallery.stop() }

            // The trash takes to-do items only: GTK ends this drag for want
            // of a target, but over the app's own window, so it is cancelled.
            try Pointer.drag(from: window.rowPoint("lists", row: 1), to: window.center(of: "trash"))
            try Pointer.drag(from: window.rowPoint("lists", row: 1), to: window.rowPoint("items", row: 2, dy: 10))

            let contents = try await last("todo-list", of: "Groceries", in: gallery, after: 1)
            #expect(contents["items"] as? [String] == ["Milk", "Eggs", "Bread", "Chores"])
            #expect(gallery.events(named: "open-window").isEmpty)
            #expect(gallery.events(named: "trash").isEmpty)
        }

        @Test("onInsert takes text from a foreign GTK client at the gap")
        func foreignClientInsert() async throws {
            let file = try ForeignClientTests.sampleFile()
            let foreign = try AppProcess.foreignClient(["source", "Hello from Python", file.path])
            let (gallery, window) = try await todoWindow()
            defer {
                gallery.stop()
                foreign.stop()
            }
            let source = try await foreign.place(role: "source", at: 700, 100)

            try Pointer.drag(from: source.center(of: "text"), to: window.rowPoint("items", row: 1, dy: -10))

            let contents = try await last("todo-list", of: "Groceries", in: gallery, after: 1)
            #expect(contents["items"] as? [String] == ["Milk", "Hello from Python", "Eggs", "Bread"])
            let insert = try #require(gallery.events(named: "todo-insert").first)
            #expect(insert["index"] as? Int == 1)
        }

        @Test("Dragged to another process of the app, a list's user activity arrives intact; no window opens")
        func activityAcrossProcesses() async throws {
            let pair = try await ProcessPair.place(AppProcess.gallery("todo"), role: "todo",
                                                   beside: AppProcess.gallery("todo"), role: "todo")
            defer { pair.stop() }

            try Pointer.drag(from: pair.from.rowPoint("lists", row: 0), to: pair.to.rowPoint("lists", row: 1, dy: 10))

            let received = try await pair.target.waitFor("activity-received")
            #expect(received["activityType"] as? String == "org.dragkit.gallery.ShowTodoList")
            #expect(received["title"] as? String == "Groceries")
            #expect(received["target"] as? String == "list:Groceries")
            #expect(received["userInfo"] as? [String: String] == ["source": "gallery"])
            let lists = try await pair.target.waitFor("todo-lists") { ($0["items"] as? [String])?.count == 3 }
            #expect(lists["items"] as? [String] == ["Groceries", "Chores", "Groceries"])
            #expect(pair.source.events(named: "open-window").isEmpty)
            #expect(pair.target.events(named: "open-window").isEmpty)
        }
    }
}
