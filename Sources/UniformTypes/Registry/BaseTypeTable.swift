import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The types known without any declaration: Apple's system types and
/// every type of the desktop's MIME database, read and checked in full.
/// Immutable once loaded; records are made when a query first reaches them.
///
/// The rules (``MappedTypeTable`` gives the same answers from the mapped
/// files):
/// - A MIME type is the system type whose MIME tags name it or one of its
///   aliases (or its ``SystemTypeTable/freedesktopEquivalents`` pair); that
///   type keeps Apple's parents and gains the database's aliases and glob
///   extensions that are not Apple's tags of another system type.
/// - Any other MIME type is `org.freedesktop.mime.<type>.<subtype>`, with
///   its `subclasses` parents, then its ``SystemTypeTable/freedesktopParents``
///   pair, then the implied ones (``TypeNaming/addSystemParents(of:to:system:)``).
///
/// Types are numbered `0..<system.count` for system types, then database
/// types (``DatabaseNumbering``).
final class BaseTypeTable: Sendable {
    let database: MIMEDatabase
    /// The database's own subclass-of lines, canonical child to canonical
    /// parents, whichever types they ended up as.
    let databaseParents: [String: [String]]

    private let system: [SystemTypeTable.Entry]
    /// Folded canonical database type to its index in `database.types`.
    private let databaseNames: FoldedKeyTable
    /// Folded system identifier to its index in `system`.
    private let systemIdentifiers: FoldedKeyTable
    /// Per database type: its folded name, the system entry it is (or -1),
    /// its aliases (folded, sorted) and glob extensions (globs2 order).
    private let folded: [String]
    private let systemFor: [Int32]
    /// `systemFor` by type number less the system types' count, -1 where
    /// no database type has the number: what a record lookup asks, with no
    /// search of the numbering.
    private let systemForNumber: [Int32]
    /// Per database type with a record of its own: the parents its subclass
    /// lines give, as database type numbers, cycles already cut.
    private let subclassParents: [[Int32]]
    /// Per system entry: the database type whose comment describes it.
    private let systemCanonical: [String?]
    /// The records' tags, worked out when asked for.
    let tagSource: BaseTags
    /// The database types' numbers.
    private let numbering: DatabaseNumbering

    /// The records, made on first use; possibly shared with a
    /// ``MappedTypeTable`` that made some of them already.
    private let store: RecordStore
    /// `store.slots`, read on the hot path without going through `store`.
    private let records: LazySlots<TypeRecord>
    private let tagTables = LazySlots<TagTable>(count: 2)
    private let globTable = LazySlots<GlobTable>(count: 1)

    // MARK: - Loading

