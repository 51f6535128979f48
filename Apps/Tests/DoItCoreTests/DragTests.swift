import DoItCore
import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import UniformTypes

/// Real drags through the engine (DragDropTesting) on Do It's screens,
/// written with the SwiftUI-style modifiers: every drop rule, the
/// refusals, undo, and the windows a drag out opens.
@MainActor @Suite struct DragTests {
    // MARK: - On a list

    @Test func aRowDraggedWithinItsListIsReordered() async throws {
        let desktop = try Desktop()
        let groceries = desktop.openWindow(list: "Groceries").list!
        let drag = try desktop.harness.lift(at: desktop.row(0, of: groceries.listView))
        #expect(try drag.move(to: desktop.gap(before: 3, in: groceries.listView), steps: 3)?.operation == .move)
        #expect(try await drag.drop() == .move)
        await desktop.app.waitForDrops()
        #expect(desktop.titles("Groceries") == ["Bread", "Apples", "Milk"])
        #expect(groceries.items.map(\.title) == ["Bread", "Apples", "Milk"])
    }

    @Test func anItemDraggedToAnotherListMovesThereAtTheDropIndex() async throws {
        let desktop = try Desktop()
        let work = desktop.openWindow(list: "Work").list!
        let groceries = desktop.openWindow(list: "Groceries").list!
        let drag = try desktop.harness.lift(at: desktop.row(0, of: work.listView))
        let proposal = try drag.move(to: desktop.gap(before: 1, in: groceries.listView), steps: 3)
        #expect(proposal?.operation == .copy, "onInsert proposes a copy; the store makes it a move")
        try await drag.drop()
        await desktop.app.waitForDrops()
        #expect(desktop.titles("Groceries") == ["Milk", "Write the report", "Bread", "Apples"])
        #expect(desktop.titles("Work") == ["Book the meeting room", "Answer the mail"])
        #expect(work.items.map(\.title) == ["Book the meeting room", "Answer the mail"], "the source window follows")
        #expect(desktop.store.allItems().count == 8, "moved, not copied")
    }

