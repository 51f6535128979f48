import Foundation
import GRDB

/// Do It's data: lists and their items in SQLite (through GRDB), with undo
/// for every change and a notification after each, so every window showing
/// the data can refresh.
///
/// ```swift
/// let store = try TodoStore(directory: dataFolder)      // sample data on first run
/// let groceries = store.lists()[0]
/// try store.addItems([TodoItem(title: "Eggs", listID: groceries.id)])
/// store.undoHistory.undo()                              // the eggs are gone again
/// ```
///
/// Every change is one undo step unless the caller groups several with
/// ``UndoHistory/beginGrouping()``.
@MainActor
public final class TodoStore {
    /// The undo and redo steps of the changes made through this store.
    public let undoHistory: UndoHistory
    /// The time the date groups are computed at.
    public let clock: DayClock
    let database: DatabaseQueue
    /// The data folder (nil for a store in memory), named in error messages.
    public let directory: URL?
    /// Why the last undo or redo could not be saved (nil: it was).
    public internal(set) var lastRestoreError: DoItError?
    private var observers: [Int: @MainActor (StoreChange) -> Void] = [:]
    private var nextObserver = 0

    /// The database file's name inside the data folder.
    public static let fileName = "DoIt.sqlite"

    /// Opens (or creates) the store in `directory`; a new store gets the
    /// sample lists when `sampleData` is true.
    public convenience init(directory: URL, clock: DayClock = .system, sampleData: Bool = true) throws(DoItError) {
        let path = directory.appendingPathComponent(Self.fileName).path
        // Another process reading the file (`--export-json` while the app
        // saves) waits for the write instead of failing at once.
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        do {
            try self.init(database: DatabaseQueue(path: path, configuration: configuration), clock: clock,
                          sampleData: sampleData, directory: directory)
        } catch let error as DoItError {
            throw error
        } catch {
            throw Self.openingError(error, path: path)
        }
    }

    /// What to say when the database at `path` could not be opened, from
    /// SQLite's result code: damaged, refused, or something else.
    static func openingError(_ error: any Error, path: String) -> DoItError {
        let details = String(describing: error)
        switch (error as? DatabaseError)?.resultCode {
        case .SQLITE_CORRUPT?, .SQLITE_NOTADB?:
            return DoItError(.databaseUnreadable,
                "The to-do database \(path) is damaged or is not a Do It database.", details: details)
        case .SQLITE_READONLY?, .SQLITE_CANTOPEN?, .SQLITE_PERM?, .SQLITE_AUTH?:
            return DoItError(.readOnly,
                "Do It may not create or change its database \(path). Make its folder writable, "
                + "or choose another with --data-dir DIR.", details: details)
        default:
            return DoItError(.storeFailed, "Could not open the to-do database \(path).", details: details)
        }
    }

    /// What to say when a change could not be saved: nothing changed, and
    /// why, in words (SQLite's text goes to the details).
    func savingError(_ error: any Error, change name: String) -> DoItError {
        let details = "\(name): \(error)"
        let folder = directory.map { " (\($0.path))" } ?? ""
        switch (error as? DatabaseError)?.resultCode {
        case .SQLITE_READONLY?, .SQLITE_CANTOPEN?, .SQLITE_PERM?, .SQLITE_AUTH?:
            return DoItError(.readOnly,
                "Do It can't save changes: its data folder\(folder) is read-only. Nothing was changed. "
                + "Make the folder writable, then try again.", details: details)
        case .SQLITE_FULL?:
            return DoItError(.storeFailed,
                "Do It can't save changes: the disk is full. Nothing was changed. Free some space, then try again.",
                details: details)
        case .SQLITE_CORRUPT?, .SQLITE_NOTADB?:
            return DoItError(.databaseUnreadable,
                "Do It can't save changes: its database is damaged. Nothing was changed. "
                + "Quit Do It; when it starts again it offers to keep the damaged file aside.", details: details)
        default:
            return DoItError(.storeFailed,
                "Do It could not save this change. Nothing was changed. Try again.", details: details)
        }
    }

