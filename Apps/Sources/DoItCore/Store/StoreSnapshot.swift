import Foundation
import GRDB

/// The rows one change can touch, as they were: the lists table (when the
/// change reorders, adds or removes lists) and every item of some lists.
/// Restoring the snapshot taken before a change undoes it; the one taken
/// after redoes it. Changes run strictly in undo order, so the rest of the
/// store is as it was when the snapshot was taken.
struct StoreSnapshot {
    /// Which rows a change touches.
    struct Scope {
        var includesLists = false
        var itemLists: Set<UUID> = []
    }

    var lists: [ListRecord]?
    var itemsByList: [UUID: [ItemRecord]]

    init(_ db: Database, scope: Scope) throws {
        lists = scope.includesLists ? try ListRecord.order(Column("position")).fetchAll(db) : nil
        var items: [UUID: [ItemRecord]] = [:]
        for listID in scope.itemLists {
            items[listID] = try ItemRecord.filter(Column("listID") == listID).order(Column("position")).fetchAll(db)
        }
        itemsByList = items
    }

    /// Puts the rows back as they were.
    func restore(in db: Database) throws {
        if let lists {
            try ListRecord.deleteAll(db)
            for list in lists { try list.insert(db) }
        }
        for listID in itemsByList.keys {
            try ItemRecord.filter(Column("listID") == listID).deleteAll(db)
        }
        for records in itemsByList.values {
            for record in records { try record.insert(db) }
        }
    }
}
