@testable import UniformTypes

/// The type table as it was built before records were made on first use:
/// every system and database record made at once, in one pass. Kept in the
/// tests as the oracle the lazy ``BaseTypeTable`` must agree with, record
/// for record and tag for tag.
struct EagerTypeTable {
    let records: [TypeRecord]
    let byIdentifier: [String: TypeRecord]
    let tags: TagIndex
    let globs: GlobTable
    let database: MIMEDatabase
    /// The database's own subclass-of lines, canonical child to canonical
    /// parents, whichever types they ended up as.
    let databaseParents: [String: [String]]

    init(system: [SystemTypeTable.Entry], database: MIMEDatabase) {
        var diagnostics: [UTTypeDiagnostic] = []

        // MARK: Which database types are system types
        var systemByMIME: [String: Int] = [:]
        for (index, entry) in system.enumerated() {
            for mime in entry.mimeTypes {
                let folded = mime.foldedASCII
                if systemByMIME[folded] == nil { systemByMIME[folded] = index }
            }
        }
        let systemIndexByIdentifier = Dictionary(system.enumerated().map { ($1.identifier, $0) }, uniquingKeysWith: { a, _ in a })
        var aliasesOf: [String: [String]] = [:]
        for (alias, canonical) in database.aliases.sorted(by: { $0.key < $1.key }) {
            aliasesOf[canonical, default: []].append(alias)
        }
        var extensionsOf: [String: [String]] = [:]
        for glob in database.globs where glob.pattern.hasPrefix("*.") {
            let suffix = glob.pattern.dropFirst(2)
            if !suffix.isEmpty, !suffix.contains(where: { $0 == "*" || $0 == "?" || $0 == "[" }) {
                extensionsOf[glob.mimeType, default: []].append(String(suffix))
            }
        }

        // An alias or glob the database gives one type may be Apple's own tag
        // of another (image/heic is the database's alias of image/heif, but
        // Apple's public.heic; *.m4v is its glob for video/mp4, but Apple's
        // com.apple.m4v-video). Such a tag stays with Apple's type only, so a
        // lookup by it finds that type and the other type's tags stay Apple's.
        var systemExtensionOwner: [String: Int] = [:]
        for (index, entry) in system.enumerated() {
            for ext in entry.filenameExtensions where systemExtensionOwner[ext.foldedASCII] == nil {
                systemExtensionOwner[ext.foldedASCII] = index
            }
        }
        func isAnotherTypesTag(_ tag: String, _ owners: [String: Int], _ entryIndex: Int) -> Bool {
            owners[tag.foldedASCII].map { $0 != entryIndex } ?? false
        }

        var systemFor: [String: Int] = [:]   // folded canonical MIME type -> system entry
        var extraTags: [Int: (mime: [String], ext: [String], canonical: String)] = [:]
        for type in database.types {
            let folded = type.foldedASCII
            let names = [folded] + (aliasesOf[folded] ?? [])
            let match = SystemTypeTable.freedesktopEquivalent(of: folded).flatMap { systemIndexByIdentifier[$0] }
                ?? names.lazy.compactMap { systemByMIME[$0] }.first
            guard let entryIndex = match else { continue }
            systemFor[folded] = entryIndex
            var extra = extraTags[entryIndex] ?? (mime: [], ext: [], canonical: type)
            extra.mime += ([type] + (aliasesOf[folded] ?? [])).filter { !isAnotherTypesTag($0, systemByMIME, entryIndex) }
            extra.ext += (extensionsOf[folded] ?? []).filter { !isAnotherTypesTag($0, systemExtensionOwner, entryIndex) }
            extraTags[entryIndex] = extra
        }

        // MARK: System records
        let systemKeys = TypeKeyTable.keys(forFolded: system.map { $0.identifier.foldedASCII })
        var byIdentifier: [String: TypeRecord] = [:]
        byIdentifier.reserveCapacity(system.count + database.types.count)
        var records: [TypeRecord] = []
        records.reserveCapacity(system.count + database.types.count)
        var systemRecords: [TypeRecord] = []
        for (index, entry) in system.enumerated() {
            let parents = entry.parents.map { parent -> TypeRecord in
                guard let record = byIdentifier[parent] else {
                    preconditionFailure("built-in type \(entry.identifier) names \(parent) before it is defined")
                }
                return record
            }
            var tags = entry.tags
            var freedesktopName: String?
            if let extra = extraTags[index] {
                tags[.mimeType] = BaseTypeTable.merged(tags[.mimeType] ?? [], extra.mime)
                tags[.filenameExtension] = BaseTypeTable.merged(tags[.filenameExtension] ?? [], extra.ext)
                if tags[.filenameExtension]?.isEmpty == true { tags[.filenameExtension] = nil }
                freedesktopName = extra.canonical
            }
            let record = TypeRecord(identifier: entry.identifier, key: systemKeys[index], parents: parents, tags: tags,
                                    origin: .system, description: entry.description, freedesktopMIMEType: freedesktopName)
            byIdentifier[entry.identifier] = record
            records.append(record)
            systemRecords.append(record)
        }

        // MARK: Freedesktop records
        var parentsOf: [String: [MIMEDatabase.Subclass]] = [:]
        let known = Set(database.types.map { $0.foldedASCII })
        for subclass in database.subclasses {
            let child = database.canonical(subclass.child)
            let parent = database.canonical(subclass.parent)
            guard known.contains(child) else {
                diagnostics.append(UTTypeDiagnostic(file: subclass.file, line: subclass.line,
                    message: "\(subclass.child) is not a type of the database; line ignored"))
                continue
            }
            guard known.contains(parent) else {
                diagnostics.append(UTTypeDiagnostic(file: subclass.file, line: subclass.line,
                    message: "\(subclass.parent) is not a type of the database; \(subclass.child) does not get it as a parent"))
                continue
            }
            parentsOf[child, default: []].append(subclass)
        }
        let spelled = Dictionary(database.types.map { ($0.foldedASCII, $0) }, uniquingKeysWith: { a, _ in a })
        let derived = database.types.filter { systemFor[$0.foldedASCII] == nil }
        let derivedIdentifiers = derived.map { TypeNaming.freedesktopPrefix + TypeNaming.identifierSuffix($0) }
        let derivedKeys = TypeKeyTable.keys(forFolded: derivedIdentifiers)
        var derivedKeyOf: [String: (key: Int, identifier: String)] = [:]
        for index in derived.indices {
            derivedKeyOf[derived[index].foldedASCII] = (derivedKeys[index], derivedIdentifiers[index])
        }

        var freedesktopRecords: [String: TypeRecord] = [:]
        var visiting: [String] = []
        let plainText = byIdentifier["public.plain-text"]!
        let data = byIdentifier["public.data"]!
        let item = byIdentifier["public.item"]!
        let mediaParents: [Substring: TypeRecord] = [
            "image": byIdentifier["public.image"]!, "audio": byIdentifier["public.audio"]!,
            "video": byIdentifier["public.movie"]!, "font": byIdentifier["public.font"]!,
            "model": byIdentifier["public.3d-content"]!,
        ]

        // Depth first so parents exist before children; a cycle in the
        // database is reported at the edge that closes it and that edge dropped.
        func record(for folded: String) -> TypeRecord? {
            if let entry = systemFor[folded] { return systemRecords[entry] }
            if let made = freedesktopRecords[folded] { return made }
            guard let (key, identifier) = derivedKeyOf[folded], let type = spelled[folded] else { return nil }
            visiting.append(folded)
            defer { visiting.removeLast() }
            var parents: [TypeRecord] = []
            for edge in parentsOf[folded] ?? [] {
                let parent = database.canonical(edge.parent)
                if visiting.contains(parent) {
                    let cycle = (visiting.drop(while: { $0 != parent }) + [parent]).joined(separator: " -> ")
                    diagnostics.append(UTTypeDiagnostic(file: edge.file, line: edge.line,
                        message: "subclass cycle \(cycle); this relation is ignored"))
                    continue
                }
                if let parentRecord = record(for: parent), !parents.contains(where: { $0 === parentRecord }) {
                    parents.append(parentRecord)
                }
            }
            if let bridge = SystemTypeTable.freedesktopParent(of: folded).flatMap({ byIdentifier[$0] }),
               !parents.contains(where: { $0.conforms(to: bridge) }) {
                parents.append(bridge)
            }
            let media = folded.prefix { $0 != "/" }
            var implied: [TypeRecord] = []
            if let category = mediaParents[media] { implied.append(category) }
            if media == "inode" {
                implied.append(item)
            } else if media == "text" {
                implied.append(plainText)
            } else {
                implied.append(data)
            }
            for candidate in implied where !parents.contains(where: { $0.conforms(to: candidate) }) {
                parents.append(candidate)
            }
            var tags: [UTTagClass: [String]] = [.mimeType: BaseTypeTable.merged([type], aliasesOf[folded] ?? [])]
            let extensions = BaseTypeTable.merged([], extensionsOf[folded] ?? [])
            if !extensions.isEmpty { tags[.filenameExtension] = extensions }
            let made = TypeRecord(identifier: identifier, key: key,
                                  parents: parents, tags: tags, origin: .freedesktop, freedesktopMIMEType: folded)
            freedesktopRecords[folded] = made
            return made
        }

        for type in derived {
            if let made = record(for: type.foldedASCII) {
                byIdentifier[made.identifier] = made
                records.append(made)
            }
        }

        var index = TagIndex()
        for record in records { index.add(record) }
        self.records = records
        self.byIdentifier = Dictionary(uniqueKeysWithValues: records.map { ($0.foldedIdentifier, $0) })
        self.tags = index
        self.globs = GlobTable(database.globs)
        var database = database
        database.diagnostics += diagnostics
        self.database = database
        self.databaseParents = parentsOf.mapValues { edges in edges.map { database.canonical($0.parent) } }
    }
}