    /// Builds the table over `database`; with `store`, it shares the records
    /// of a ``MappedTypeTable`` over the same files, numbered alike.
    init(system: [SystemTypeTable.Entry], database: MIMEDatabase, store: RecordStore? = nil, mappedNumbers: [Int32]? = nil) {
        precondition(store == nil || mappedNumbers != nil, "a shared record store comes with the numbers it uses")
        var diagnostics: [UTTypeDiagnostic] = []
        let typeCount = database.types.count

        // MARK: Names
        var systemIdentifiers = FoldedKeyTable(capacity: system.count)
        // The first system type tagged with each MIME type and extension.
        var systemMIMEs = FoldedKeyTable(capacity: 256)
        var systemMIMEOwner: [Int] = []
        var systemExtensions = FoldedKeyTable(capacity: 512)
        var systemExtensionOwner: [Int] = []
        for (index, entry) in system.enumerated() {
            systemIdentifiers.insert(folded: entry.identifier.foldedASCII)
            for mime in entry.mimeTypes where systemMIMEs.insert(folded: mime.foldedASCII) == systemMIMEOwner.count {
                systemMIMEOwner.append(index)
            }
            for ext in entry.filenameExtensions where systemExtensions.insert(folded: ext.foldedASCII) == systemExtensionOwner.count {
                systemExtensionOwner.append(index)
            }
        }
        func systemByMIME(_ folded: String) -> Int? { systemMIMEs.entry(folded: folded).map { systemMIMEOwner[$0] } }
        let databaseNames = database.typeNames
        let folded = database.types.map(\.foldedASCII)
        var equivalents = [Int?](repeating: nil, count: typeCount)
        for pair in SystemTypeTable.freedesktopEquivalents {
            if let index = databaseNames.entry(folded: pair.mimeType) { equivalents[index] = systemIdentifiers.entry(folded: pair.identifier) }
        }
        // Aliases in alias order, as the eager build listed them.
        var aliasesOf = [[String]](repeating: [], count: typeCount)
        for (alias, canonical) in database.aliases {
            if let index = databaseNames.entry(folded: canonical) { aliasesOf[index].append(alias) }
        }
        for index in aliasesOf.indices where aliasesOf[index].count > 1 { aliasesOf[index].sort() }

        // MARK: Which database types are system types
        // A database alias or glob that is Apple's tag of another type
        // (image/heic, *.m4v) stays with Apple's type only.
        func isAnotherTypesTag(_ tag: String, _ tags: FoldedKeyTable, _ owners: [Int], _ entryIndex: Int) -> Bool {
            tags.entry(tag).map { owners[$0] != entryIndex } ?? false
        }
        var systemFor = [Int32](repeating: -1, count: typeCount)
        var systemMIMEExtras = [[String]?](repeating: nil, count: system.count)
        var systemCanonical = [String?](repeating: nil, count: system.count)
        for (index, type) in database.types.enumerated() {
            let name = folded[index]
            let match = equivalents[index] ?? systemByMIME(name) ?? aliasesOf[index].lazy.compactMap(systemByMIME).first
            guard let entryIndex = match else { continue }
            systemFor[index] = Int32(entryIndex)
            if systemCanonical[entryIndex] == nil { systemCanonical[entryIndex] = type }
            systemMIMEExtras[entryIndex] = (systemMIMEExtras[entryIndex] ?? []) + ([type] + aliasesOf[index]).filter {
                !isAnotherTypesTag($0, systemMIMEs, systemMIMEOwner, entryIndex)
            }
        }

        // MARK: Subclass lines
        var edgesOf = [[MIMEDatabase.Subclass]](repeating: [], count: typeCount)
        var databaseParents: [String: [String]] = [:]
        for subclass in database.subclasses {
            let child = database.canonical(subclass.child)
            let parent = database.canonical(subclass.parent)
            guard let childIndex = databaseNames.entry(folded: child) else {
                diagnostics.append(UTTypeDiagnostic(file: subclass.file, line: subclass.line,
                    message: "\(subclass.child) is not a type of the database; line ignored"))
                continue
            }
            guard databaseNames.entry(folded: parent) != nil else {
                diagnostics.append(UTTypeDiagnostic(file: subclass.file, line: subclass.line,
                    message: "\(subclass.parent) is not a type of the database; \(subclass.child) does not get it as a parent"))
                continue
            }
            edgesOf[childIndex].append(subclass)
            databaseParents[child, default: []].append(parent)
        }

        // Depth first, in database order; the edge closing a cycle is
        // reported and dropped.
        var subclassParents = [[Int32]](repeating: [], count: typeCount)
        var done = [Bool](repeating: false, count: typeCount)
        var visiting: [Int] = []
        func visit(_ index: Int) {
            if systemFor[index] >= 0 || done[index] { return }
            visiting.append(index)
            for edge in edgesOf[index] {
                let parent = databaseNames.entry(folded: database.canonical(edge.parent))!
                if visiting.contains(parent) {
                    let cycle = (visiting.drop(while: { $0 != parent }) + [parent]).map { folded[$0] }.joined(separator: " -> ")
                    diagnostics.append(UTTypeDiagnostic(file: edge.file, line: edge.line,
                        message: "subclass cycle \(cycle); this relation is ignored"))
                    continue
                }
                visit(parent)
                subclassParents[index].append(Int32(parent))
            }
            visiting.removeLast()
            done[index] = true
        }
        for index in 0..<typeCount { visit(index) }

        var database = database
        database.diagnostics += diagnostics
        self.database = database
        self.databaseParents = databaseParents
        self.system = system
        self.databaseNames = databaseNames
        self.systemIdentifiers = systemIdentifiers
        self.folded = folded
        self.systemFor = systemFor
        self.subclassParents = subclassParents
        self.systemCanonical = systemCanonical
        let numbering = mappedNumbers.map { DatabaseNumbering(systemCount: system.count, mapped: $0) }
            ?? DatabaseNumbering(systemCount: system.count, typeCount: typeCount)
        self.numbering = numbering
        if numbering.isMapped {
            var byNumber = [Int32](repeating: -1, count: numbering.slotCount - system.count)
            for index in systemFor.indices { byNumber[numbering.number(ofType: index) - system.count] = systemFor[index] }
            systemForNumber = byNumber
        } else {
            systemForNumber = systemFor
        }
        self.tagSource = BaseTags(system: system, database: database, aliasesOf: aliasesOf, systemMIMEExtras: systemMIMEExtras,
                                  systemFor: systemFor, systemExtensions: systemExtensions, systemExtensionOwner: systemExtensionOwner,
                                  numbering: numbering)
        let store = store ?? RecordStore(count: numbering.slotCount)
        // A mapped table's store has room for more numbers than it uses.
        precondition(store.count >= numbering.slotCount, "a record store for another database")
        self.store = store
        self.records = store.slots
    }

