import DoItCore
import Foundation
import Testing

@MainActor @Suite struct StoreTests {
    @Test func aNewStoreHasTheSampleLists() throws {
        let store = try TodoStore(inMemoryWith: TestClock.fixed, sampleData: true)
        #expect(store.lists().map(\.name) == ["Groceries", "Work", "Chores"])
        #expect(store.items(inList: store.lists()[0].id).map(\.title) == ["Milk", "Bread", "Apples"])
        #expect(store.allItems().count == 8)
    }

    @Test func sampleDataIsAddedOnTheFirstRunOnly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let store = try TodoStore(directory: folder, clock: TestClock.fixed)
            for list in store.lists() { try store.removeList(withID: list.id) }
            #expect(store.lists().isEmpty)
        }
        let reopened = try TodoStore(directory: folder, clock: TestClock.fixed)
        #expect(reopened.lists().isEmpty, "deleted samples stay deleted")
    }

    @Test func homeGroupsFollowTheInjectedClock() throws {
        let store = try TodoStore(inMemoryWith: TestClock.fixed, sampleData: true)
        #expect(store.items(in: .today).map(\.title) == ["Write the report", "Water the plants"])
        #expect(store.items(in: .scheduled).map(\.title) == ["Apples", "Write the report", "Book the meeting room", "Water the plants"])
        #expect(store.items(in: .overdue).map(\.title) == ["Book the meeting room"])
        #expect(store.items(in: .all).count == 8)
    }

    @Test func countsAreTheItemsHomeWouldShow() throws {
        let store = try TodoStore(inMemoryWith: TestClock.fixed, sampleData: true)
        let list = store.lists()[0]
        let midnight = TestClock.fixed.startOfDay(offsetBy: 0)
        // The edges of today: its first instant, its last, and the instant before it.
        try store.addItems([
            TodoItem(title: "At midnight", dueDate: midnight, listID: list.id),
            TodoItem(title: "Just before tomorrow", dueDate: midnight.addingTimeInterval(86_399.999), listID: list.id),
            TodoItem(title: "Just before today", dueDate: midnight.addingTimeInterval(-0.001), listID: list.id),
            TodoItem(title: "Done late", dueDate: midnight.addingTimeInterval(-3_600), completed: true, listID: list.id),
        ])
        for group in HomeGroup.allCases {
            #expect(store.count(in: group) == store.items(in: group).count, "\(group)")
        }
        #expect(store.count(in: .today) == 4)
        #expect(store.count(in: .overdue) == 2)
        let counts = store.itemCounts()
        for each in store.lists() {
            #expect(counts[each.id, default: 0] == store.items(inList: each.id).count, "\(each.name)")
        }
    }

    @Test func listCountsStayExactForListsLongerThanTheCountedLimit() throws {
        let store = try TodoStore(inMemoryWith: TestClock.fixed, sampleData: true)
        let lists = store.lists()
        // The samples hold 3, 3 and 2 items. Past the limit of 3: one list
        // (its count taken from the table's), then two (each counted).
        try store.addItems((0..<5).map { TodoItem(title: "Long \($0)", listID: lists[0].id) })
        for limit in [3, 1_000] {
            let counts = store.itemCounts(exactUpTo: limit)
            for each in lists {
                #expect(counts[each.id] == store.items(inList: each.id).count, "\(each.name), limit \(limit)")
            }
        }
        try store.addItems((0..<4).map { TodoItem(title: "Also long \($0)", listID: lists[1].id) })
        let counts = store.itemCounts(exactUpTo: 3)
        for each in lists {
            #expect(counts[each.id] == store.items(inList: each.id).count, "\(each.name)")
        }
        #expect(counts.values.reduce(0, +) == store.allItems().count)
    }

    @Test func aCompletedItemIsNotOverdue() throws {
        let store = try TodoStore(inMemoryWith: TestClock.fixed, sampleData: true)
        var late = try #require(store.items(in: .overdue).first)
        late.completed = true
        try store.update(late)
        #expect(store.items(in: .overdue).isEmpty)
        store.undoHistory.undo()
        #expect(store.items(in: .overdue).map(\.title) == ["Book the meeting room"])
    }

    @Test func moveWithinAListUsesTheRowsAsTheyWereBeforeTheMove() throws {
        let (store, list) = try TestStore.withList(["A", "B", "C", "D"])
        try store.moveItems(fromOffsets: [0], to: 3, within: list.id)
        #expect(store.titles(list) == ["B", "C", "A", "D"])
        try store.moveItems(fromOffsets: [3], to: 0, within: list.id)
        #expect(store.titles(list) == ["D", "B", "C", "A"])
        try store.moveItems(fromOffsets: [0, 1], to: 4, within: list.id)
        #expect(store.titles(list) == ["C", "A", "D", "B"])
    }

    @Test func moveBetweenListsAndUndoRedo() throws {
        let (store, first) = try TestStore.withList(["A", "B"])
        let second = TodoList(name: "Second")
        try store.addList(second, items: [TodoItem(title: "X", listID: second.id)])
        let a = store.items(inList: first.id)[0]
        try store.moveItems(withIDs: [a.id], toList: second.id, at: 0)
        #expect(store.titles(first) == ["B"])
        #expect(store.titles(second) == ["A", "X"])
        store.undoHistory.undo()
        #expect(store.titles(first) == ["A", "B"])
        #expect(store.titles(second) == ["X"])
        store.undoHistory.redo()
        #expect(store.titles(first) == ["B"])
        #expect(store.titles(second) == ["A", "X"])
    }

    @Test func groupedChangesUndoAsOneStep() throws {
        let (store, list) = try TestStore.withList(["A", "B"])
        let before = store.undoHistory.undoCount
        store.undoHistory.beginGrouping()
        try store.addItems([TodoItem(title: "New", listID: list.id)])
        try store.moveItems(fromOffsets: [2], to: 0, within: list.id)
        store.undoHistory.endGrouping()
        #expect(store.titles(list) == ["New", "A", "B"])
        #expect(store.undoHistory.undoCount == before + 1)
        store.undoHistory.undo()
        #expect(store.titles(list) == ["A", "B"])
        store.undoHistory.redo()
        #expect(store.titles(list) == ["New", "A", "B"])
        #expect(!store.undoHistory.canRedo)
    }

    @Test func aNewChangeClearsTheRedo() throws {
        let (store, list) = try TestStore.withList(["A"])
        try store.addItems([TodoItem(title: "B", listID: list.id)])
        store.undoHistory.undo()
        #expect(store.undoHistory.canRedo)
        try store.addItems([TodoItem(title: "C", listID: list.id)])
        #expect(!store.undoHistory.canRedo)
        #expect(store.titles(list) == ["A", "C"])
    }

    @Test func itemsAddedToAllLandAtTheGlobalIndex() throws {
        let (store, list) = try TestStore.withList(["A", "B", "C"])
        try store.addItems([TodoItem(title: "New", listID: list.id)], atGlobalIndex: 1)
        #expect(store.allItems().map(\.title) == ["A", "New", "B", "C"])
        #expect(store.titles(list) == ["A", "B", "C", "New"])
        store.undoHistory.undo()
        #expect(store.allItems().map(\.title) == ["A", "B", "C"])
    }

    @Test func observersHearEveryChangeIncludingUndo() throws {
        let (store, list) = try TestStore.withList(["A"])
        var heard: [String] = []
        let observation = store.observe { heard.append($0.name) }
        try store.addItems([TodoItem(title: "B", listID: list.id)])
        store.undoHistory.undo()
        observation.cancel()
        try store.addItems([TodoItem(title: "C", listID: list.id)])
        #expect(heard == ["Add Item", "Add Item"])
    }

    @Test func addingToAMissingListFailsAndChangesNothing() throws {
        let (store, list) = try TestStore.withList(["A"])
        #expect(throws: DoItError.self) {
            try store.addItems([TodoItem(title: "B", listID: UUID())])
        }
        #expect(store.titles(list) == ["A"])
        do {
            try store.addItems([TodoItem(title: "B", listID: UUID())])
        } catch {
            #expect(error.code == .notFound)
            #expect(error.description.contains("no longer there"))
        }
    }

    @Test func exportListsItemsInOrder() throws {
        let store = try TodoStore(inMemoryWith: TestClock.fixed, sampleData: true)
        let document = ExportDocument(store: store)
        #expect(document.titles(inList: "Work") == ["Write the report", "Book the meeting room", "Answer the mail"])
        let json = try JSONSerialization.jsonObject(with: document.jsonData()) as? [String: Any]
        let lists = try #require(json?["lists"] as? [[String: Any]])
        let work = try #require(lists.first { $0["name"] as? String == "Work" })
        let items = try #require(work["items"] as? [[String: Any]])
        #expect(items[0]["priority"] as? String == "high")
        #expect(items[2]["completed"] as? Bool == true)
        #expect(Set(items[0].keys) == ["title", "priority", "completed", "due"], "Write the report is due today")
        #expect(items[0]["due"] as? String == "2026-11-23")
        #expect(Set(items[2].keys) == ["title", "priority", "completed"], "no due date, no key")
    }
}

/// Stores made for one test.
@MainActor enum TestStore {
    /// An empty store with one list ("List") holding these titles.
    static func withList(_ titles: [String]) throws -> (TodoStore, TodoList) {
        let store = try TodoStore(inMemoryWith: TestClock.fixed)
        let list = TodoList(name: "List")
        try store.addList(list, items: titles.map { TodoItem(title: $0, listID: list.id) })
        store.undoHistory.removeAll()
        return (store, list)
    }
}

extension TodoStore {
    func titles(_ list: TodoList) -> [String] { items(inList: list.id).map(\.title) }
}
