import Dispatch
import Foundation
import GRDB
import Synchronization
import VCard

/// The contacts, in table order, in SQLite (through GRDB). Each contact is
/// stored as its vCard text, so every property it came with is kept.
///
/// A new database gets the ``SampleContacts`` once, on first run.
///
/// ```swift
/// let store = try ContactStore(folder: dataDirectory)
/// let contacts = try store.contacts()
/// let added = try store.insert(cards, at: 2)
/// ```
public final class ContactStore: Sendable {
    /// The file name inside the app's data folder.
    public static let fileName = "contacts.sqlite"

    private let database: DatabaseQueue
    /// The contacts being read by ``readContactsAhead()``, until
    /// ``contacts()`` takes them or a write makes them out of date.
    private let readAhead = Mutex<ContactsReadAhead?>(nil)

    /// Opens (or creates) the store in `folder`. A second process reading
    /// the file (`--export-json` while the app saves) waits up to five
    /// seconds for the write instead of failing at once. A new file gets
    /// the ``SampleContacts`` unless `samples` is false (a fresh start after
    /// an unreadable file was kept aside starts empty).
    public convenience init(folder: URL, samples: Bool = true) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        try self.init(database: DatabaseQueue(path: folder.appendingPathComponent(Self.fileName).path,
                                              configuration: configuration), samples: samples)
    }

    /// A store in memory, for tests; it starts with the samples like a new file.
    public convenience init() throws {
        try self.init(database: DatabaseQueue())
    }

    private init(database: DatabaseQueue, samples: Bool = true) throws {
        self.database = database
        try Self.migrator(samples: samples).migrate(database)
    }

    /// A contact and its row in table order (0 for the first).
    public struct PlacedContact: Hashable, Sendable {
        public var position: Int
        public var contact: Contact

        public init(position: Int, contact: Contact) {
            self.position = position
            self.contact = contact
        }
    }

    private static func migrator(samples: Bool) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("contacts") { db in
            try db.create(table: "contact") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("position", .integer).notNull().indexed()
                table.column("vcard", .blob).notNull()
            }
            try db.create(table: "setting") { table in
                table.primaryKey("key", .text)
                table.column("value", .text).notNull()
            }
        }
        // Runs once per database: the first run of the app.
        migrator.registerMigration("sampleContacts") { db in
            guard samples else { return }
            for (position, card) in SampleContacts.cards.enumerated() {
                try db.execute(
                    sql: "INSERT INTO contact (position, vcard) VALUES (?, ?)",
                    arguments: [position, VCardWriter().data(for: [card])])
            }
        }
        return migrator
    }

    /// Starts reading ``contacts()`` on another thread, for the next call
    /// to take: the app calls it as soon as the store is open, so the
    /// table's order (100,000 ids) is read while GTK starts up rather than
    /// after it. A write to the store in between drops what was read ahead,
    /// so ``contacts()`` never returns contacts older than the last write.
    public func readContactsAhead() {
        let ahead = ContactsReadAhead()
        readAhead.withLock { $0 = ahead }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            ahead.finish(Result { try readContacts() })
        }
    }

    /// Every contact in table order. Only the ids are read now: each
    /// card's text is read when the contact is first looked at, with the
    /// next rows' (a page at a time), and parsed when first read (see
    /// ``Contact``), so opening a large table reads what its first frame
    /// shows. Contacts read ahead (``readContactsAhead()``) are taken,
    /// waiting for the read to end if it has not.
    public func contacts() throws -> [Contact] {
        if let ahead = readAhead.withLock({ ahead in defer { ahead = nil }; return ahead }) {
            return try ahead.wait().get()
        }
        return try readContacts()
    }

    private func readContacts() throws -> [Contact] {
        let texts = ContactTexts { [database] id, count in
            try database.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT id, vcard FROM contact
                    WHERE position >= (SELECT position FROM contact WHERE id = ?)
                    ORDER BY position LIMIT ?
                    """, arguments: [id, count]).map { (id: $0[0], text: $0[1]) }
            }
        } readMany: { [database] ids in
            try database.read { db in
                var found: [Int64: Data] = [:]
                found.reserveCapacity(ids.count)
                // Every row at once: for many ids one pass beats a lookup each.
                let rows = try Row.fetchCursor(db, sql: "SELECT id, vcard FROM contact")
                while let row = try rows.next() {
                    let id: Int64 = row[0]
                    if ids.contains(id) { found[id] = row[1] }
                }
                return found
            }
        }
        return try database.read { db in
            var contacts: [Contact] = []
            contacts.reserveCapacity(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM contact") ?? 0)
            let ids = try Int64.fetchCursor(db, sql: "SELECT id FROM contact ORDER BY position")
            while let id = try ids.next() {
                contacts.append(Contact(id: id, texts: texts))
            }
            return contacts
        }
    }

    /// Writes to the database; what was read ahead is out of date after it.
    private func write<T>(_ updates: (Database) throws -> T) throws -> T {
        readAhead.withLock { $0 = nil }
        return try database.write(updates)
    }

    private static func contact(from row: Row) -> Contact {
        Contact(id: row[0], vCard: row[1])
    }

    /// Inserts `cards` in order at table position `position` (the rows
    /// there and below move down) and returns them as saved contacts.
    @discardableResult
    public func insert(_ cards: [VCard], at position: Int) throws -> [Contact] {
        try write { db in
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM contact") ?? 0
            let start = min(max(0, position), count)
            try db.execute(
                sql: "UPDATE contact SET position = position + ? WHERE position >= ?", arguments: [cards.count, start])
            var saved: [Contact] = []
            saved.reserveCapacity(cards.count)
            let writer = VCardWriter()
            // Prepared once for all the cards: parsing the SQL again per row
            // cost more than the insert itself.
            let statement = try db.cachedStatement(sql: "INSERT INTO contact (position, vcard) VALUES (?, ?)")
            for (offset, card) in cards.enumerated() {
                try statement.execute(arguments: [start + offset, writer.data(for: [card])])
                saved.append(Contact(id: db.lastInsertedRowID, card: card))
            }
            return saved
        }
    }

    /// Puts the contacts in the order of `ids` (every id, once).
    public func reorder(_ ids: [Int64]) throws {
        try write { db in
            for (position, id) in ids.enumerated() {
                try db.execute(sql: "UPDATE contact SET position = ? WHERE id = ?", arguments: [position, id])
            }
        }
    }

    /// Removes every contact.
    public func removeAllContacts() throws {
        try write { db in try db.execute(sql: "DELETE FROM contact") }
    }

    /// Saves `contact`'s card (its id must be set).
    public func update(_ contact: Contact) throws {
        try update([contact])
    }

    /// Saves the cards of `contacts` (ids set) in one transaction.
    public func update(_ contacts: [Contact]) throws {
        // Written before the transaction: a card not read yet reads the store.
        let writer = VCardWriter()
        let rows = contacts.compactMap { contact in contact.id.map { ($0, writer.data(for: [contact.card])) } }
        try write { db in
            for (id, data) in rows {
                try db.execute(sql: "UPDATE contact SET vcard = ? WHERE id = ?", arguments: [data, id])
            }
        }
    }

    /// Removes the contacts with `ids` and returns them with their table
    /// positions (ascending), so ``restore(_:)`` can put them back. The
    /// rows below close up.
    ///
    /// - Complexity: one pass over the table, whatever the number removed:
    ///   the rows between two removed ones move up together.
    @discardableResult
    public func delete(ids: Set<Int64>) throws -> [PlacedContact] {
        try write { db in
            var removed: [PlacedContact] = []
            // The ids in order give the positions; only the removed cards
            // are read (a step of an undone import reads its own, not the
            // table's).
            let order = try Int64.fetchCursor(db, sql: "SELECT id FROM contact ORDER BY position")
            let card = try db.cachedStatement(sql: "SELECT id, vcard FROM contact WHERE id = ?")
            var index = 0
            while let id = try order.next() {
                defer { index += 1 }
                guard ids.contains(id), let row = try Row.fetchOne(card, arguments: [id]) else { continue }
                removed.append(PlacedContact(position: index, contact: Self.contact(from: row)))
            }
            guard !removed.isEmpty else { return [] }
            let delete = try db.cachedStatement(sql: "DELETE FROM contact WHERE id = ?")
            for placed in removed { try delete.execute(arguments: [placed.contact.id]) }
            // The rows after the i-th removed one (and before the next)
            // move up by i + 1; lowest run first, so no run moves into a
            // range still to be moved.
            let shift = try db.cachedStatement(
                sql: "UPDATE contact SET position = position - ? WHERE position > ? AND position < ?")
            for (offset, placed) in removed.enumerated() {
                let end = offset + 1 < removed.count ? removed[offset + 1].position : Int.max
                guard end > placed.position + 1 else { continue }
                try shift.execute(arguments: [offset + 1, placed.position, end])
            }
            return removed
        }
    }

    /// Puts contacts removed by ``delete(ids:)`` back, with their ids, at
    /// their positions (ascending, as `delete` returned them).
    ///
    /// - Complexity: one pass over the table, whatever the number put back
    ///   (a redo of an import of 50,000 cards is one batch, not 50,000
    ///   shifts of the rows after each).
    public func restore(_ placed: [PlacedContact]) throws {
        // Read before the transaction: a card not read yet reads the store.
        // A card not parsed since it was read goes back as it was stored
        // (see ``Contact/vCardData``): a redo of an import of 50,000 cards
        // parses and writes none of them again.
        let rows = placed.sorted(by: { $0.position < $1.position }).map { ($0, $0.contact.vCardData) }
        guard !rows.isEmpty else { return }
        try write { db in
            // A position past the end (the table lost rows since the
            // contacts were taken out) is the end, as the table shows it,
            // so the positions keep no gap.
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM contact") ?? 0
            let positions = rows.indices.map { min(rows[$0].0.position, count + $0) }
            // A row now at position q has (the i-th put back) - i rows
            // before the i-th one's place; so the rows from there to the
            // next one's move down by i + 1. Highest run first, so no run
            // moves into a range still to be moved.
            let shift = try db.cachedStatement(
                sql: "UPDATE contact SET position = position + ? WHERE position >= ? AND position < ?")
            for offset in rows.indices.reversed() {
                let start = positions[offset] - offset
                let end = offset + 1 < rows.count ? positions[offset + 1] - (offset + 1) : Int.max
                guard end > start else { continue }
                try shift.execute(arguments: [offset + 1, start, end])
            }
            let insert = try db.cachedStatement(sql: "INSERT INTO contact (id, position, vcard) VALUES (?, ?, ?)")
            for (offset, (item, data)) in rows.enumerated() {
                try insert.execute(arguments: [item.contact.id, positions[offset], data])
            }
        }
    }

    /// Whether drops into the table take one item at a time (off by default).
    public var acceptsOneItemAtATime: Bool {
        get { (try? database.read { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'oneItemAtATime'") }) == "1" }
    }

    /// Turns the one-item-at-a-time rule on or off.
    public func setAcceptsOneItemAtATime(_ on: Bool) throws {
        try write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO setting (key, value) VALUES ('oneItemAtATime', ?)", arguments: [on ? "1" : "0"])
        }
    }
}


/// One read of ``ContactStore/contacts()`` on another thread, waited for by
/// the caller that takes it.
private final class ContactsReadAhead: Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private let result = Mutex<Result<[Contact], any Error>?>(nil)

    func finish(_ read: Result<[Contact], any Error>) {
        result.withLock { $0 = read }
        finished.signal()
    }

    /// The contacts read, once the read has ended.
    func wait() -> Result<[Contact], any Error> {
        finished.wait()
        return result.withLock { $0 } ?? .success([])
    }
}
