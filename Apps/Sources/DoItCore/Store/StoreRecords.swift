import Foundation
import GRDB

/// A list as stored: the model plus its place on Home.
struct ListRecord: Codable, Hashable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "list"

    var id: UUID
    var name: String
    var color: String
    var icon: String
    /// Index on Home, 0 first; kept contiguous.
    var position: Int

    init(_ list: TodoList, position: Int) {
        id = list.id
        name = list.name
        color = list.color.rawValue
        icon = list.icon
        self.position = position
    }

    var model: TodoList {
        TodoList(id: id, name: name, color: ListColor(rawValue: color) ?? .blue, icon: icon)
    }
}

/// An item as stored: the model plus its place in its list and in All.
struct ItemRecord: Codable, Hashable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "item"

    var id: UUID
    var listID: UUID
    var title: String
    var priority: Int
    var notes: String?
    var dueDate: Date?
    var completed: Bool
    /// Index in its list, 0 first; kept contiguous per list.
    var position: Int
    /// Sort key of the global order All shows. Not contiguous: an item
    /// dropped into All gets a key between its neighbours, so no other row
    /// changes (and undo restores exactly the rows a change touched).
    var globalOrder: Double

    init(_ item: TodoItem, position: Int, globalOrder: Double) {
        id = item.id
        listID = item.listID
        title = item.title
        priority = item.priority.rawValue
        notes = item.notes
        dueDate = item.dueDate
        completed = item.completed
        self.position = position
        self.globalOrder = globalOrder
    }

    var model: TodoItem {
        TodoItem(id: id, title: title, priority: Priority(rawValue: priority) ?? .normal, notes: notes,
                 dueDate: dueDate, completed: completed, listID: listID)
    }

    /// The columns every request selects, in this order, so ``init(row:)``
    /// reads them by position: a list of 100,000 items loads several times
    /// faster than through `Decodable`, which looks each column up by name.
    static var databaseSelection: [any SQLSelectable] {
        [Column("id"), Column("listID"), Column("title"), Column("priority"), Column("notes"),
         Column("dueDate"), Column("completed"), Column("position"), Column("globalOrder")]
    }

    init(row: Row) throws {
        id = row[0]
        listID = row[1]
        title = row[2]
        priority = row[3]
        notes = row[4]
        dueDate = row[5]
        completed = row[6]
        position = row[7]
        globalOrder = row[8]
    }
}