    @Test func aMoveBetweenListsMakesTheListCallsInUIKitsOrder() async throws {
        let desktop = try Desktop()
        desktop.harness.engine.reportsListDelegateCalls = true
        let work = desktop.openWindow(list: "Work").list!
        let groceries = desktop.openWindow(list: "Groceries").list!
        desktop.harness.clearTranscript()
        let drag = try desktop.harness.lift(at: desktop.row(0, of: work.listView))
        try drag.move(to: desktop.gap(before: 1, in: groceries.listView))
        try await drag.drop()
        await desktop.app.waitForDrops()
        let copyAt = ListDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
        let one = IndexPath(item: 1, section: 0)
        // The main window shows Groceries too; its list was never hovered.
        #expect(desktop.harness.transcript.calls(on: "Groceries") == [
            .list("Groceries", .canHandle(true)),
            .destination("Groceries", .canHandle(true)),
            .list("Groceries", .dropSessionDidEnter),
            .destination("Groceries", .didEnter),
            .list("Groceries", .dropSessionDidUpdate(one, copyAt)),
            .destination("Groceries", .didUpdate(.copy)),
            .list("Groceries", .performDrop(one, copyAt)),
            .destination("Groceries", .performDrop),
            .destination("Groceries", .concludeDrop),
            .list("Groceries", .dropSessionDidEnd),
            .destination("Groceries", .didEnd),
        ])
        #expect(desktop.titles("Groceries") == ["Milk", "Write the report", "Bread", "Apples"])
    }

    @Test func twoWindowsOfOneListStayInSyncAndAMoveBetweenThemIsAReorder() async throws {
        let desktop = try Desktop()
        let left = desktop.openWindow(list: "Groceries").list!
        let right = desktop.openWindow(list: "Groceries").list!
        try await desktop.drag(row: 2, of: left.listView, to: desktop.gap(before: 0, in: right.listView))
        #expect(desktop.titles("Groceries") == ["Apples", "Milk", "Bread"])
        #expect(Array(left.items) == Array(right.items))
        #expect(desktop.store.allItems().count == 8)
    }

    @Test func newItemJSONFromAnotherAppIsAddedAtTheDropIndex() async throws {
        let desktop = try Desktop()
        let groceries = desktop.openWindow(list: "Groceries").list!
        let json = #"{"title": "Eggs", "priority": "urgent", "notes": "a dozen"}"#
        let (proposal, operation) = try await desktop.dropFromOtherProcess(
            [.data(json, as: .todoItem)], at: desktop.gap(before: 1, in: groceries.listView))
        #expect(proposal?.operation == .copy)
        #expect(operation == .copy)
        #expect(desktop.titles("Groceries") == ["Milk", "Eggs", "Bread", "Apples"])
        #expect(groceries.text(at: 1) == "☐ Eggs !!")
    }

    @Test func textFromAnotherAppMakesAnItemWithThatTitle() async throws {
        let desktop = try Desktop()
        let groceries = desktop.openWindow(list: "Groceries").list!
        try await desktop.dropFromOtherProcess([.text("Oranges")], at: desktop.gap(before: 3, in: groceries.listView))
        #expect(desktop.titles("Groceries") == ["Milk", "Bread", "Apples", "Oranges"])
    }

    @Test func aJSONFileFromAnotherAppIsRead() async throws {
        let desktop = try Desktop()
        let groceries = desktop.openWindow(list: "Groceries").list!
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("todo-item-drop-\(UUID().uuidString).json")
        try Data(#"{"title": "Flour", "priority": 0, "date": "2026-11-30"}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let provider = try #require(ItemProvider(contentsOf: file))
        try await desktop.dropFromOtherProcess([provider], at: desktop.gap(before: 0, in: groceries.listView))
        #expect(desktop.titles("Groceries") == ["Flour", "Milk", "Bread", "Apples"])
        let flour = try #require(desktop.store.items(inList: desktop.list(named: "Groceries").id).first)
        #expect(flour.priority == .low)
        #expect(desktop.store.items(in: .scheduled).contains(flour))
    }

    @Test func unsupportedTypesAreRefusedWhileHovering() async throws {
        let desktop = try Desktop()
        let groceries = desktop.openWindow(list: "Groceries").list!
        let (proposal, operation) = try await desktop.dropFromOtherProcess(
            [.data("not really a png", as: .png)], at: desktop.gap(before: 0, in: groceries.listView))
        #expect(proposal == nil, "the list does not take the drag: no proposal, no gap")
        #expect(operation == .cancel)
        #expect(desktop.titles("Groceries") == ["Milk", "Bread", "Apples"])
    }

    @Test func unusableDataIsAnErrorInTheWindowAndChangesNothing() async throws {
        let desktop = try Desktop()
        let window = desktop.openWindow(list: "Groceries")
        var shown: [String?] = []
        desktop.app.onErrorChanged = { shown.append($0.errorMessage) }
        try await desktop.dropFromOtherProcess([.data(#"{"weather": "sunny"}"#, as: .json)],
                                               at: desktop.gap(before: 0, in: window.list!.listView))
        #expect(desktop.titles("Groceries") == ["Milk", "Bread", "Apples"])
        #expect(window.errorMessage == "The JSON is neither a to-do item (it has no \"title\") nor a to-do list (it has no \"name\").")
        #expect(shown == [window.errorMessage])
        #expect(!desktop.store.undoHistory.canUndo)
        // The next drop that works clears the message.
        try await desktop.dropFromOtherProcess([.text("Oranges")], at: desktop.gap(before: 0, in: window.list!.listView))
        #expect(window.errorMessage == nil)
    }

    @Test func aListDraggedOntoAListIsRefusedWithAnError() async throws {
        let desktop = try Desktop()
        let window = desktop.openWindow(list: "Groceries")
        let home = desktop.main.home!
        try await desktop.drag(row: 1, of: home.listsView, to: desktop.gap(before: 0, in: window.list!.listView))
        #expect(window.errorMessage == "A list can't go inside a list. Drop lists on Home.")
        #expect(desktop.titles("Groceries") == ["Milk", "Bread", "Apples"])
        #expect(desktop.store.lists().count == 3)
    }

    // MARK: - Groups

    @Test func allTakesTextAndNewItemsAtItsDropIndex() async throws {
        let desktop = try Desktop()
        let all = desktop.openWindow(.group(.all)).list!
        try await desktop.dropFromOtherProcess([.text("Call Ada"), .data(#"{"title": "Pay rent"}"#, as: .todoItem)],
                                               at: desktop.gap(before: 2, in: all.listView))
        #expect(all.items.map(\.title).prefix(5) == ["Milk", "Bread", "Call Ada", "Pay rent", "Apples"])
        #expect(desktop.titles("Groceries").suffix(2) == ["Call Ada", "Pay rent"])
    }

    @Test func allRefusesAnItemAlreadyInTheAppWhileItHovers() async throws {
        let desktop = try Desktop()
        let all = desktop.openWindow(.group(.all))
        let work = desktop.openWindow(list: "Work").list!
        let allList = all.list!.listView
        let before = desktop.store.allItems()
        let firstRow = allList.frameForItem(at: IndexPath(item: 0, section: 0))
        let drag = try desktop.harness.lift(at: desktop.row(0, of: work.listView))
        let proposal = try drag.move(to: desktop.gap(before: 1, in: allList), steps: 4)
        #expect(proposal == nil, "refused while hovering (the list does not take the drag), not a copy")
        #expect(!allList.hasActiveDrop, "no gap opens")
        #expect(!allList.hasUncommittedUpdates, "no placeholder")
        #expect(allList.frameForItem(at: IndexPath(item: 0, section: 0)) == firstRow)
        #expect(try await drag.drop() == .cancel)
        await desktop.app.waitForDrops()
        #expect(desktop.store.allItems() == before)
        #expect(all.list!.items.map(\.id) == desktop.store.items(in: .all).map(\.id))
        #expect(all.errorMessage == nil, "nothing was dropped, so there is nothing to explain")
        #expect(!desktop.store.undoHistory.canUndo)
    }

    @Test func allProposesACopyOfTextAndMakesAnItem() async throws {
        let desktop = try Desktop()
        let all = desktop.openWindow(.group(.all)).list!
        let (proposal, operation) = try await desktop.dropFromOtherProcess(
            [.text("Call Ada")], at: desktop.gap(before: 1, in: all.listView))
        #expect(proposal?.operation == .copy)
        #expect(operation == .copy)
        #expect(all.items.map(\.title).prefix(3) == ["Milk", "Call Ada", "Bread"])
        #expect(desktop.store.allItems().count == 9)
    }

    @Test func allProposesACopyOfItemJSONFromAnotherProcessAndMakesAnItem() async throws {
        let desktop = try Desktop()
        let all = desktop.openWindow(.group(.all)).list!
        let item = TodoItem(title: "Pay rent", listID: UUID())
        let json = try #require(String(data: TodoJSON.data(for: item), encoding: .utf8))
        let (proposal, operation) = try await desktop.dropFromOtherProcess(
            [.data(json, as: .todoItem)], at: desktop.gap(before: 0, in: all.listView))
        #expect(proposal?.operation == .copy)
        #expect(operation == .copy)
        #expect(all.items.first?.title == "Pay rent")
        #expect(desktop.titles("Groceries").last == "Pay rent", "a new item of the first list")
        #expect(desktop.store.allItems().count == 9)
    }

    @Test(arguments: [HomeGroup.today, .scheduled, .overdue])
    func dateGroupsTakeNoDrops(group: HomeGroup) async throws {
        let desktop = try Desktop()
        let window = desktop.openWindow(.group(group))
        let before = desktop.store.allItems()
        let (proposal, operation) = try await desktop.dropFromOtherProcess(
            [.text("Anything")], at: desktop.gap(before: 0, in: window.list!.listView))
        #expect(proposal == nil, "a date group takes no drag")
        #expect(operation == .cancel)
        #expect(desktop.store.allItems() == before)
        // An item of the app is refused while it hovers too: no gap.
        let chores = desktop.openWindow(list: "Chores").list!
        let inApp = try desktop.harness.lift(at: desktop.row(0, of: chores.listView))
        let hovering = try inApp.move(to: desktop.gap(before: 0, in: window.list!.listView), steps: 4)
        #expect(hovering == nil)
        #expect(!window.list!.listView.hasActiveDrop)
        #expect(try await inApp.drop() == .cancel)
        await desktop.app.waitForDrops()
        #expect(desktop.store.allItems() == before)
        // Their rows still drag out.
        try await desktop.drag(row: 0, of: window.list!.listView, to: desktop.gap(before: 2, in: chores.listView))
        #expect(desktop.store.allItems().count == 8)
    }

    // MARK: - Home

    @Test func homeTakesAListWithItsItems() async throws {
        let desktop = try Desktop()
        let home = desktop.main.home!
        let json = #"{"name": "Trip", "color": "purple", "icon": "airplane-mode-symbolic", "items": [{"title": "Tickets"}, {"title": "Passport"}]}"#
        try await desktop.dropFromOtherProcess([.data(json, as: .todoList)], at: desktop.gap(before: 1, in: home.listsView))
        #expect(desktop.store.lists().map(\.name) == ["Groceries", "Trip", "Work", "Chores"])
        #expect(desktop.titles("Trip") == ["Tickets", "Passport"])
        #expect(home.listText(at: 1) == "● Trip  2")
    }

    @Test func homeTakesTextAsANewList() async throws {
        let desktop = try Desktop()
        let home = desktop.main.home!
        try await desktop.dropFromOtherProcess([.text("Holidays")], at: desktop.gap(before: 3, in: home.listsView))
        #expect(desktop.store.lists().map(\.name) == ["Groceries", "Work", "Chores", "Holidays"])
    }

    @Test func homeReordersItsLists() async throws {
        let desktop = try Desktop()
        let home = desktop.main.home!
        try await desktop.drag(row: 0, of: home.listsView, to: desktop.gap(before: 3, in: home.listsView))
        #expect(desktop.store.lists().map(\.name) == ["Work", "Chores", "Groceries"])
        #expect(home.lists.map(\.name) == ["Work", "Chores", "Groceries"])
    }

    // MARK: - Undo

    @Test func aDroppedItemIsAddedThenMovedAsOneUndoStep() async throws {
        let desktop = try Desktop()
        let groceries = desktop.openWindow(list: "Groceries").list!
        try await desktop.dropFromOtherProcess([.text("Eggs")], at: desktop.gap(before: 0, in: groceries.listView))
        #expect(groceries.items.map(\.title) == ["Eggs", "Milk", "Bread", "Apples"])
        desktop.app.undo()
        #expect(groceries.items.map(\.title) == ["Milk", "Bread", "Apples"])
        #expect(!desktop.store.undoHistory.canUndo, "one step undid both the add and the move")
        desktop.app.redo()
        #expect(groceries.items.map(\.title) == ["Eggs", "Milk", "Bread", "Apples"])
    }

    @Test func aThousandItemsInOneDragLandInOrderAndUndoAsOneStep() async throws {
        let desktop = try Desktop()
        let groceries = desktop.openWindow(list: "Groceries").list!
        let providers = (0..<1_000).map { ItemProvider.data(#"{"title": "Item \#($0)"}"#, as: .todoItem) }
        try await desktop.dropFromOtherProcess(providers, at: desktop.gap(before: 1, in: groceries.listView))
        let titles = groceries.items.map(\.title)
        #expect(titles.count == 1_003)
        #expect(titles.first == "Milk")
        #expect(Array(titles[1...1_000]) == (0..<1_000).map { "Item \($0)" })
        #expect(titles.suffix(2) == ["Bread", "Apples"])
        #expect(desktop.store.undoHistory.undoCount == 1)
        desktop.app.undo()
        #expect(groceries.items.map(\.title) == ["Milk", "Bread", "Apples"])
    }

    @Test func aMoveBetweenListsUndoesInBothWindows() async throws {
        let desktop = try Desktop()
        let work = desktop.openWindow(list: "Work").list!
        let groceries = desktop.openWindow(list: "Groceries").list!
        try await desktop.drag(row: 0, of: work.listView, to: desktop.gap(before: 0, in: groceries.listView))
        desktop.app.undo()
        #expect(work.items.map(\.title) == ["Write the report", "Book the meeting room", "Answer the mail"])
        #expect(groceries.items.map(\.title) == ["Milk", "Bread", "Apples"])
    }

    // MARK: - Dragging out to a new window

    @Test func aListDroppedOnNoWindowOpensAWindowShowingIt() async throws {
        let desktop = try Desktop()
        let home = desktop.main.home!
        let drag = try desktop.harness.lift(at: desktop.row(1, of: home.listsView))
        try drag.moveOutside()
        #expect(try await drag.drop() == .copy)
        #expect(desktop.app.windows.windows.count == 2)
        let opened = try #require(desktop.app.windows.windows.last)
        #expect(opened.content == .list(desktop.list(named: "Work").id))
        #expect(opened.isSecondary)
        #expect(desktop.app.screens[opened.id]?.title == "Work")
        #expect(desktop.app.screens[opened.id]?.list?.items.count == 3)
        // Its Done button closes it.
        desktop.app.windows.close(opened.id)
        #expect(desktop.app.windows.windows.count == 1)
    }

    @Test func anItemDroppedOnNoWindowOpensAWindowShowingIt() async throws {
        let desktop = try Desktop()
        let work = desktop.openWindow(list: "Work").list!
        let drag = try desktop.harness.lift(at: desktop.row(2, of: work.listView))
        try drag.moveOutside()
        #expect(try await drag.drop() == .copy)
        let opened = try #require(desktop.app.windows.windows.last)
        #expect(desktop.app.screens[opened.id]?.item?.title == "Answer the mail")
    }

    @Test func aListDroppedOnAWindowOpensNoWindow() async throws {
        let desktop = try Desktop()
        let home = desktop.main.home!
        try await desktop.drag(row: 0, of: home.listsView, to: desktop.gap(before: 3, in: home.listsView))
        #expect(desktop.app.windows.windows.count == 1)
    }

    @Test func aDragFromAnotherAppDroppedOnNoWindowOpensNothing() async throws {
        let desktop = try Desktop()
        let drag = try desktop.harness.dragFromOtherProcess([.text("Hello")])
        try drag.moveOutside()
        #expect(try await drag.drop() == .cancel)
        #expect(desktop.app.windows.windows.count == 1)
    }
}