    /// A store in memory, for tests and benchmarks.
    public convenience init(inMemoryWith clock: DayClock = .system, sampleData: Bool = false) throws(DoItError) {
        do {
            try self.init(database: DatabaseQueue(), clock: clock, sampleData: sampleData, directory: nil)
        } catch let error as DoItError {
            throw error
        } catch {
            throw DoItError(.storeFailed, "Could not create an in-memory database.", details: String(describing: error))
        }
    }

    init(database: DatabaseQueue, clock: DayClock, sampleData: Bool, directory: URL?) throws(DoItError) {
        self.database = database
        self.clock = clock
        self.directory = directory
        undoHistory = UndoHistory()
        do {
            try Self.migrator(clock: clock, sampleData: sampleData).migrate(database)
        } catch {
            throw Self.openingError(error, path: database.path)
        }
    }

    // MARK: - Reading

    /// The lists, in Home's order.
    public func lists() -> [TodoList] {
        read { db in try ListRecord.order(Column("position")).fetchAll(db).map(\.model) } ?? []
    }

    /// The list with this id, if it exists.
    public func list(withID id: UUID) -> TodoList? {
        read { db in try ListRecord.fetchOne(db, key: id)?.model } ?? nil
    }

    /// The list's items in order.
    public func items(inList id: UUID) -> [TodoItem] {
        read { db in try Self.itemRecords(db, list: id).map(\.model) } ?? []
    }

    /// Every item in the global order (All).
    public func allItems() -> [TodoItem] {
        read { db in try ItemRecord.order(Column("globalOrder")).fetchAll(db).map(\.model) } ?? []
    }

    /// The items a Home group shows, in the global order.
    public func items(in group: HomeGroup) -> [TodoItem] {
        allItems().filter { group.contains($0, clock: clock) }
    }

    /// The ids of a list's first `limit` items in order and how many items
    /// it holds, read together: what a list screen opens with, so a list
    /// of 100,000 items shows its first rows without reading every id.
    /// ``itemIDs(inList:from:)`` reads the rest.
    public func firstItemIDs(inList id: UUID, limit: Int) -> (ids: [UUID], count: Int) {
        read { db in
            let ids = try Self.fetchIDs(db, sql: "SELECT id FROM item WHERE listID = ? ORDER BY position LIMIT ?",
                                        arguments: [id, limit])
            let count = ids.count < limit ? ids.count : try Self.itemCounts(db, exactUpTo: 1_000)[id] ?? ids.count
            return (ids, count)
        } ?? ([], 0)
    }

    /// The ids of a list's items in order from the `offset`th on.
    public func itemIDs(inList id: UUID, from offset: Int) -> [UUID] {
        read { db in
            try Self.fetchIDs(db, sql: "SELECT id FROM item WHERE listID = ? ORDER BY position LIMIT -1 OFFSET ?",
                              arguments: [id, offset])
        } ?? []
    }

    /// The ids of the first `limit` items a Home group shows, in the global
    /// order, and how many it shows, read together (see
    /// ``firstItemIDs(inList:limit:)``).
    public func firstItemIDs(in group: HomeGroup, limit: Int) -> (ids: [UUID], count: Int) {
        let (condition, arguments) = sqlCondition(for: group)
        return read { db in
            let ids = try Self.fetchIDs(db, sql: "SELECT id FROM item WHERE \(condition) ORDER BY globalOrder LIMIT ?",
                                        arguments: arguments + [limit])
            let count = ids.count < limit ? ids.count
                : try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item WHERE \(condition)", arguments: arguments) ?? ids.count
            return (ids, count)
        } ?? ([], 0)
    }

    /// The ids of the items a Home group shows, in the global order, from
    /// the `offset`th on.
    public func itemIDs(in group: HomeGroup, from offset: Int) -> [UUID] {
        let (condition, arguments) = sqlCondition(for: group)
        return read { db in
            try Self.fetchIDs(db, sql: "SELECT id FROM item WHERE \(condition) ORDER BY globalOrder LIMIT -1 OFFSET ?",
                              arguments: arguments + [offset])
        } ?? []
    }

