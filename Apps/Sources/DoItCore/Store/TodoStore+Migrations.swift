import Foundation
import GRDB

extension TodoStore {
    /// The schema, then (once, on the first run only) the sample lists.
    static func migrator(clock: DayClock, sampleData: Bool) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: lists and items") { db in
            try db.create(table: "list") { table in
                table.primaryKey("id", .blob)
                table.column("name", .text).notNull()
                table.column("color", .text).notNull()
                table.column("icon", .text).notNull()
                table.column("position", .integer).notNull()
            }
            try db.create(table: "item") { table in
                table.primaryKey("id", .blob)
                table.column("listID", .blob).notNull().indexed()
                table.column("title", .text).notNull()
                table.column("priority", .integer).notNull()
                table.column("notes", .text)
                table.column("dueDate", .datetime)
                table.column("completed", .boolean).notNull()
                table.column("position", .integer).notNull()
                table.column("globalOrder", .double).notNull()
            }
        }
        // A migration runs once per database, so the samples appear on the
        // first run only, even if the person deletes them later.
        migrator.registerMigration("v1: sample data") { db in
            guard sampleData else { return }
            var order = 0.0
            for (listPosition, sample) in SampleData.lists(clock: clock).enumerated() {
                try ListRecord(sample.list, position: listPosition).insert(db)
                for (position, item) in sample.items.enumerated() {
                    order += 1
                    try ItemRecord(item, position: position, globalOrder: order).insert(db)
                }
            }
        }
        // A list's rows and All's rows are read in these orders, the ids
        // first and the fields a page at a time: the indexes hold the ids in
        // order, so they are read without sorting or visiting every item,
        // and Home's dated groups count their items without reading the others.
        migrator.registerMigration("v2: item order indexes") { db in
            try db.create(index: "item_list_position", on: "item", columns: ["listID", "position", "id"])
            try db.create(index: "item_global_order", on: "item", columns: ["globalOrder", "id"])
            try db.create(index: "item_due_date", on: "item", columns: ["dueDate"])
        }
        return migrator
    }
}
