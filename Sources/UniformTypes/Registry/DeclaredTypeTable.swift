/// The app's declarations and the dynamic types made so far. Lives inside
/// the registry's mutex; records are rebuilt whenever declarations change.
struct DeclaredTypeTable: Sendable {
    // Empty tables are made with `init()`, not `[:]`, whose specialized
    // literal initializer a first query would page in.
    /// Effective declarations by folded identifier, tags normalized.
    var declarations = [String: UTTypeDeclaration]()
    /// Folded identifiers in the order they were first declared.
    var order: [String] = []
    var records = [String: TypeRecord]()
    var tags = TagIndex()
    /// Dynamic records by identifier (all kept under number 0), so one tag
    /// gives one record.
    let dynamic = KeyedRecords()

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
