import Foundation
import GRDB

extension TodoStore {
    // MARK: - Items

    /// Adds items at the end of their lists. In All they go at
    /// `globalIndex` (counted in All's order), or at the end.
    ///
    /// - Throws: `.notFound` when an item's list does not exist,
    ///   `.storeFailed` when an item's id is already taken.
    public func addItems(_ items: [TodoItem], atGlobalIndex globalIndex: Int? = nil) throws(DoItError) {
        guard !items.isEmpty else { return }
        let lists = Set(items.map(\.listID))
        try change(items.count == 1 ? "Add Item" : "Add Items", scope: .init(itemLists: lists)) { db in
            for list in lists { try Self.requireList(db, list) }
            let orders = try Self.globalOrders(db, inserting: items.count, at: globalIndex)
            var counts: [UUID: Int] = [:]
            for (index, item) in items.enumerated() {
                let position: Int
                if let count = counts[item.listID] {
                    position = count
                } else {
                    position = try ItemRecord.filter(Column("listID") == item.listID).fetchCount(db)
                }
                counts[item.listID] = position + 1
                try ItemRecord(item, position: position, globalOrder: orders[index]).insert(db)
            }
        }
    }

    /// Moves the items at `offsets` of a list so that they land before the
    /// row that was at `destination` (SwiftUI's `onMove` semantics: the
    /// destination counts the rows as they were before the move).
    public func moveItems(fromOffsets offsets: IndexSet, to destination: Int, within listID: UUID) throws(DoItError) {
        try change("Move Items", scope: .init(itemLists: [listID])) { db in
            let ids = try Self.itemRecords(db, list: listID).map(\.id)
            try Self.writeOrder(db, list: listID, ids: ids.moving(fromOffsets: offsets, to: destination))
        }
    }

    /// Moves items (from any lists) into `listID`, so that the first lands
    /// at `index` of the list as it is without them and the rest follow in
    /// the given order.
    public func moveItems(withIDs ids: [UUID], toList listID: UUID, at index: Int) throws(DoItError) {
        let sources = Set(ids.compactMap { item(withID: $0)?.listID })
        try change("Move Items", scope: .init(itemLists: sources.union([listID]))) { db in
            try Self.requireList(db, listID)
            let moving = Set(ids)
            for source in sources where source != listID {
                let remaining = try Self.itemRecords(db, list: source).map(\.id).filter { !moving.contains($0) }
                try Self.writeOrder(db, list: source, ids: remaining)
            }
            var target = try Self.itemRecords(db, list: listID).map(\.id).filter { !moving.contains($0) }
            target.insert(contentsOf: ids, at: min(max(0, index), target.count))
            try Self.writeOrder(db, list: listID, ids: target)
        }
    }

    /// Removes items.
    public func removeItems(withIDs ids: [UUID]) throws(DoItError) {
        let lists = Set(ids.compactMap { item(withID: $0)?.listID })
        try change(ids.count == 1 ? "Delete Item" : "Delete Items", scope: .init(itemLists: lists)) { db in
            _ = try ItemRecord.deleteAll(db, keys: ids)
            for list in lists {
                try Self.writeOrder(db, list: list, ids: try Self.itemRecords(db, list: list).map(\.id))
            }
        }
    }

    /// Saves an item's title, priority, notes, due date or completion.
    /// Its list does not change here (use ``moveItems(withIDs:toList:at:)``).
    public func update(_ item: TodoItem) throws(DoItError) {
        guard let stored = self.item(withID: item.id) else {
            throw DoItError(.notFound, "\"\(item.title)\" is no longer there; it may have been deleted in another window.")
        }
        try change("Edit Item", scope: .init(itemLists: [stored.listID])) { db in
            try db.execute(sql: "UPDATE item SET title = ?, priority = ?, notes = ?, dueDate = ?, completed = ? WHERE id = ?",
                           arguments: [item.title, item.priority.rawValue, item.notes, item.dueDate, item.completed, item.id])
        }
    }

    /// Sort keys for `count` items inserted at `index` of the global order
    /// (at the end when nil): evenly between the neighbours there.
    static func globalOrders(_ db: Database, inserting count: Int, at index: Int?) throws -> [Double] {
        let orders = try Double.fetchAll(db, sql: "SELECT globalOrder FROM item ORDER BY globalOrder")
        let slot = min(max(0, index ?? orders.count), orders.count)
        let lower = slot > 0 ? orders[slot - 1] : (orders.first ?? 0) - Double(count + 1)
        let upper = slot < orders.count ? orders[slot] : lower + Double(count + 1)
        let step = (upper - lower) / Double(count + 1)
        return (1...count).map { lower + step * Double($0) }
    }
}

extension Array {
    /// The array after moving the elements at `offsets` so that they land
    /// before the element that was at `destination` (SwiftUI's
    /// `move(fromOffsets:toOffset:)`).
    func moving(fromOffsets offsets: IndexSet, to destination: Int) -> [Element] {
        // Offsets from a stale view may be out of range; they are ignored.
        let valid = IndexSet(offsets.filter { indices.contains($0) })
        let moving = valid.map { self[$0] }
        var remaining = enumerated().filter { !valid.contains($0.offset) }.map(\.element)
        let before = valid.filter { $0 < destination }.count
        remaining.insert(contentsOf: moving, at: Swift.min(Swift.max(0, destination - before), remaining.count))
        return remaining
    }
}
