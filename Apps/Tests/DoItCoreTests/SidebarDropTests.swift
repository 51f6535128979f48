import DoItCore
import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import UniformTypes

/// Items dropped on a list's row in Home's sidebar, driven through the
/// engine: the row is highlighted while the drag hovers (no gap), the
/// items move to the end of that list as one undo step, and whatever the
/// drop would refuse is refused while it hovers.
@MainActor @Suite struct SidebarDropTests {
    private let row0 = IndexPath(item: 0, section: 0)

    @Test func anItemDroppedOnAListsRowMovesToTheEndOfThatList() async throws {
        let desktop = try Desktop()
        let home = desktop.main.home!
        let work = desktop.openWindow(list: "Work").list!
        let drag = try desktop.harness.lift(at: desktop.row(0, of: work.listView))
        let proposal = try drag.move(to: desktop.row(0, of: home.listsView), steps: 4)
        #expect(proposal?.operation == .move)
        #expect(home.listsView.dropHover == .highlight(row0), "the Groceries row is highlighted, no gap opens")
        #expect(try await drag.drop() == .move)
        await desktop.app.waitForDrops()
        #expect(desktop.titles("Groceries") == ["Milk", "Bread", "Apples", "Write the report"])
        #expect(desktop.titles("Work") == ["Book the meeting room", "Answer the mail"])
        #expect(home.listsView.dropHover == nil)
        #expect(desktop.main.errorMessage == nil)
        #expect(desktop.store.undoHistory.undoCount == 1)
        desktop.app.undo()
        #expect(desktop.titles("Work") == ["Write the report", "Book the meeting room", "Answer the mail"])
        #expect(desktop.titles("Groceries") == ["Milk", "Bread", "Apples"])
        desktop.app.redo()
        #expect(desktop.titles("Groceries").last == "Write the report")
    }

    @Test func theListMakesUIKitsCallsWithAnIntoProposal() async throws {
        let desktop = try Desktop()
        desktop.harness.engine.reportsListDelegateCalls = true
        let home = desktop.main.home!
        let chores = desktop.openWindow(list: "Chores").list!
        desktop.harness.clearTranscript()
        let drag = try desktop.harness.lift(at: desktop.row(1, of: chores.listView))
        try drag.move(to: desktop.row(1, of: home.listsView))
        try await drag.drop()
        await desktop.app.waitForDrops()
        let into = ListDropProposal(operation: .move, intent: .insertIntoDestinationIndexPath)
        // Asked first with the destination an insertion would have (the
        // previous proposal's, UIKit's way: the row after, the pointer being
        // in the row's lower half); the drop goes into the row itself.
        #expect(desktop.harness.transcript.calls(on: "lists") == [
            .list("lists", .canHandle(true)),
            .destination("lists", .canHandle(true)),
            .list("lists", .dropSessionDidEnter),
            .destination("lists", .didEnter),
            .list("lists", .dropSessionDidUpdate(IndexPath(item: 2, section: 0), into)),
            .destination("lists", .didUpdate(.move)),
            .list("lists", .performDrop(IndexPath(item: 1, section: 0), into)),
            .destination("lists", .performDrop),
            .destination("lists", .concludeDrop),
            .list("lists", .dropSessionDidEnd),
            .destination("lists", .didEnd),
        ])
        #expect(desktop.titles("Work").last == "Take out the bins")
    }

    @Test func anItemOverEmptySpaceOrItsOwnListIsRefusedWhileItHovers() async throws {
        let desktop = try Desktop()
        let home = desktop.main.home!
        let groceries = desktop.openWindow(list: "Groceries").list!
        let before = desktop.store.allItems()

        // Below the last list: no row to go into, and Home takes no items.
        let drag = try desktop.harness.lift(at: desktop.row(0, of: groceries.listView))
        let below = try drag.move(to: desktop.gap(before: 3, in: home.listsView), steps: 4)
        #expect(below == nil || below?.operation == .cancel)
        #expect(home.listsView.dropHover == nil, "no gap, no highlight")
        // Over its own list's row: it would not move.
        let own = try drag.move(to: desktop.row(0, of: home.listsView), steps: 2)
        #expect(own == nil || own?.operation == .cancel)
        #expect(home.listsView.dropHover == nil)
        #expect(try await drag.drop() == .cancel)
        await desktop.app.waitForDrops()
        #expect(desktop.store.allItems() == before)
        #expect(desktop.main.errorMessage == nil, "nothing was accepted, so nothing is refused on release")
        #expect(desktop.store.undoHistory.undoCount == 0)
    }

    @Test func twentyItemsFromAnotherAppDroppedOnARowAreOneUndoStep() async throws {
        let desktop = try Desktop()
        let home = desktop.main.home!
        let providers = (1...20).map { ItemProvider.data(#"{"title": "Task \#($0)"}"#, as: .todoItem) }
        let (proposal, operation) = try await desktop.dropFromOtherProcess(providers, at: desktop.row(2, of: home.listsView))
        #expect(proposal?.operation == .copy)
        #expect(operation == .copy)
        #expect(desktop.titles("Chores") == ["Water the plants", "Take out the bins"] + (1...20).map { "Task \($0)" })
        #expect(desktop.store.undoHistory.undoCount == 1)
        desktop.app.undo()
        #expect(desktop.titles("Chores") == ["Water the plants", "Take out the bins"])
    }

    @Test func textAndListsStillGoBetweenTheRows() async throws {
        let desktop = try Desktop()
        let home = desktop.main.home!
        let drag = try desktop.harness.dragFromOtherProcess([.text("Holidays")])
        let proposal = try drag.move(to: desktop.gap(before: 1, in: home.listsView))
        #expect(proposal?.operation == .copy)
        #expect(home.listsView.dropHover == .gap(before: IndexPath(item: 1, section: 0)))
        try await drag.drop()
        await desktop.app.waitForDrops()
        #expect(desktop.store.lists().map(\.name) == ["Groceries", "Holidays", "Work", "Chores"])
    }

    @Test func theRulesForAListsRow() throws {
        let store = try TodoStore(inMemoryWith: TestClock.fixed, sampleData: true)
        let list = store.lists()[0]
        let item = store.items(inList: list.id)[0]
        let itemTypes = store.itemProvider(forItem: item).registeredContentTypes
        let listTypes = store.itemProvider(forList: list).registeredContentTypes
        #expect(DropRules.acceptsOnListRow([itemTypes]))
        #expect(DropRules.acceptsOnListRow([[.todoItem]]), "item JSON from another app")
        #expect(!DropRules.acceptsOnListRow([listTypes]))
        #expect(!DropRules.acceptsOnListRow([itemTypes, listTypes]), "all or nothing")
        #expect(!DropRules.acceptsOnListRow([[.utf8PlainText]]), "text makes a new list between the rows")
        #expect(!DropRules.acceptsOnListRow([]))
        #expect(DropRules.carriesItems([[.utf8PlainText], itemTypes]))
        #expect(!DropRules.carriesItems([[.utf8PlainText]]))
    }
}
