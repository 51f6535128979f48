import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import Synchronization
import UniformTypes

@MainActor
@Suite("onMove: SwiftUI's ForEach offsets, on the list machinery")
struct OnMoveTests {
    @Test("down: the destination counts rows before the move", arguments: [
        // (row, drop point, onMove call, names after)
        (0, rowPoint(0, 0.9), nil, ["A", "B", "C", "D"]),               // where it was: no move
        (0, rowPoint(1, 0.9), "[0] -> 2", ["B", "A", "C", "D"]),        // middle
        (0, rowPoint(3, 0.9), "[0] -> 4", ["B", "C", "D", "A"]),        // end
        (1, CGPoint(x: 100, y: 500), "[1] -> 4", ["A", "C", "D", "B"]), // below the last row
    ] as [(Int, CGPoint, String?, [String])])
    func down(row: Int, point: CGPoint, call: String?, after: [String]) async throws {
        let list = ModifierList(["A", "B", "C", "D"])
        #expect(try await list.drag(row: row, to: point) == .move)
        #expect(list.moveCalls == (call.map { [$0] } ?? []))
        #expect(list.names == after)
    }

    @Test("up: to the start, the middle, just above itself", arguments: [
        (3, rowPoint(0, 0.1), "[3] -> 0", ["D", "A", "B", "C"]),
        (3, rowPoint(1, 0.1), "[3] -> 1", ["A", "D", "B", "C"]),
        (3, rowPoint(2, 0.9), nil, ["A", "B", "C", "D"]),
        (2, rowPoint(1, 0.2), "[2] -> 1", ["A", "C", "B", "D"]),
    ] as [(Int, CGPoint, String?, [String])])
    func up(row: Int, point: CGPoint, call: String?, after: [String]) async throws {
        let list = ModifierList(["A", "B", "C", "D"])
        #expect(try await list.drag(row: row, to: point) == .move)
        #expect(list.moveCalls == (call.map { [$0] } ?? []))
        #expect(list.names == after)
    }

    @Test("the list shows the gap while hovering and ends with its rows in the model's order")
    func listFollows() async throws {
        let list = ModifierList(["A", "B", "C", "D"])
        let drag = try list.harness.lift(from: "list", at: rowPoint(0))
        try drag.move(to: "list", at: rowPoint(2, 0.9))
        #expect(list.list.dropHover == .gap(before: IndexPath(item: 3, section: 0)))
        _ = try await drag.drop()
        #expect(list.list.dropHover == nil)
        #expect(list.list.numberOfItems(inSection: 0) == 4)
        #expect(list.names == ["B", "C", "A", "D"])
    }

    @Test("Array.move(fromOffsets:toOffset:) matches SwiftUI's", arguments: [
        ([0], 0, "ABCD"), ([0], 1, "ABCD"), ([0], 2, "BACD"), ([0], 4, "BCDA"),
        ([3], 0, "DABC"), ([1, 2], 0, "BCAD"), ([0, 2], 4, "BDAC"), ([0, 3], 2, "BADC"),
    ] as [([Int], Int, String)])
    func arrayMove(offsets: [Int], destination: Int, expected: String) {
        var letters = Array("ABCD")
        letters.move(fromOffsets: IndexSet(offsets), toOffset: destination)
        #expect(String(letters) == expected)
    }
}

@MainActor
@Suite("onInsert(of:perform:): drops from elsewhere")
struct OnInsertTests {
    @Test("the index is the gap: start, middle, end, below the last row", arguments: [
        (rowPoint(0, 0.2), 0, ["new", "A", "B", "C"]),
        (rowPoint(1, 0.7), 2, ["A", "B", "new", "C"]),
        (rowPoint(2, 0.8), 3, ["A", "B", "C", "new"]),
        (CGPoint(x: 100, y: 400), 3, ["A", "B", "C", "new"]),
    ] as [(CGPoint, Int, [String])])
    func insertIndex(point: CGPoint, index: Int, after: [String]) async throws {
        let list = ModifierList(["A", "B", "C"])
        #expect(try await list.dropText(["new"], at: point) == .copy)
        #expect(list.inserts.map(\.0) == [index])
        #expect(list.names == after)
        #expect(list.targeted == [true, false])
        #expect(list.list.numberOfItems(inSection: 0) == 4)
    }

