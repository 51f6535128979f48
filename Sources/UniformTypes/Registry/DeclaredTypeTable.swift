/// The app's declarations and the dynamic types made so far. Lives inside
/// the registry's mutex; records are rebuilt whenever declarations change.
struct DeclaredTypeTable: Sendable {
    // Empty tables are made with `init()`, not `[:]`: a registry makes one
    // on a process's first query, and each empty literal runs a function of
    // its own (the literal initializer, specialized), whose code that query
    // would page in.
    /// Effective declarations by folded identifier, tags normalized.
    var declarations = [String: UTTypeDeclaration]()
    /// Folded identifiers in the order they were first declared.
    var order: [String] = []
    var records = [String: TypeRecord]()
    var tags = TagIndex()
    /// Dynamic records by folded identifier, so one tag gives one record.
    var dynamic = DynamicRecords()

    /// Makes the records for `declarations` in dependency order. Parents are
    /// base records or other declarations; both were checked before.
    mutating func rebuild(base: (String) -> TypeRecord?) {
        var built: [String: TypeRecord] = [:]
        func build(_ folded: String) -> TypeRecord {
            if let made = built[folded] { return made }
            let declaration = declarations[folded]!
            let parents = declaration.conformsTo.map { parent -> TypeRecord in
                let parentFolded = parent.lowercased()
                return base(parentFolded) ?? build(parentFolded)
            }
            let made = TypeRecord(identifier: declaration.identifier, parents: parents, tags: declaration.tags,
                                  origin: .declared, description: declaration.typeDescription,
                                  declarationKind: declaration.kind)
            built[folded] = made
            return made
        }
        var index = TagIndex()
        for folded in order {
            index.add(build(folded))
        }
        records = built
        tags = index
    }
}

/// Dynamic records by folded identifier: a table of the identifiers and
/// the records in the same order. Not a `Dictionary`: the runtime sets up
/// a dictionary's storage metadata when first used, looking up the key's
/// `Hashable` conformance among every loaded library's, which would cost
/// a process's first query of an unknown tag more than the query.
struct DynamicRecords: Sendable {
    private struct Tables {
        var identifiers = FoldedKeyTable()
        var records: [TypeRecord] = []
    }

    /// Made with the first dynamic type, so a registry that never makes
    /// one (most first queries) does not pay for them.
    private var tables: Tables?

    /// The record with `folded` identifier, if one was made.
    subscript(folded folded: String) -> TypeRecord? {
        guard let tables else { return nil }
        return tables.identifiers.entry(folded: folded).map { tables.records[$0] }
    }

    /// Keeps `record` under its `folded` identifier; the first kept wins.
    mutating func insert(_ record: TypeRecord, folded: String) {
        // Taken out while changed, so its arrays are not copied.
        var made = tables.take() ?? Tables()
        defer { tables = made }
        if made.identifiers.insert(folded: folded) == made.records.count { made.records.append(record) }
    }
}
