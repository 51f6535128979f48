import Foundation
import GRDB
import GRDBSQLite

/// The board's geocaches in SQLite (through GRDB): one row per geocache,
/// with its lane and its position in the lane (``LanePosition``).
///
/// Every change is one transaction, so a geocache is never half written;
/// moving a geocache updates its own row only. Sample geocaches go in on
/// first run (the first time the file is made), never again.
///
/// ```swift
/// let store = try GeocacheStore(folder: dataFolder)
/// let board = try store.loadBoard()               // lanes in order
/// try store.move(id: 3, to: .completed, position: 512)   // one row
/// ```
public final class GeocacheStore: Sendable {
    /// The file name of the board's database in its data folder.
    public static let fileName = "geocaches.sqlite"

    let database: DatabaseQueue
    /// Where the database file is.
    public let url: URL

    /// Opens (or makes) the store in `folder`; a new store gets `samples`.
    ///
    /// - Throws: ``GeocacheError`` with code `.storeFailed`, naming the file.
    public init(folder: URL, samples: [StoredGeocache] = SampleGeocaches.board) throws(GeocacheError) {
        url = folder.appendingPathComponent(Self.fileName)
        do {
            database = try DatabaseQueue(path: url.path, configuration: GeocacheStore.configuration)
            var migrator = DatabaseMigrator()
            migrator.registerMigration("geocaches") { db in
                try db.create(table: "geocache") { table in
                    table.autoIncrementedPrimaryKey("id")
                    Geocache.defineColumns(in: table)
                    table.column("lane", .text).notNull()
                    table.column("position", .double).notNull()
                }
                try db.create(index: "geocache_lane_position", on: "geocache", columns: ["lane", "position"])
            }
            migrator.registerMigration("samples") { db in
                for sample in samples { _ = try Self.insert(sample, in: db) }
            }
            try migrator.migrate(database)
        } catch {
            throw Self.failure("open", error, url: url)
        }
    }