    // MARK: - Records

    /// Every type's number: the system types', then the database's.
    private var allNumbers: [Int] {
        Array(0..<system.count) + folded.indices.map(numbering.number(ofType:))
    }

    /// The tags of type `number` as `database` numbers types: by number
    /// when numbered alike, else by name.
    func tags(ofMappedType number: Int, in database: MappedMIMEDatabase) -> [UTTagClass: [String]] {
        if number < system.count || numbering.isMapped { return tagSource.tags(ofType: number) }
        let name = database.typeNameString(number - system.count).foldedASCII
        guard let index = databaseNames.entry(folded: name) else { return [:] }
        return tagSource.tags(ofType: numbering.number(ofType: index))
    }

    /// The database type whose comment describes system type `number`.
    func freedesktopMIMEType(ofSystemEntry number: Int) -> String? { systemCanonical[number] }

    /// Whether type `number` has a record of its own (a database type that
    /// is a system type has its system type's record).
    private func isOwnType(_ number: Int) -> Bool {
        number < system.count || systemForNumber[number - system.count] < 0
    }

    /// The number whose record stands for type `number`.
    private func owner(_ number: Int) -> Int {
        if number < system.count { return number }
        let entry = systemForNumber[number - system.count]
        return entry >= 0 ? Int(entry) : number
    }

    /// The record of type `number`, made on first use.
    @inline(__always)
    func record(_ number: Int) -> TypeRecord {
        let number = owner(number)
        if let made = records[number] { return made }
        return store.making.withLock { _ in make(number) }
    }

    /// Makes the record of own type `number` and any parents not made yet.
    /// Runs under `store.making`.
    private func make(_ number: Int) -> TypeRecord {
        if let made = records[number] { return made }
        let record: TypeRecord
        if number < system.count {
            let entry = system[number]
            let parents = entry.parents.map { parent -> TypeRecord in
                guard let index = systemIdentifiers.entry(folded: parent), index < number else {
                    preconditionFailure("built-in type \(entry.identifier) names \(parent) before it is defined")
                }
                return make(index)
            }
            record = TypeRecord(identifier: entry.identifier, parents: parents, tags: [:],
                                lateTags: (tagSource, number), origin: .system, description: entry.description,
                                freedesktopMIMEType: systemCanonical[number])
        } else {
            record = makeDatabaseType(numbering.type(ofNumber: number))
        }
        return records.store(record, at: number)
    }

    private func makeDatabaseType(_ index: Int) -> TypeRecord {
        var name = folded[index]
        // Room for every subclass parent, the bridge and the two the media
        // type implies.
        let parents = name.withUTF8 { bytes in
            ParentList.gathering(capacity: subclassParents[index].count + 3) { list in
                for parent in subclassParents[index] {
                    let parentRecord = make(owner(numbering.number(ofType: Int(parent))))
                    if !list.contains(parentRecord) { _ = list.append(parentRecord) }
                }
                TypeNaming.addSystemParents(of: UnsafeRawBufferPointer(bytes), to: &list) {
                    make(systemIdentifiers.entry(folded: String(decoding: $0, as: UTF8.self))!)
                }
            } then: { parents in
                parents.map { $0.takeUnretainedValue() }
            }
        }
        return TypeRecord(identifier: TypeNaming.freedesktopPrefix + TypeNaming.identifierSuffix(name),
                          parents: parents, tags: [:], lateTags: (tagSource, numbering.number(ofType: index)), origin: .freedesktop,
                          freedesktopMIMEType: name)
    }

    /// Every record, made now: for tools and tests that list all types.
    var allRecords: [TypeRecord] {
        allNumbers.filter(isOwnType).map(record)
    }

    // MARK: - Identifiers

    /// The record of a system or database type by identifier, in any case.
    func record(forIdentifier identifier: String) -> TypeRecord? {
        if let index = systemIdentifiers.entry(identifier) { return record(index) }
        return databaseRecord(forIdentifier: identifier)
    }