    @Test("several items go in together, in order")
    func several() async throws {
        let list = ModifierList(["A", "B"])
        _ = try await list.dropText(["x", "y"], at: rowPoint(1, 0.1))
        #expect(list.inserts.map(\.1) == [2])
        #expect(list.names == ["A", "x", "y", "B"])
    }

    @Test("types matching none of of: are refused; nothing is inserted")
    func refusedTypes() async throws {
        let list = ModifierList(["A"], inserts: [.png])
        let drag = try list.harness.dragFromOtherProcess([textProvider("t")])
        #expect(try drag.move(to: "list", at: rowPoint(0)) == nil)
        #expect(try await drag.drop() == .cancel)
        #expect(list.inserts.isEmpty && list.targeted.isEmpty)
        #expect(list.names == ["A"])
    }

    @Test("a row of the list goes to onMove, not onInsert; without onMove it is inserted as a copy")
    func ownRows() async throws {
        let reordering = ModifierList(["A", "B", "C"])
        _ = try await reordering.drag(row: 0, to: rowPoint(2, 0.9))
        #expect(reordering.inserts.isEmpty)
        #expect(reordering.moveCalls == ["[0] -> 3"])

        let copying = ModifierList(["A", "B", "C"], reorders: false)
        #expect(try await copying.drag(row: 0, to: rowPoint(2, 0.9)) == .copy)
        for _ in 0..<20 where copying.names.count < 4 { await Task.yield() }
        #expect(copying.moveCalls.isEmpty)
        #expect(copying.names == ["A", "B", "C", "A"])
    }

    @Test("validate: false refuses while hovering (no gap, no call); true inserts")
    func validate() async throws {
        // Takes text from other processes only, not its own rows.
        var asked = 0
        let list = ModifierList(["A", "B"], reorders: false, validate: { info in
            asked += 1
            return info.session.localDragSession == nil
        })
        let drag = try list.harness.lift(from: "list", at: rowPoint(0))
        #expect(try drag.move(to: "list", at: rowPoint(1, 0.8)) == nil)
        #expect(!list.list.hasActiveDrop)
        #expect(try await drag.drop() == .cancel)
        #expect(asked > 0)
        #expect(list.inserts.isEmpty && list.targeted.isEmpty)
        #expect(list.names == ["A", "B"])

        #expect(try await list.dropText(["t"], at: rowPoint(1, 0.8)) == .copy)
        #expect(list.names == ["A", "B", "t"])
    }

    @Test("a list that only reorders takes no drags from elsewhere")
    func onlyReorders() async throws {
        let list = ModifierList(["A", "B"], inserts: nil)
        let drag = try list.harness.dragFromOtherProcess([textProvider("t")])
        #expect(try drag.move(to: "list", at: rowPoint(0)) == nil)
        #expect(try await drag.drop() == .cancel)
    }
}

@MainActor
@Suite("dropDestination(for:action:) on a list: placeholders while decoding")
struct ListDropDestinationTests {
    /// A list of to-do titles taking `Todo`s; `seen` records, from inside
    /// each item's load, how many rows (items and placeholders) the list showed.
    @MainActor
    final class Screen {
        let root = ViewNode(name: "window", frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        let titles = ListItems(["A", "B"])
        let list: ListView
        let harness: DragDropHarness
        var failures: [DropDestinationError] = []
        var actions: [([String], Int)] = []

        init() {
            list = ListView(name: "list", frame: CGRect(x: 0, y: 0, width: 200, height: 600), dataSource: titles,
                            layout: ListRowLayout(width: 200) { _ in 44 })
            root.addChild(list.node)
            harness = DragDropHarness(root: root)
            list.dropDestination(for: Todo.self, action: { [unowned self] todos, index in
                actions.append((todos.map(\.title), index))
                for (offset, todo) in todos.enumerated() {
                    titles.insert(todo.title, at: IndexPath(item: index + offset, section: 0))
                }
                try list.insertItems(at: todos.indices.map { IndexPath(item: index + $0, section: 0) })
            }, onFailure: { [unowned self] in failures.append($0) })
        }

        /// A provider of `todo` (or of broken JSON) that notes the list's
        /// presented row count when its data is read.
        func provider(_ todo: Todo?, seen: SeenRows) -> ItemProvider {
            let provider = ItemProvider()
            let list = self.list
            provider.registerDataRepresentation(for: .testTodo) {
                let rows = await MainActor.run { list.numberOfItems(inSection: 0) }
                seen.append(rows)
                return todo.map { try! JSONEncoder().encode($0) } ?? Data("{".utf8)
            }
            return provider
        }
    }

