import Synchronization

/// The tags of the base table's types, worked out when first asked for: a
/// system type carries Apple's tags, then the database's names and glob
/// extensions for it that are not another system type's; a database type
/// its name, its aliases and its glob extensions. The globs are read when
/// first needed (``DeferredGlobs``). Records hold this object, not the
/// table, so a record outliving its registry still has its tags.
final class BaseTags: LateRecordFacts {
    private let systemCount: Int
    private let types: [String]
    private let aliasesOf: [[String]]
    /// Per system entry: the database's MIME names it gains, if any
    /// database type is that system type.
    private let systemMIMEExtras: [[String]?]
    /// Per system entry: the database type whose comment describes it.
    private let systemCanonical: [String?]
    private let typeNames: FoldedKeyTable
    private let systemFor: [Int32]
    private let numbering: DatabaseNumbering
    /// The globs read with the database, or the reader of the `globs2`
    /// files still to read.
    private let eagerGlobs: [MIMEDatabase.Glob]?
    private let deferredGlobs: DeferredGlobs?
    private let made = LazySlots<DatabaseGlobs>(count: 1)
    /// Where problems found in a late-read `globs2` go.
    let lateProblems = Mutex<(@Sendable ([UTTypeDiagnostic]) -> Void)?>(nil)

    init(database: MIMEDatabase, aliasesOf: [[String]], systemMIMEExtras: [[String]?],
         systemCanonical: [String?], systemFor: [Int32], numbering: DatabaseNumbering) {
        systemCount = systemMIMEExtras.count
        self.types = database.types
        self.aliasesOf = aliasesOf
        self.systemMIMEExtras = systemMIMEExtras
        self.typeNames = database.typeNames
        self.systemCanonical = systemCanonical
        self.systemFor = systemFor
        self.numbering = numbering
        let deferred = database.deferredGlobFiles.isEmpty ? nil : database.sharedGlobs ?? DeferredGlobs(files: database.deferredGlobFiles)
        self.eagerGlobs = deferred == nil ? database.globs : nil
        self.deferredGlobs = deferred
    }

    // MARK: - Tags

    // LateRecordFacts: the full table's records ask for their tags here,
    // and system types for the database type whose comment describes them.

    func tags(ofType number: Int) -> [UTTagClass: [String]] {
        number < systemCount ? systemTags(number) : databaseTags(numbering.type(ofNumber: number))
    }

    func freedesktopMIMEType(ofType number: Int) -> String? { number < systemCount ? systemCanonical[number] : nil }

    /// System entry `number`'s tags: Apple's first, then the database's.
    func systemTags(_ number: Int) -> [UTTagClass: [String]] {
        let apple = SystemTypeIndex.shared.tags(of: number)
        guard let mime = systemMIMEExtras[number] else { return apple }
        var tags = apple
        tags[.mimeType] = BaseTypeTable.merged(tags[.mimeType] ?? [], mime)
        tags[.filenameExtension] = BaseTypeTable.merged(tags[.filenameExtension] ?? [], globs.systemExtensions[number])
        if tags[.filenameExtension]?.isEmpty == true { tags[.filenameExtension] = nil }
        return tags
    }

    /// Database type `index`'s tags: its name and aliases, its extensions.
    func databaseTags(_ index: Int) -> [UTTagClass: [String]] {
        var tags: [UTTagClass: [String]] = [.mimeType: databaseMIMETags(index)]
        let extensions = BaseTypeTable.merged([], globs.extensionsOf[index])
        if !extensions.isEmpty { tags[.filenameExtension] = extensions }
        return tags
    }

    /// System entry `number`'s MIME tags, without reading the globs.
    func systemMIMETags(_ number: Int) -> [String] {
        let apple = SystemTypeIndex.shared.words(number, .mimeTypes)
        return systemMIMEExtras[number].map { BaseTypeTable.merged(apple, $0) } ?? apple
    }

    /// Database type `index`'s MIME tags, without reading the globs.
    func databaseMIMETags(_ index: Int) -> [String] {
        BaseTypeTable.merged([types[index]], aliasesOf[index])
    }

    // MARK: - Globs

    /// The globs and what they give each type, read on first use if they
    /// were not read with the database.
    var globs: DatabaseGlobs {
        if let done = made[0] { return done }
        // The reader reports a problem once, whoever reads first.
        let globs = eagerGlobs ?? deferredGlobs!.globs { problems in lateProblems.withLock { $0 }?(problems) }
        return made.store(DatabaseGlobs(globs: globs, typeNames: typeNames, systemFor: systemFor, systemCount: systemCount), at: 0)
    }
}

/// What the database's glob patterns give the base table.
final class DatabaseGlobs: Sendable {
    let globs: [MIMEDatabase.Glob]
    /// Per database type, the extensions of its `*.EXT` globs in file order.
    /// A glob names its type as written; only a canonical name is a type's.
    let extensionsOf: [[String]]
    /// Per system entry, the extensions of the database types that are it,
    /// but those that are Apple's tags of another system type.
    let systemExtensions: [[String]]

    init(globs: [MIMEDatabase.Glob], typeNames: FoldedKeyTable, systemFor: [Int32], systemCount: Int) {
        var extensionsOf = [[String]](repeating: [], count: typeNames.count)
        for glob in globs where glob.pattern.hasPrefix("*.") {
            let suffix = glob.pattern.dropFirst(2)
            if !suffix.isEmpty, !suffix.contains(where: { $0 == "*" || $0 == "?" || $0 == "[" }),
               let index = typeNames.entry(folded: glob.mimeType) {
                extensionsOf[index].append(String(suffix))
            }
        }
        var extras = [[String]](repeating: [], count: systemCount)
        for (index, entry) in systemFor.enumerated() where entry >= 0 {
            // A glob that is Apple's tag of another system type (*.m4v)
            // stays with Apple's type only.
            extras[Int(entry)] += extensionsOf[index].filter { tag in
                SystemTypeIndex.shared.firstExtensionOwner(tag).map { $0 == Int(entry) } ?? true
            }
        }
        self.globs = globs
        self.extensionsOf = extensionsOf
        self.systemExtensions = extras
    }
}