    /// The record `org.freedesktop.mime.<type>.<subtype>` names, if any.
    private func databaseRecord(forIdentifier identifier: String) -> TypeRecord? {
        let prefix = TypeNaming.freedesktopPrefix.utf8
        let utf8 = identifier.utf8
        guard utf8.count > prefix.count,
              zip(utf8.prefix(prefix.count), prefix).allSatisfy({ FoldedKeyTable.fold($0) == $1 })
        else { return nil }
        var bytes = Array(utf8.dropFirst(prefix.count))
        // The slash became a dot: try every dot.
        for position in bytes.indices where bytes[position] == UInt8(ascii: ".") {
            bytes[position] = UInt8(ascii: "/")
            defer { bytes[position] = UInt8(ascii: ".") }
            let found = bytes.withUnsafeBufferPointer { databaseNames.entry(foldingASCII: $0) }
            if let index = found, systemFor[index] < 0,
               TypeNaming.identifierSuffix(folded[index]) == String(decoding: utf8.dropFirst(prefix.count), as: UTF8.self).lowercased() {
                return record(numbering.number(ofType: index))
            }
        }
        return nil
    }

    // MARK: - Tags

    /// The records carrying `key` (a folded tag) in `tagClass`, system types
    /// first, then the database's, each in table order.
    func records(for key: String, tagClass: UTTagClass) -> [TypeRecord] {
        guard let table = tagTable(tagClass), let entry = table.keys.entry(folded: key) else { return [] }
        return table.numbers(entry).map(record)
    }

    /// What ``firstRecord(foldingASCII:tagClass:where:)`` found.
    enum FirstRecord {
        case found(TypeRecord)
        /// Types carry the tag, but none is what was asked for.
        case noneFits
        /// No type carries the tag.
        case unknown
        /// A tag the quick path leaves to the full one: bytes outside
        /// ASCII, or a known tag that is not simple (MIME parameters).
        case notSimple
    }

    /// The first record carrying the tag in `bytes` (folded as read) that
    /// `fits`, without allocating; a known tag's simplicity is precomputed.
    @inline(__always)
    func firstRecord(foldingASCII bytes: UnsafeBufferPointer<UInt8>, tagClass: UTTagClass,
                     where fits: (TypeRecord) -> Bool) -> FirstRecord {
        guard let slot = tagTableSlot(tagClass) else { return .unknown }
        if tagTables.unmanaged(slot) == nil { _ = tagTable(tagClass) }
        return tagTables.unmanaged(slot)!._withUnsafeGuaranteedRef { table -> FirstRecord in
            let entry: Int
            switch table.keys.asciiEntry(foldingASCII: bytes) {
            case .found(let found): entry = found
            case .absent: return .unknown
            case .nonASCII: return .notSimple
            }
            guard table.isSimple(entry) else { return .notSimple }
            for index in table.range(entry) {
                let number = owner(table.number(index))
                if let made = records.unmanaged(number) {
                    if made._withUnsafeGuaranteedRef(fits) { return .found(made.takeUnretainedValue()) }
                } else {
                    let candidate = record(number)
                    if fits(candidate) { return .found(candidate) }
                }
            }
            return .noneFits
        }
    }

    @inline(__always)
    private func tagTableSlot(_ tagClass: UTTagClass) -> Int? {
        if tagClass == .mimeType { return 0 }
        if tagClass == .filenameExtension { return 1 }
        return nil
    }

    /// The table for MIME types or filename extensions, made on first use;
    /// `nil` for other tag classes, which only declarations carry.
    private func tagTable(_ tagClass: UTTagClass) -> TagTable? {
        guard let slot = tagTableSlot(tagClass) else { return nil }
        return tagTables.value(at: slot) { makeTagTable(tagClass) }
    }

    private func makeTagTable(_ tagClass: UTTagClass) -> TagTable {
        // MIME tags are known without the globs; extensions need them.
        var builder = TagTable.Builder()
        let isMIME = tagClass == .mimeType
        for number in 0..<system.count {
            let tags = isMIME ? tagSource.systemMIMETags(number) : tagSource.systemTags(number)[tagClass] ?? []
            builder.add(number, tags: tags, tagClass: tagClass)
        }
        for index in folded.indices where systemFor[index] < 0 {
            let tags = isMIME ? tagSource.databaseMIMETags(index) : tagSource.databaseTags(index)[tagClass] ?? []
            builder.add(numbering.number(ofType: index), tags: tags, tagClass: tagClass)
        }
        return builder.table(tagClass)
    }

