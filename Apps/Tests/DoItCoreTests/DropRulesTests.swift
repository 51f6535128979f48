import DoItCore
import Foundation
import ItemProviders
import Testing
import UniformTypes

/// The drop rules applied to item providers directly (the drags that carry
/// them through the engine are in DragTests).
@MainActor @Suite struct DropRulesTests {
    let store: TodoStore
    let handler: TodoDropHandler
    let groceries: TodoList
    let work: TodoList

    init() throws {
        store = try TodoStore(inMemoryWith: TestClock.fixed, sampleData: true)
        handler = TodoDropHandler(store: store)
        groceries = store.lists()[0]
        work = store.lists()[1]
        store.undoHistory.removeAll()
    }

    private func item(_ title: String) throws -> TodoItem {
        try #require(store.allItems().first { $0.title == title })
    }

    private func text(_ string: String) -> ItemProvider {
        ItemProvider(object: string).view(for: .otherProcess)
    }

    private func json(_ string: String, as type: UTType = .json) -> ItemProvider {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: type) { Data(string.utf8) }
        return provider.view(for: .otherProcess)
    }

    // MARK: - On a list

    @Test func anItemOfThisListMovesWithinIt() async throws {
        try await handler.drop([store.itemProvider(forItem: item("Milk"))], at: 3, on: .list(groceries.id))
        #expect(store.titles(groceries) == ["Bread", "Apples", "Milk"])
    }

    @Test func anItemOfAnotherListMovesIntoThisOneAtTheDropIndex() async throws {
        try await handler.drop([store.itemProvider(forItem: item("Write the report"))], at: 1, on: .list(groceries.id))
        #expect(store.titles(groceries) == ["Milk", "Write the report", "Bread", "Apples"])
        #expect(store.titles(work) == ["Book the meeting room", "Answer the mail"])
    }

    @Test func newItemJSONIsAddedAtTheDropIndex() async throws {
        try await handler.drop([json(#"{"title": "Eggs", "priority": "high"}"#, as: .todoItem)], at: 1, on: .list(groceries.id))
        #expect(store.titles(groceries) == ["Milk", "Eggs", "Bread", "Apples"])
        #expect(try item("Eggs").priority == .high)
    }

    @Test func anItemFromAnotherDoItIsANewItemNotAMove() async throws {
        // Another process sees no UUID representation, only JSON and text.
        let outside = store.itemProvider(forItem: try item("Write the report")).view(for: .otherProcess)
        try await handler.drop([outside], at: 0, on: .list(groceries.id))
        #expect(store.titles(groceries) == ["Write the report", "Milk", "Bread", "Apples"])
        #expect(store.titles(work).contains("Write the report"), "the original stays")
        #expect(store.allItems().filter { $0.title == "Write the report" }.count == 2)
    }

    @Test func plainTextMakesANewItemWithThatTitle() async throws {
        try await handler.drop([text("  Oranges\nthe juicy ones\n")], at: 2, on: .list(groceries.id))
        #expect(store.titles(groceries) == ["Milk", "Bread", "Oranges", "Apples"])
        #expect(try item("Oranges").notes == "the juicy ones")
    }

    @Test func severalItemsLandTogetherInTheirOrder() async throws {
        try await handler.drop([text("One"), json(#"{"title": "Two"}"#), text("Three")], at: 1, on: .list(groceries.id))
        #expect(store.titles(groceries) == ["Milk", "One", "Two", "Three", "Bread", "Apples"])
    }

    @Test func aListCannotGoInsideAList() async throws {
        let error = await dropError([store.itemProvider(forList: work)], at: 0, on: .list(groceries.id))
        #expect(error?.code == .notAccepted)
        #expect(error?.description == "A list can't go inside a list. Drop lists on Home.")
        #expect(store.titles(groceries) == ["Milk", "Bread", "Apples"])
    }

    @Test func unsupportedDataIsAnErrorAndChangesNothing() async throws {
        let png = ItemProvider()
        png.registerDataRepresentation(for: .png) { Data([0x89, 0x50]) }
        let error = await dropError([text("Fine"), png], at: 0, on: .list(groceries.id))
        #expect(error?.code == .unsupportedData)
        #expect(error?.description == "Do It can't use public.png. Drop to-do items, lists, JSON files or text.")
        #expect(store.titles(groceries) == ["Milk", "Bread", "Apples"], "the readable text was not added either")
        #expect(!store.undoHistory.canUndo)
    }

    @Test func invalidJSONIsAnErrorAndChangesNothing() async throws {
        let error = await dropError([json(#"{"title": "x", "priority": "soon"}"#)], at: 0, on: .list(groceries.id))
        #expect(error?.code == .invalidJSON)
        #expect(error?.description.contains("\"priority\" \"soon\" is not one of low, normal, high, urgent") == true)
        #expect(store.titles(groceries) == ["Milk", "Bread", "Apples"])
    }

    // MARK: - Groups

    @Test func allTakesNewItemsAndTextAtTheGlobalIndex() async throws {
        try await handler.drop([text("Call Ada"), json(#"{"title": "Pay rent"}"#)], at: 1, on: .group(.all))
        #expect(store.allItems().prefix(4).map(\.title) == ["Milk", "Call Ada", "Pay rent", "Bread"])
        #expect(store.titles(groceries).suffix(2) == ["Call Ada", "Pay rent"], "new items go into the first list")
    }

    @Test func allRefusesItemsAlreadyInTheApp() async throws {
        let error = await dropError([store.itemProvider(forItem: try item("Milk"))], at: 5, on: .group(.all))
        #expect(error?.code == .notAccepted)
        #expect(error?.description == "That item is already in All. To move it, drop it on one of the lists.")
        #expect(store.allItems().map(\.title).first == "Milk")
    }

    @Test(arguments: [HomeGroup.today, .scheduled, .overdue])
    func dateGroupsTakeNothing(group: HomeGroup) async throws {
        let before = store.allItems()
        let error = await dropError([text("Anything")], at: 0, on: .group(group))
        #expect(error?.code == .notAccepted)
        #expect(error?.description.hasPrefix("\(group.title) shows items by their due date and takes no drops.") == true)
        #expect(store.allItems() == before)
        #expect(DropRules.acceptedTypes(for: .group(group)).isEmpty)
    }

    // MARK: - Home

    @Test func homeTakesAListWithItsItems() async throws {
        let json = #"{"name": "Trip", "color": "purple", "items": [{"title": "Tickets"}, {"title": "Passport", "priority": 2}]}"#
        try await handler.drop([self.json(json, as: .todoList)], at: 1, on: .home)
        #expect(store.lists().map(\.name) == ["Groceries", "Trip", "Work", "Chores"])
        let trip = store.lists()[1]
        #expect(trip.color == .purple)
        #expect(store.titles(trip) == ["Tickets", "Passport"])
    }

    @Test func homeTakesTextAsANewList() async throws {
        try await handler.drop([text("Holidays")], at: 3, on: .home)
        #expect(store.lists().map(\.name) == ["Groceries", "Work", "Chores", "Holidays"])
        #expect(store.items(inList: store.lists()[3].id).isEmpty)
    }

    @Test func homeReordersItsOwnLists() async throws {
        try await handler.drop([store.itemProvider(forList: groceries)], at: 3, on: .home)
        #expect(store.lists().map(\.name) == ["Work", "Chores", "Groceries"])
    }

    @Test func aListFromAnotherDoItIsCopiedWithItsItems() async throws {
        let outside = store.itemProvider(forList: work).view(for: .otherProcess)
        try await handler.drop([outside], at: 0, on: .home)
        #expect(store.lists().map(\.name) == ["Work", "Groceries", "Work", "Chores"])
        #expect(store.titles(store.lists()[0]) == store.titles(work))
        #expect(store.lists()[0].id != work.id)
    }

    @Test func homeRefusesItems() async throws {
        let error = await dropError([store.itemProvider(forItem: try item("Milk"))], at: 0, on: .home)
        #expect(error?.code == .notAccepted)
        #expect(error?.description == "Home takes lists, or text to name a new list. Drop items on a list.")
    }

    // MARK: - Undo

    @Test func aDropIsOneUndoStepEvenThoughItAddsThenMoves() async throws {
        try await handler.drop([text("Eggs")], at: 0, on: .list(groceries.id))
        #expect(store.titles(groceries) == ["Eggs", "Milk", "Bread", "Apples"])
        #expect(store.undoHistory.undoCount == 1)
        store.undoHistory.undo()
        #expect(store.titles(groceries) == ["Milk", "Bread", "Apples"])
        #expect(!store.undoHistory.canUndo)
        store.undoHistory.redo()
        #expect(store.titles(groceries) == ["Eggs", "Milk", "Bread", "Apples"])
    }

    @Test func hoverDecisionsFollowTheRules() throws {
        let inApp = store.itemProvider(forItem: try item("Milk")).registeredContentTypes
        let fromOutside = [UTType.utf8PlainText]
        #expect(DropRules.accepts([inApp], on: .list(work.id)))
        #expect(!DropRules.accepts([inApp], on: .group(.all)))
        #expect(DropRules.accepts([fromOutside], on: .group(.all)))
        #expect(!DropRules.accepts([fromOutside], on: .group(.today)))
        #expect(!DropRules.accepts([inApp], on: .home))
        #expect(DropRules.accepts([store.itemProvider(forList: work).registeredContentTypes], on: .home))
        #expect(!DropRules.accepts([[.png]], on: .list(work.id)))
        #expect(DropRules.isMove([inApp]))
        #expect(!DropRules.isMove([fromOutside]))
    }

    private func dropError(_ providers: [ItemProvider], at index: Int, on destination: TodoDestination) async -> DoItError? {
        do {
            try await handler.drop(providers, at: index, on: destination)
            return nil
        } catch {
            return error
        }
    }
}
