import GRDB

extension Geocache {
    /// Adds the columns that hold a geocache's fields to a table both
    /// stores define.
    static func defineColumns(in table: TableDefinition) {
        table.column("name", .text).notNull()
        table.column("summary", .text).notNull()
        table.column("latitude", .double).notNull()
        table.column("longitude", .double).notNull()
        table.column("image", .blob)
    }

    /// The geocache in a row of such a table (id from its `id` column).
    init(row: Row) {
        self.init(id: row["id"], name: row["name"], summary: row["summary"],
                  latitude: row["latitude"], longitude: row["longitude"], image: row["image"])
    }
}