    // MARK: - File names

    /// The database's globs arranged for matching file names, made on first use.
    var globs: GlobTable {
        globTable.value(at: 0) { GlobTable(tagSource.globs.globs) }
    }

    // MARK: - The database's own view

    /// `first` followed by those of `more` not already there (ignoring case).
    static func merged(_ first: [String], _ more: [String]) -> [String] {
        if more.isEmpty { return first }
        var result = first
        for tag in more where !result.contains(where: { $0.foldedASCII == tag.foldedASCII }) {
            result.append(tag)
        }
        return result
    }

    /// Whether the database files canonical `child` under `ancestor`, by its
    /// subclass lines and implicit rules (can say more than conformance).
    func databaseType(_ child: String, isA ancestor: String) -> Bool {
        if ancestor == "application/octet-stream" { return !child.hasPrefix("inode/") }
        var pending = [child]
        var seen: Set<String> = []
        while let next = pending.popLast() {
            if next == ancestor { return true }
            guard seen.insert(next).inserted else { continue }
            pending += databaseParents[next] ?? []
            if next.hasPrefix("text/") { pending.append("text/plain") }
        }
        return false
    }

    /// The record for a canonical or alias MIME type of the database.
    func record(forDatabaseMIMEType mimeType: String) -> TypeRecord? {
        let folded = database.canonical(mimeType.foldedASCII)
        return records(for: folded, tagClass: .mimeType).first
    }
}

/// Type numbers by folded tag, for one tag class, in raw memory it owns.
final class TagTable: @unchecked Sendable {
    // @unchecked: written once, in init, and only read after.
    let keys: FoldedKeyTable
    /// The numbers carrying key `i` are `numbers[starts[i]..<starts[i + 1]]`.
    private let starts: UnsafeMutablePointer<Int32>
    private let numbers: UnsafeMutablePointer<Int32>
    /// Per key: whether it is simple (``TagSyntax/isSimple(_:tagClass:)``),
    /// which does not depend on ASCII case, so a tag found under it is too.
    private let simple: UnsafeMutablePointer<Bool>

    init(keys: FoldedKeyTable, starts: [Int32], numbers: [Int32], tagClass: UTTagClass) {
        self.keys = keys
        let flags = UnsafeMutablePointer<Bool>.allocate(capacity: Swift.max(keys.count, 1))
        keys.bytes.withUnsafeBufferPointer { all in
            for entry in 0..<keys.count {
                let key = UnsafeBufferPointer(rebasing: all[Int(keys.starts[entry])..<Int(keys.starts[entry + 1])])
                (flags + entry).initialize(to: TagSyntax.isSimple(key, tagClass: tagClass))
            }
        }
        simple = flags
        self.starts = .allocate(capacity: starts.count)
        self.starts.initialize(from: starts, count: starts.count)
        self.numbers = .allocate(capacity: Swift.max(numbers.count, 1))
        self.numbers.initialize(from: numbers, count: numbers.count)
    }

    deinit {
        starts.deallocate()
        numbers.deallocate()
        simple.deallocate()
    }

    @inline(__always)
    func isSimple(_ entry: Int) -> Bool { simple[entry] }

    @inline(__always)
    func range(_ entry: Int) -> Range<Int> { Int(starts[entry])..<Int(starts[entry + 1]) }

    @inline(__always)
    func number(_ index: Int) -> Int { Int(numbers[index]) }

    func numbers(_ entry: Int) -> [Int] { range(entry).map(number) }

    struct Builder {
        private var keys = FoldedKeyTable(capacity: 1024)
        private var lists: [[Int32]] = []

        /// Files type `number` under each of `tags`, once per key.
        mutating func add(_ number: Int, tags: some Sequence<String>, tagClass: UTTagClass) {
            for tag in tags {
                guard let key = TagSyntax.indexKey(tag, tagClass: tagClass) else { continue }
                let entry = keys.insert(folded: key)
                if entry == lists.count { lists.append([]) }
                // Types are added in order, so a repeat is the list's last.
                if lists[entry].last == Int32(number) { continue }
                lists[entry].append(Int32(number))
            }
        }

        func table(_ tagClass: UTTagClass) -> TagTable {
            var starts: [Int32] = [0]
            starts.reserveCapacity(lists.count + 1)
            var numbers: [Int32] = []
            for list in lists {
                numbers += list
                starts.append(Int32(numbers.count))
            }
            return TagTable(keys: keys, starts: starts, numbers: numbers, tagClass: tagClass)
        }
    }
}