    /// The items with these ids, in no particular order (ids no longer in
    /// the store are left out).
    public func items(withIDs ids: [UUID]) -> [TodoItem] {
        guard !ids.isEmpty else { return [] }
        return read { db in try ItemRecord.filter(keys: ids).fetchAll(db).map(\.model) } ?? []
    }

    /// How many items each list holds, counted by the database: Home shows
    /// the counts without reading a single item.
    ///
    /// SQLite counts a whole table from its pages, without visiting its
    /// rows, but a list's items one by one. So each list is counted up to
    /// `exactUpTo` items, and when a single list holds more, its count is
    /// the table's less the others': one list of 100,000 items costs about
    /// what a short one does. (Every item belongs to a list: the store adds
    /// items only to lists and deletes a list's items with it.) Several
    /// longer lists are each counted in full.
    public func itemCounts(exactUpTo limit: Int = 1_000) -> [UUID: Int] {
        read { db in try Self.itemCounts(db, exactUpTo: limit) } ?? [:]
    }

    /// ``itemCounts(exactUpTo:)`` within a read.
    static func itemCounts(_ db: Database, exactUpTo limit: Int) throws -> [UUID: Int] {
        let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item") ?? 0
        let capped = try db.cachedStatement(sql: "SELECT COUNT(*) FROM (SELECT 1 FROM item WHERE listID = ? LIMIT ?)")
        var counts: [UUID: Int] = [:]
        var longer: [UUID] = []
        for list in try UUID.fetchAll(db, sql: "SELECT id FROM list") {
            let count = try Int.fetchOne(capped, arguments: [list, limit + 1]) ?? 0
            if count > limit { longer.append(list) } else { counts[list] = count }
        }
        if longer.count == 1 {
            counts[longer[0]] = total - counts.values.reduce(0, +)
        } else {
            for list in longer {
                counts[list] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item WHERE listID = ?", arguments: [list]) ?? 0
            }
        }
        return counts
    }

    /// How many items `group` shows (``items(in:)``'s count), counted by the
    /// database with the group's rule (``HomeGroup/contains(_:clock:)``).
    public func count(in group: HomeGroup) -> Int {
        let (condition, arguments) = sqlCondition(for: group)
        return read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item WHERE \(condition)", arguments: arguments) ?? 0 } ?? 0
    }

    /// ``HomeGroup/contains(_:clock:)`` as an SQL condition on the item table.
    private func sqlCondition(for group: HomeGroup) -> (String, StatementArguments) {
        let today = clock.startOfDay(offsetBy: 0)
        return switch group {
        case .all: ("1", [])
        case .scheduled: ("dueDate IS NOT NULL", [])
        case .today: ("dueDate >= ? AND dueDate < ?", [today, clock.startOfDay(offsetBy: 1)])
        case .overdue: ("completed = 0 AND dueDate < ?", [today])
        }
    }

    /// Which of `ids` belong to items in the store (one query for all).
    public func existingItemIDs(among ids: [UUID]) -> Set<UUID> {
        guard !ids.isEmpty else { return [] }
        return read { db in Set(try ItemRecord.filter(keys: ids).fetchAll(db).map(\.id)) } ?? []
    }

    /// The item with this id, if it exists.
    public func item(withID id: UUID) -> TodoItem? {
        read { db in try ItemRecord.fetchOne(db, key: id)?.model } ?? nil
    }

    private func read<R>(_ body: (Database) throws -> R) -> R? {
        // Reads of a local SQLite file fail only when the file is gone or
        // broken; the views then show nothing rather than stale rows.
        try? database.read(body)
    }

    static func itemRecords(_ db: Database, list: UUID) throws -> [ItemRecord] {
        try ItemRecord.filter(Column("listID") == list).order(Column("position")).fetchAll(db)
    }

