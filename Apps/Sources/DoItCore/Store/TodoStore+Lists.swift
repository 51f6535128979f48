import Foundation
import GRDB

extension TodoStore {
    // MARK: - Lists

    /// Adds a list with its items at `index` on Home (at the end when nil).
    /// The items keep their order; in All they go at the end.
    public func addList(_ list: TodoList, items: [TodoItem] = [], at index: Int? = nil) throws(DoItError) {
        try change("Add List", scope: .init(includesLists: true, itemLists: [list.id])) { db in
            var ids = try ListRecord.order(Column("position")).fetchAll(db).map(\.id)
            try ListRecord(list, position: ids.count).insert(db)
            ids.insert(list.id, at: min(max(0, index ?? ids.count), ids.count))
            try Self.writeListOrder(db, ids)
            let orders = try Self.globalOrders(db, inserting: max(1, items.count), at: nil)
            for (position, item) in items.enumerated() {
                var item = item
                item.listID = list.id
                try ItemRecord(item, position: position, globalOrder: orders[position]).insert(db)
            }
        }
    }

    /// Moves lists on Home (SwiftUI's `onMove` semantics).
    public func moveLists(fromOffsets offsets: IndexSet, to destination: Int) throws(DoItError) {
        try change("Move Lists", scope: .init(includesLists: true)) { db in
            let ids = try ListRecord.order(Column("position")).fetchAll(db).map(\.id)
            try Self.writeListOrder(db, ids.moving(fromOffsets: offsets, to: destination))
        }
    }

    /// Removes a list and its items.
    public func removeList(withID id: UUID) throws(DoItError) {
        try change("Delete List", scope: .init(includesLists: true, itemLists: [id])) { db in
            try ItemRecord.filter(Column("listID") == id).deleteAll(db)
            _ = try ListRecord.deleteOne(db, key: id)
            try Self.writeListOrder(db, try ListRecord.order(Column("position")).fetchAll(db).map(\.id))
        }
    }

    /// Saves a list's name, colour or icon.
    public func update(_ list: TodoList) throws(DoItError) {
        try change("Edit List", scope: .init(includesLists: true)) { db in
            try Self.requireList(db, list.id)
            try db.execute(sql: "UPDATE list SET name = ?, color = ?, icon = ? WHERE id = ?",
                           arguments: [list.name, list.color.rawValue, list.icon, list.id])
        }
    }

    static func writeListOrder(_ db: Database, _ ids: [UUID]) throws {
        for (position, id) in ids.enumerated() {
            try db.execute(sql: "UPDATE list SET position = ? WHERE id = ? AND position != ?", arguments: [position, id, position])
        }
    }
}
