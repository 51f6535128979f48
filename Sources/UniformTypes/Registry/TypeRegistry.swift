#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// All known types: the immutable base types (``BaseTypeSource``) plus the
/// app's declarations and the dynamic types made so far, behind a lock.
/// The full ``base`` table is built only when something needs it (a
/// description, tags, every type) while ``mapped`` answers. Conformance
/// never comes here: a ``UTType`` asks its ``TypeRecord``.
final class TypeRegistry: Sendable {
    /// The registry every ``UTType`` API uses; problems in the database are
    /// written to standard error once.
    static let shared = TypeRegistry(location: nil, reporter: TypeRegistry.standardErrorReporter)

    typealias Reporter = @Sendable (_ heading: String, _ problems: [UTTypeDiagnostic]) -> Void

    /// Where the database is read from: as given, or as the environment
    /// names it.
    var location: MIMEDatabaseLocation {
        givenLocation ?? environmentLocation.withLock { location in
            if location == nil { location = .fromEnvironment() }
            return location!
        }
    }
    private let givenLocation: MIMEDatabaseLocation?
    private let environmentLocation = Mutex<MIMEDatabaseLocation?>(nil)
    let reporter: Reporter
    /// The languages descriptions are looked up in, best first: given, or
    /// read from the environment when a description is first asked for.
    var languages: [String] {
        if let given = givenLanguages { return given }
        return environmentLanguages.value(at: 0) { Box(MIMETypeComment.preferredLanguages()) }.value
    }
    private let givenLanguages: [String]?
    private let environmentLanguages = LazySlots<Box<[String]>>(count: 1)
    /// The base types answered from the mapped database, when it is usable.
    let mapped: MappedTypeTable?
    /// `mapped` for the hot path, read without reference counting.
    let unmanagedMapped: Unmanaged<MappedTypeTable>?
    /// The full base table, built on first use (at once without `mapped`).
    private let fullTable = LazySlots<BaseTypeTable>(count: 1)
    /// Set when the full load found the mapped files unlike what it read:
    /// from then on only the full table answers.
    let mappedRetired = Atomic<Bool>(false)

    let overlay = Mutex(DeclaredTypeTable())
    /// Whether any declaration carries tags. Until one does, a tag lookup
    /// is answered from the base table alone, without taking a lock.
    let declarationsHaveTags = Atomic<Bool>(false)
    /// Dynamic types made for simple tags, by tag class, folded tag and
    /// supertype.
    let dynamicByTag = Mutex(DynamicTagCache())
    private let log = Mutex<[UTTypeDiagnostic]>([])
    private let comments = Mutex([Int: String]())
    private let magic = Mutex<MagicRules?>(nil)
    /// The records of the types globs name, as the mapped database gave
    /// them, by the glob's MIME type (see `recordForFileName`).
    let globTypeRecords = Mutex(KeyedRecords())

    // Records every tag lookup needs; looked up once.
    let item: TypeRecord
    let data: TypeRecord
    // Records some answers need (file identification, dynamic types):
    // looked up when asked, so a first MIME query does not make them.
    var directory: TypeRecord { baseRecord(forIdentifier: "public.directory")! }
    var folder: TypeRecord { baseRecord(forIdentifier: "public.folder")! }
    var plainText: TypeRecord { baseRecord(forIdentifier: "public.plain-text")! }
    /// - Parameter languages: the languages for descriptions; `nil` reads
    /// them from the environment when first needed.
    /// - Parameter mapsDatabase: `false` builds the full table at once.
    init(location: MIMEDatabaseLocation?, reporter: @escaping Reporter, languages: [String]? = nil,
         mapsDatabase: Bool = true) {
        givenLocation = location
        self.reporter = reporter
        givenLanguages = languages
        // Records made from the mapped database get their tags from the full
        // table, or from one of their own once the registry is gone.
        let late = LateTags()
        let database = !mapsDatabase ? nil : location.map(MappedMIMEDatabase.open) ?? MappedMIMEDatabase.openFromEnvironment()
        let mapped = database.map { database in
            MappedTypeTable(database: database, system: .shared, fullTable: { late.table(database) })
        }
        self.mapped = mapped
        unmanagedMapped = mapped.map { Unmanaged.passUnretained($0) }
        // Without a usable mapped database the full table is built now.
        var resolvedLocation = location
        func fullLocation() -> MIMEDatabaseLocation {
            if resolvedLocation == nil { resolvedLocation = .fromEnvironment() }
            return resolvedLocation!
        }
        var full = mapped == nil ? Self.buildFullTable(location: fullLocation(), mapped: nil).table : nil
        func system(_ identifier: String) -> TypeRecord {
            if let mapped, let record = try? mapped.record(forIdentifier: identifier, remember: false) { return record }
            if full == nil { full = Self.buildFullTable(location: fullLocation(), mapped: mapped).table }
            return full!.record(forIdentifier: identifier)!
        }
        item = system("public.item")
        data = system("public.data")
        if location == nil, let resolvedLocation { environmentLocation.withLock { $0 = resolvedLocation } }
        late.registry.withLock { $0 = WeakRegistry(registry: self) }
        if let full { _ = adopt(full) }
    }

    /// The record of the built-in type `identifier`, found by its entry in
    /// the built-in table, with no string made.
    func systemRecord(_ identifier: StaticString) -> TypeRecord? {
        let bytes = TypeNaming.bytes(identifier)
        if let entry = SystemTypeIndex.shared.entry(forIdentifier: bytes), let record = baseRecord(entry) { return record }
        return baseRecord(forIdentifier: identifier.description)
    }

    // MARK: - The full table