    @Test("placeholders show at the gap while loading, then the action inserts the values")
    func placeholders() async throws {
        let screen = Screen()
        let seen = SeenRows()
        let drag = try screen.harness.dragFromOtherProcess([
            screen.provider(Todo(title: "x"), seen: seen), screen.provider(Todo(title: "y"), seen: seen),
        ])
        try drag.move(to: "list", at: rowPoint(1, 0.2))
        #expect(try await drag.drop() == .copy)
        #expect(seen.values == [4, 4])      // two items and two placeholders
        #expect(screen.actions.map(\.0) == [["x", "y"]])
        #expect(screen.actions.map(\.1) == [1])
        #expect(screen.titles.items == ["A", "x", "y", "B"])
        #expect(screen.list.numberOfItems(inSection: 0) == 4)
        #expect(!screen.list.hasUncommittedUpdates)
    }

    @Test("an item failing to decode: placeholders go, nothing is inserted, the app gets the error")
    func failure() async throws {
        let screen = Screen()
        let seen = SeenRows()
        let drag = try screen.harness.dragFromOtherProcess([
            screen.provider(Todo(title: "x"), seen: seen), screen.provider(nil, seen: seen),
        ])
        try drag.move(to: "list", at: rowPoint(0, 0.2))
        let session = try #require(drag.dropSession)
        _ = try await drag.drop()
        #expect(screen.actions.isEmpty)
        #expect(screen.titles.items == ["A", "B"])
        #expect(screen.list.numberOfItems(inSection: 0) == 2)
        #expect(!screen.list.hasUncommittedUpdates)
        #expect(screen.failures.map(\.code) == [.decodingFailed])
        #expect(session.isDropRefused)
    }
}

/// Row counts noted from load handlers (off the main actor).
final class SeenRows: Sendable {
    private let storage = Mutex<[Int]>([])
    func append(_ value: Int) { storage.withLock { $0.append(value) } }
    var values: [Int] { storage.withLock { $0 } }
}

@MainActor
@Suite("onMove with a multi-row selection: every offset, SwiftUI's semantics")
struct OnMoveSelectionTests {
    @Test("the selected rows move together and stay selected", arguments: [
        // (selected rows, lifted row, drop point, onMove call, names after)
        ([0, 2], 2, rowPoint(4, 0.9), "[0, 2] -> 5", ["B", "D", "E", "A", "C"]),
        ([3, 4], 4, rowPoint(0, 0.1), "[3, 4] -> 0", ["D", "E", "A", "B", "C"]),
        ([0, 1, 4], 0, rowPoint(3, 0.1), "[0, 1, 4] -> 3", ["C", "A", "B", "E", "D"]),
    ] as [([Int], Int, CGPoint, String, [String])])
    func moveSelection(selected: [Int], lifted: Int, point: CGPoint, call: String, after: [String]) async throws {
        let list = ModifierList(["A", "B", "C", "D", "E"])
        list.list.allowsMultipleSelection = true
        for row in selected { list.list.select(IndexPath(item: row, section: 0), mode: .toggle) }
        let before = selected.map { list.names[$0] }
        #expect(try await list.drag(row: lifted, to: point) == .move)
        #expect(list.moveCalls == [call])
        #expect(list.names == after)
        #expect(list.list.indexPathsForSelectedItems.map { list.names[$0.item] }.sorted() == before.sorted())
    }
}
