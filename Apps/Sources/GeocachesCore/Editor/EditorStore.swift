import Foundation
import GRDB

/// CacheEditor's own store: the one geocache it shows, in SQLite. The
/// editor shares nothing with the board; what it shows arrived by a drop or
/// was typed in. A save replaces the row in one statement, so a geocache
/// is never half written.
public final class EditorStore: Sendable {
    /// The file name of the editor's database in its data folder.
    public static let fileName = "editor.sqlite"

    let database: DatabaseQueue
    public let url: URL

    /// Opens (or makes) the store in `folder`; a new store shows `sample`.
    public init(folder: URL, sample: Geocache? = SampleGeocaches.editor) throws(GeocacheError) {
        url = folder.appendingPathComponent(Self.fileName)
        do {
            database = try DatabaseQueue(path: url.path, configuration: GeocacheStore.configuration)
            var migrator = DatabaseMigrator()
            migrator.registerMigration("shownGeocache") { db in
                try db.create(table: "shownGeocache") { table in
                    table.primaryKey("id", .integer).check { $0 == 1 }
                    Geocache.defineColumns(in: table)
                }
                if let sample { try Self.replace(with: sample, in: db) }
            }
            try migrator.migrate(database)
        } catch {
            throw GeocacheStore.failure("open", error, url: url)
        }
    }

    /// The geocache the editor shows, if any.
    public func load() throws(GeocacheError) -> Geocache? {
        do {
            return try database.read { db in
                try Row.fetchOne(db, sql: "SELECT * FROM shownGeocache WHERE id = 1").map { Geocache(row: $0).detached }
            }
        } catch {
            throw GeocacheStore.failure("read", error, url: url)
        }
    }

    /// Makes `geocache` the one the editor shows.
    public func save(_ geocache: Geocache) throws(GeocacheError) {
        do {
            try database.write { db in try Self.replace(with: geocache, in: db) }
        } catch {
            throw GeocacheStore.failure("save “\(geocache.name)”", error, url: url)
        }
    }

    private static func replace(with geocache: Geocache, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO shownGeocache (id, name, summary, latitude, longitude, image)
                VALUES (1, ?, ?, ?, ?, ?)
                """,
            arguments: [geocache.name, geocache.summary, geocache.latitude, geocache.longitude, geocache.image])
    }
}
