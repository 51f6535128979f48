import DoItCore
import Foundation
import Testing

@Suite struct JSONTests {
    private let listID = UUID()

    @Test func anItemRoundTrips() throws {
        let item = TodoItem(title: "Buy milk", priority: .high, notes: "semi-skimmed",
                            dueDate: Date(timeIntervalSince1970: 1_795_446_000), completed: true, listID: listID)
        #expect(try TodoJSON.item(from: TodoJSON.data(for: item)) == item)
    }

    @Test func aListRoundTripsWithItsItems() throws {
        let list = TodoList(name: "Groceries", color: .green, icon: "x")
        let items = [TodoItem(title: "Milk", listID: list.id), TodoItem(title: "Eggs", priority: .low, listID: list.id)]
        let (read, readItems) = try TodoJSON.list(from: TodoJSON.data(for: list, items: items))
        #expect(read == list)
        #expect(readItems == items)
    }

    @Test func lenientWhereTheFormatHasVariants() throws {
        let json = """
        {"title": " Call Ada ", "priority": 3, "dueDate": 785000000, "complete": "2026-11-20T10:00:00.250Z"}
        """
        let item = try TodoJSON.item(from: Data(json.utf8))
        #expect(item.title == "Call Ada")
        #expect(item.priority == .urgent)
        #expect(item.dueDate == Date(timeIntervalSinceReferenceDate: 785_000_000))
        #expect(item.completed)
        #expect(try TodoJSON.item(from: Data(#"{"title": "x", "priority": "HIGH", "date": "2026-11-24"}"#.utf8)).priority == .high)
    }

    @Test func aListMayComeWrapped() throws {
        let json = #"{"list": {"name": "Trip", "color": "Red"}, "items": [{"title": "Tickets"}]}"#
        guard case .list(let list, let items) = try TodoJSON.content(from: Data(json.utf8)) else {
            Issue.record("not a list")
            return
        }
        #expect(list.name == "Trip")
        #expect(list.color == .red)
        #expect(items.map(\.title) == ["Tickets"])
        #expect(items[0].listID == list.id)
    }

    @Test func plainJSONIsAnItemAnArrayOfItemsOrAList() throws {
        guard case .items(let items) = try TodoJSON.content(from: Data(#"[{"title": "a"}, {"title": "b"}]"#.utf8)) else {
            Issue.record("not items")
            return
        }
        #expect(items.map(\.title) == ["a", "b"])
    }

    @Test(arguments: [
        (#"{"priority": "high"}"#, "no \"title\""),
        (#"{"title": "x", "priority": 7}"#, "\"priority\" 7 is not one of low, normal, high, urgent"),
        (#"{"title": "x", "date": "next week"}"#, "\"date\" \"next week\" is not a date"),
        (#"{"title": "x", "id": "nope"}"#, "\"id\" \"nope\" is not a UUID"),
        (#"{"title": 12}"#, "\"title\" is a number, not a string"),
        (#"{"name": "L", "color": "mauve"}"#, "\"color\" \"mauve\" is not one of"),
        (#"{"name": "L", "items": {"title": "x"}}"#, "\"items\" is a object, not an array"),
        (#"{"colour": "red"}"#, "neither a to-do item"),
        (#"[]"#, "empty array"),
        (#"42"#, "is a number, not a to-do item or list"),
        (#"{"title": "#, "not valid JSON"),
    ])
    func strictOtherwiseWithAClearError(json: String, message: String) throws {
        do {
            _ = try TodoJSON.content(from: Data(json.utf8))
            Issue.record("\(json) was accepted")
        } catch {
            #expect(error.code == .invalidJSON)
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    @Test func textForOtherApps() {
        let item = TodoItem(title: "Buy milk", priority: .high, notes: "semi-skimmed\nor oat",
                            dueDate: Date(timeIntervalSince1970: 1_795_446_000), listID: listID)
        #expect(TodoText.string(for: item) == "[ ] Buy milk (high priority, due 2026-11-23)\n    semi-skimmed\n    or oat")
        let list = TodoList(name: "Groceries")
        let done = TodoItem(title: "Bread", completed: true, listID: list.id)
        #expect(TodoText.string(for: list, items: [done]) == "Groceries\n[x] Bread")
    }
}
