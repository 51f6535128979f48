import Foundation
import Synchronization

/// All known types: the immutable base table (system types and the desktop's
/// MIME database, built once on first use) plus the app's declarations and
/// the dynamic types made so far, which sit behind a lock.
///
/// Conformance never comes here: a ``UTType`` holds its ``TypeRecord`` and
/// asks it directly, so queries take no lock once a type value exists.
final class TypeRegistry: Sendable {
    /// The registry every ``UTType`` API uses. Reads the MIME database named
    /// by the environment (see ``MIMEDatabaseLocation``) the first time any
    /// type is used; problems are written to standard error once.
    static let shared = TypeRegistry(location: .fromEnvironment(), reporter: TypeRegistry.standardErrorReporter)

    typealias Reporter = @Sendable (_ heading: String, _ problems: [UTTypeDiagnostic]) -> Void

    let base: BaseTypeTable
    let location: MIMEDatabaseLocation
    let reporter: Reporter
    let languages: [String]

    let overlay = Mutex(DeclaredTypeTable())
    /// Whether any declaration carries tags. Until one does, a tag lookup
    /// is answered from the base table alone, without taking a lock.
    let declarationsHaveTags = Atomic<Bool>(false)
    /// Dynamic types already made for simple tags (no MIME parameters), by
    /// tag class, folded tag and supertype, so asking again for a tag nothing
    /// declares is one lookup.
    let dynamicByTag = Mutex(DynamicTagCache())
    private let log: Mutex<[UTTypeDiagnostic]>
    private let comments = Mutex<[Int: String]>([:])
    private let magic = Mutex<MagicRules?>(nil)

    // Records the registry cannot do without; looked up once.
    let item: TypeRecord
    let data: TypeRecord
    let directory: TypeRecord
    let folder: TypeRecord
    let plainText: TypeRecord
    let mediaParents: [Substring: TypeRecord]

    init(location: MIMEDatabaseLocation, reporter: @escaping Reporter, languages: [String] = MIMETypeComment.preferredLanguages()) {
        let database = MIMEDatabase.load(location)
        let base = BaseTypeTable(system: SystemTypeTable.entries, database: database)
        self.base = base
        self.location = location
        self.reporter = reporter
        self.languages = languages
        self.log = Mutex(base.database.diagnostics)
        func system(_ identifier: String) -> TypeRecord { base.record(forIdentifier: identifier)! }
        item = system("public.item")
        data = system("public.data")
        directory = system("public.directory")
        folder = system("public.folder")
        plainText = system("public.plain-text")
        mediaParents = [
            "image": system("public.image"), "audio": system("public.audio"), "video": system("public.movie"),
            "font": system("public.font"), "model": system("public.3d-content"),
        ]
        base.tagSource.lateProblems.withLock { report in
            report = { [weak self] problems in self?.note("problems in the shared MIME database's globs (the rest of it is used):", problems) }
        }
        let problems = base.database.diagnostics
        if !problems.isEmpty {
            let heading = base.database.roots.isEmpty
                ? "the shared MIME database could not be read; only the built-in types are known:"
                : "problems in the shared MIME database (the rest of it is used):"
            reporter(heading, problems)
        }
    }

    // MARK: - Diagnostics

    /// Every problem met so far, oldest first.
    var diagnostics: [UTTypeDiagnostic] { log.withLock { $0 } }

    /// Records and reports problems found after loading (a refused
    /// declaration, an unreadable magic file).
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
        FileHandle.standardError.write(Data(text.utf8))
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
        if let record = base.record(forIdentifier: identifier) { return record }
        let folded = identifier.lowercased()
        if let record = overlay.withLock({ $0.records[folded] ?? $0.dynamic[folded] }) { return record }
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
        guard let comment = MIMETypeComment.lookup(mime, roots: base.database.roots, languages: languages) else { return nil }
        comments.withLock { $0[record.key] = comment }
        return comment
    }

    // MARK: - Magic

    /// The content rules, read on first use.
    var magicRules: MagicRules {
        if let loaded = magic.withLock({ $0 }) { return loaded }
        let rules = MagicRules.load(directories: base.database.roots)
        let first = magic.withLock { stored -> Bool in
            if stored != nil { return false }
            stored = rules
            return true
        }
        if first { note("problems in the shared MIME database's magic rules:", rules.diagnostics) }
        return magic.withLock { $0! }
    }
}