    /// Waits up to five seconds for another process's write (an export
    /// run while the app saves) instead of failing at once.
    static var configuration: Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        return configuration
    }

    // MARK: - Reading

    /// Every geocache, by lane, in lane order.
    ///
    /// The rows are read through a cursor straight into their lanes, each
    /// lane sized by a count first, so a large board is never held twice
    /// (as database rows and as geocaches) while it loads.
    public func loadBoard() throws(GeocacheError) -> [Lane: [StoredGeocache]] {
        do {
            return try database.read { db in
                var lanes: [Lane: [StoredGeocache]] = [.inProgress: [], .completed: []]
                for row in try Row.fetchAll(db, sql: "SELECT lane, COUNT(*) FROM geocache GROUP BY lane") {
                    if let lane = Lane(rawValue: row[0]) { lanes[lane, default: []].reserveCapacity(row[1]) }
                }
                let rows = try Row.fetchCursor(db, sql: "SELECT * FROM geocache ORDER BY lane, position, id")
                while let row = try rows.next() {
                    if let stored = Self.stored(row) { lanes[stored.lane, default: []].append(stored) }
                }
                return lanes
            }
        } catch {
            throw Self.failure("read", error, url: url)
        }
    }

    /// Each lane's order: the ids and positions of its geocaches, top to
    /// bottom, without their fields (read those with ``geocaches(ids:)``).
    /// Read from the lane-and-position index alone, so a board of 100,000
    /// geocaches opens without reading a name.
    public func loadLaneOrders() throws(GeocacheError) -> [Lane: LaneOrder] {
        do {
            return try database.read { db in
                var orders: [Lane: LaneOrder] = [:]
                for lane in Lane.allCases {
                    orders[lane] = try Self.laneOrder(db, lane: lane)
                }
                return orders
            }
        } catch {
            throw Self.failure("read", error, url: url)
        }
    }

    /// One lane's order, read by stepping the statement here: each row's
    /// id and position are taken as SQLite holds them, with no database
    /// value made per row, in one pass over the index (the arrays grow as
    /// they fill rather than being sized by a count, which would read the
    /// index twice).
    private static func laneOrder(_ db: Database, lane: Lane) throws -> LaneOrder {
        let sql = "SELECT id, position FROM geocache WHERE lane = ? ORDER BY position, id"
        let statement = try db.cachedStatement(sql: sql)
        try statement.setArguments([lane.rawValue])
        let step = statement.sqliteStatement
        // Done or failed, the statement lets go of the rows it read.
        defer { sqlite3_reset(step) }
        var order = LaneOrder()
        while true {
            switch sqlite3_step(step) {
            case SQLITE_ROW:
                order.ids.append(sqlite3_column_int64(step, 0))
                order.positions.append(sqlite3_column_double(step, 1))
            case SQLITE_DONE:
                return order
            case let code:
                throw DatabaseError(resultCode: ResultCode(rawValue: code),
                                    message: String(cString: sqlite3_errmsg(sqlite3_db_handle(step))), sql: sql)
            }
        }
    }

    /// The geocaches with store ids `ids` (in no particular order; ids no
    /// longer stored are left out).
    public func geocaches(ids: [Int64]) throws(GeocacheError) -> [Geocache] {
        guard !ids.isEmpty else { return [] }
        do {
            return try database.read { db in
                let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
                return try Row.fetchAll(db, sql: "SELECT * FROM geocache WHERE id IN (\(marks))",
                                        arguments: StatementArguments(ids)).map(Geocache.init(row:))
            }
        } catch {
            throw Self.failure("read", error, url: url)
        }
    }

    /// How many rows the store's connection has inserted, updated or
    /// deleted since it was opened (SQLite's `total_changes()`): how a
    /// test or benchmark checks that a move wrote one row.
    public func rowsWritten() throws(GeocacheError) -> Int {
        do {
            return try database.read { db in try Int.fetchOne(db, sql: "SELECT total_changes()") ?? 0 }
        } catch {
            throw Self.failure("read", error, url: url)
        }
    }

    // MARK: - Writing (each call one transaction)

    /// Adds `geocache` to `lane` at `position`; returns it with its new id.
    public func insert(_ geocache: Geocache, in lane: Lane, position: Double) throws(GeocacheError) -> Geocache {
        try write("add “\(geocache.name)”") { db in
            var stored = geocache
            stored.id = try Self.insert(StoredGeocache(geocache: geocache, lane: lane, position: position), in: db)
            return stored
        }
    }

    /// Puts the geocache `id` in `lane` at `position`: one row written.
    ///
    /// - Returns: The number of rows written (1), so a caller can check.
    @discardableResult
    public func move(id: Int64, to lane: Lane, position: Double) throws(GeocacheError) -> Int {
        try write("move a geocache") { db in
            try db.execute(sql: "UPDATE geocache SET lane = ?, position = ? WHERE id = ?",
                           arguments: [lane.rawValue, position, id])
            guard db.changesCount == 1 else { throw Missing(id: id) }
            return db.changesCount
        }
    }

    /// Saves the name, summary, coordinates and image of a stored geocache.
    public func update(_ geocache: Geocache) throws(GeocacheError) {
        guard let id = geocache.id else {
            throw GeocacheError(.storeFailed, "“\(geocache.name)” is not on the board, so it cannot be saved there.")
        }
        try write("save “\(geocache.name)”") { db in
            try db.execute(
                sql: "UPDATE geocache SET name = ?, summary = ?, latitude = ?, longitude = ?, image = ? WHERE id = ?",
                arguments: [geocache.name, geocache.summary, geocache.latitude, geocache.longitude, geocache.image, id])
            guard db.changesCount == 1 else { throw Missing(id: id) }
        }
    }

    /// Puts a deleted geocache back with its id, lane and position (an
    /// undone delete).
    public func restore(_ stored: StoredGeocache) throws(GeocacheError) {
        let cache = stored.geocache
        try write("put back “\(cache.name)”") { db in
            try db.execute(
                sql: """
                    INSERT INTO geocache (id, name, summary, latitude, longitude, image, lane, position)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [cache.id, cache.name, cache.summary, cache.latitude, cache.longitude, cache.image,
                            stored.lane.rawValue, stored.position])
        }
    }

    /// Removes the geocache `id`.
    public func delete(id: Int64) throws(GeocacheError) {
        try write("delete a geocache") { db in
            try db.execute(sql: "DELETE FROM geocache WHERE id = ?", arguments: [id])
        }
    }

    /// Gives the geocaches `ids` (a lane's rows, in order) fresh, evenly
    /// spaced positions: the rare full rewrite ``LanePosition`` needs when a
    /// gap is used up.
    ///
    /// - Returns: The new positions, in the order of `ids`.
    public func renumber(ids: [Int64]) throws(GeocacheError) -> [Double] {
        let positions = LanePosition.renumbered(count: ids.count)
        try write("reorder a lane") { db in
            for (id, position) in zip(ids, positions) {
                try db.execute(sql: "UPDATE geocache SET position = ? WHERE id = ?", arguments: [position, id])
            }
        }
        return positions
    }

    /// Adds many geocaches at the end of `lane` in one transaction (imports,
    /// benchmarks).
    public func append(_ geocaches: [Geocache], to lane: Lane) throws(GeocacheError) {
        try write("add \(geocaches.count) geocaches") { db in
            let last = try Double.fetchOne(db, sql: "SELECT MAX(position) FROM geocache WHERE lane = ?",
                                           arguments: [lane.rawValue])
            var position = last
            for geocache in geocaches {
                position = LanePosition.between(position, nil)
                _ = try Self.insert(StoredGeocache(geocache: geocache, lane: lane, position: position ?? 0), in: db)
            }
        }
    }

    // MARK: - Rows

    private static func insert(_ stored: StoredGeocache, in db: Database) throws -> Int64 {
        let cache = stored.geocache
        try db.execute(
            sql: """
                INSERT INTO geocache (name, summary, latitude, longitude, image, lane, position)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [cache.name, cache.summary, cache.latitude, cache.longitude, cache.image,
                        stored.lane.rawValue, stored.position])
        return db.lastInsertedRowID
    }

    private static func stored(_ row: Row) -> StoredGeocache? {
        guard let lane = Lane(rawValue: row["lane"]) else { return nil }
        return StoredGeocache(geocache: Geocache(row: row), lane: lane, position: row["position"])
    }

    private func write<T>(_ action: String, _ body: (Database) throws -> T) throws(GeocacheError) -> T {
        do {
            return try database.write(body)
        } catch {
            throw Self.failure(action, error, url: url)
        }
    }

    private struct Missing: Error, CustomStringConvertible {
        var id: Int64
        var description: String { "the geocache is no longer in the store (it may have been deleted)" }
    }

    static func failure(_ action: String, _ error: any Error, url: URL) -> GeocacheError {
        let reason = (error as? DatabaseError)?.message ?? "\(error)"
        return GeocacheError(.storeFailed, "Could not \(action) in \(url.path): \(reason).")
    }
}