    // MARK: - Observing

    /// Calls `observer` after every change (including undo and redo) until
    /// the returned observation is cancelled.
    @discardableResult
    public func observe(_ observer: @escaping @MainActor (StoreChange) -> Void) -> StoreObservation {
        let id = nextObserver
        nextObserver += 1
        observers[id] = observer
        return StoreObservation { [weak self] in self?.observers[id] = nil }
    }

    func notify(_ change: StoreChange) {
        for observer in observers.sorted(by: { $0.key < $1.key }).map(\.value) { observer(change) }
    }

    // MARK: - Changing, with undo

    /// Runs `body` in one transaction, registers its undo (restoring the
    /// rows in `scope` as they were), and tells the observers.
    func change(_ name: String, scope: StoreSnapshot.Scope, _ body: (Database) throws -> Void) throws(DoItError) {
        var before: StoreSnapshot?
        var after: StoreSnapshot?
        do {
            try database.write { db in
                before = try StoreSnapshot(db, scope: scope)
                try body(db)
                after = try StoreSnapshot(db, scope: scope)
            }
        } catch let error as DoItError {
            throw error
        } catch {
            throw savingError(error, change: name)
        }
        guard let before, let after else { return }
        registerRestore(named: name, restoring: before, redoing: after)
        notify(StoreChange(name: name, lists: scope.itemLists, listsChanged: scope.includesLists))
    }

    private func registerRestore(named name: String, restoring snapshot: StoreSnapshot, redoing redo: StoreSnapshot) {
        let scope = StoreSnapshot.Scope(includesLists: snapshot.lists != nil, itemLists: Set(snapshot.itemsByList.keys))
        undoHistory.registerUndo(named: name) { [weak self] in
            guard let self else { return }
            do {
                try self.database.write { db in try snapshot.restore(in: db) }
            } catch {
                self.lastRestoreError = self.savingError(error, change: name)
                return
            }
            self.registerRestore(named: name, restoring: redo, redoing: snapshot)
            self.notify(StoreChange(name: name, lists: scope.itemLists, listsChanged: scope.includesLists))
        }
    }

    /// Writes `ids` as the order of `listID` (moving them into it). Rows
    /// already in place are not written.
    static func writeOrder(_ db: Database, list listID: UUID, ids: [UUID]) throws {
        let statement = try db.cachedStatement(
            sql: "UPDATE item SET listID = ?, position = ? WHERE id = ? AND (listID != ? OR position != ?)")
        for (position, id) in ids.enumerated() {
            try statement.execute(arguments: [listID, position, id, listID, position])
        }
    }

    static func requireList(_ db: Database, _ id: UUID) throws {
        guard try ListRecord.exists(db, key: id) else {
            throw DoItError(.notFound, "That list is no longer there; it may have been deleted in another window.")
        }
    }
}

/// What one change touched, passed to the store's observers.
public struct StoreChange: Sendable {
    /// The change's name, as undo shows it.
    public let name: String
    /// The lists whose items changed.
    public let lists: Set<UUID>
    /// Whether lists were added, removed, renamed or reordered.
    public let listsChanged: Bool
}

extension StoreChange {
    /// A change another program made to the store's file, which this
    /// process learns of only when a screen reads rows it did not expect
    /// (see ``TodoListScreen``): `list` is the list it was found in (nil in
    /// one of Home's groups). Anything may have changed, lists included.
    static func byAnotherProgram(inList list: UUID?) -> StoreChange {
        StoreChange(name: "Change by another program", lists: list.map { [$0] } ?? [], listsChanged: true)
    }
}

/// A registration made with ``TodoStore/observe(_:)``; ``cancel()`` ends it.
@MainActor
public final class StoreObservation {
    private var onCancel: (@MainActor () -> Void)?

    init(onCancel: @escaping @MainActor () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the notifications.
    public func cancel() {
        onCancel?()
        onCancel = nil
    }
}