    /// Every base type, read and checked, built on first use; the
    /// database's problems are reported then, once.
    var base: BaseTypeTable {
        if let built = fullTable[0] { return built }
        let (made, sharesRecords) = Self.buildFullTable(location: location, mapped: mapped)
        let table = adopt(made)
        if table === made, mapped != nil, !sharesRecords { mappedRetired.store(true, ordering: .relaxed) }
        return table
    }

    /// Whether the full table has been built (tests check queries that
    /// should not need it).
    var hasBuiltFullTable: Bool { fullTable[0] != nil }

    /// The full table, over the files `mapped` reads if there is one, and
    /// whether it shares `mapped`'s records.
    private static func buildFullTable(location: MIMEDatabaseLocation,
                                       mapped: MappedTypeTable?) -> (table: BaseTypeTable, sharesRecords: Bool) {
        guard let mapped else {
            return (BaseTypeTable(database: MIMEDatabase.load(location)), false)
        }
        let database = MIMEDatabase.load(mapped: mapped.database)
        // Shared when the full load read what the mapped table reads, and
        // the two number its types alike.
        let numbers = database.diagnostics.isEmpty ? mapped.database.typeNumbers(of: database.types) : nil
        let shares = numbers != nil
        return (BaseTypeTable(database: database, store: shares ? mapped.store : nil,
                              mappedNumbers: numbers), shares)
    }

    /// Makes `made` the full table unless another thread's was first, and
    /// reports the database's problems the first time.
    private func adopt(_ made: BaseTypeTable) -> BaseTypeTable {
        let table = fullTable.store(made, at: 0)
        guard table === made else { return table }
        table.tagSource.lateProblems.withLock { report in
            report = { [weak self] problems in self?.note(Self.globProblemsHeading, problems) }
        }
        let problems = table.database.diagnostics
        if !problems.isEmpty {
            let heading = table.database.roots.isEmpty
                ? "the shared MIME database could not be read; only the built-in types are known:"
                : "problems in the shared MIME database (the rest of it is used):"
            note(heading, problems)
        }
        return table
    }

    /// How problems in the database's `globs2` files are introduced.
    static var globProblemsHeading: String { "problems in the shared MIME database's globs (the rest of it is used):" }

    // MARK: - Diagnostics

    /// Every problem met so far, oldest first.
    var diagnostics: [UTTypeDiagnostic] { log.withLock { $0 } }

    /// Records and reports problems (the database's, found when the full
    /// table is built; a refused declaration; an unreadable magic file).
    func note(_ heading: String, _ problems: [UTTypeDiagnostic]) {
        guard !problems.isEmpty else { return }
        log.withLock { $0 += problems }
        reporter(heading, problems)
    }

    static let standardErrorReporter: Reporter = { heading, problems in
        let limit = 20
        var text = "DragKit UniformTypes: \(heading)\n"
        for problem in problems.prefix(limit) { text += "  \(problem)\n" }
        if problems.count > limit { text += "  ... and \(problems.count - limit) more\n" }
        text.withUTF8 { bytes in
            var written = 0
            while written < bytes.count {
                let count = write(STDERR_FILENO, bytes.baseAddress! + written, bytes.count - written)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                written += count
            }
        }
    }

    // MARK: - Identifiers

    /// The record for a valid identifier: known, dynamic, or a fresh
    /// undeclared record that conforms only to itself.
    func record(forIdentifier identifier: String) -> TypeRecord {
        knownRecord(forIdentifier: identifier)
            ?? TypeRecord(identifier: identifier, parents: [], tags: [:], origin: .undeclared)
    }

    /// The record of a system, database, declared or dynamic type.
    func knownRecord(forIdentifier identifier: String) -> TypeRecord? {
        if let record = baseRecord(forIdentifier: identifier) { return record }
        let folded = identifier.lowercased()
        if let record = overlay.withLock({ $0.records[folded] ?? $0.dynamic.record(key: folded, number: 0) }) { return record }
        if folded.hasPrefix(DynamicTypeIdentifier.prefix), let payload = DynamicTypeIdentifier.decode(folded) {
            return dynamicRecord(payload)
        }
        return nil
    }

    // MARK: - Descriptions

    func description(of record: TypeRecord) -> String? {
        if let fixed = record.fixedDescription { return fixed }
        guard let mime = record.freedesktopMIMEType else { return nil }
        if let cached = comments.withLock({ $0[record.key] }) { return cached }
        guard let comment = MIMETypeComment.lookup(mime, roots: databaseRoots, languages: languages) else { return nil }
        comments.withLock { $0[record.key] = comment }
        return comment
    }

    // MARK: - Magic

    /// The content rules, read on first use.
    var magicRules: MagicRules {
        if let loaded = magic.withLock({ $0 }) { return loaded }
        let rules = MagicRules.load(directories: databaseRoots)
        let first = magic.withLock { stored -> Bool in
            if stored != nil { return false }
            stored = rules
            return true
        }
        if first { note("problems in the shared MIME database's magic rules:", rules.diagnostics) }
        return magic.withLock { $0! }
    }
}

/// Where mapped records get their tags: the registry's full table while the
/// registry lives (held weakly), else a table of their own.
private final class LateTags: Sendable {
    let registry = Mutex(WeakRegistry(registry: nil))
    private let alone = LazySlots<BaseTypeTable>(count: 1)

    func table(_ database: MappedMIMEDatabase) -> BaseTypeTable {
        if let registry = registry.withLock({ $0.registry }) { return registry.base }
        return alone.value(at: 0) {
            // Numbered as the mapped table numbered the records asking.
            let full = MIMEDatabase.load(mapped: database)
            return BaseTypeTable(database: full,
                                 mappedNumbers: full.diagnostics.isEmpty ? database.typeNumbers(of: full.types) : nil)
        }
    }
}

private struct WeakRegistry: Sendable {
    weak var registry: TypeRegistry?
}
