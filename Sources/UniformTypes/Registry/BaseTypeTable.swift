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
///   aliases (or its freedesktop equivalent, `dk_freedesktop_equivalents`);
///   that type keeps Apple's parents and gains the database's aliases and glob
///   extensions that are not Apple's tags of another system type.
/// - Any other MIME type is `org.freedesktop.mime.<type>.<subtype>`, with
///   its `subclasses` parents, then its freedesktop parent pair
///   (`dk_freedesktop_parents`), then the implied ones
///   (``TypeNaming/addSystemParents(of:to:system:)``).
///
/// Which system type a database type is, identifiers and the records
/// themselves follow ``TypeNaming``, which the mapped table calls as well.
///
/// Types are numbered `0..<systemCount` for system types, then database
/// types (``DatabaseNumbering``).
final class BaseTypeTable: Sendable {
    let database: MIMEDatabase
    /// The database's own subclass-of lines, canonical child to canonical
    /// parents, whichever types they ended up as.
    let databaseParents: [String: [String]]

    /// How many built-in types ``SystemTypeIndex`` has.
    private let systemCount: Int
    /// Folded canonical database type to its index in `database.types`.
    private let databaseNames: FoldedKeyTable
    /// Per database type: its folded name and the system entry it is (or -1).
    private let folded: [String]
    private let systemFor: [Int32]
    /// `systemFor` by type number less the system types' count, -1 where
    /// no database type has the number: what a record lookup asks, with no
    /// search of the numbering.
    private let systemForNumber: [Int32]
    /// Per database type with a record of its own: the parents its subclass
    /// lines give, as database type numbers, cycles already cut.
    private let subclassParents: [[Int32]]
    /// The records' tags, worked out when asked for.
    let tagSource: BaseTags
    /// The database types' numbers.
    private let numbering: DatabaseNumbering

    /// The records, made on first use; possibly shared with a
    /// ``MappedTypeTable`` that made some of them already.
    private let store: RecordStore
    /// `store.slots`, read on the hot path without going through `store`.
    private let records: LazySlots<TypeRecord>
    /// Per tag class (MIME types, extensions): every index key with the
    /// numbers carrying it, made on first use.
    private let tagMemos = LazySlots<MappedKeyMemo>(count: 2)
    private let globTable = LazySlots<GlobTable>(count: 1)

    // MARK: - Loading

    /// Builds the table over `database`; with `store`, it shares the records
    /// of a ``MappedTypeTable`` over the same files, numbered alike.
    init(database: MIMEDatabase, store: RecordStore? = nil, mappedNumbers: [Int32]? = nil) {
        precondition(store == nil || mappedNumbers != nil, "a shared record store comes with the numbers it uses")
        var diagnostics: [UTTypeDiagnostic] = []
        let typeCount = database.types.count

        // MARK: Names
        let systemCount = SystemTypeIndex.shared.count
        let databaseNames = database.typeNames
        let folded = database.types.map(\.foldedASCII)
        // Aliases in alias order, as the eager build listed them.
        var aliasesOf = [[String]](repeating: [], count: typeCount)
        for (alias, canonical) in database.aliases {
            if let index = databaseNames.entry(folded: canonical) { aliasesOf[index].append(alias) }
        }
        for index in aliasesOf.indices where aliasesOf[index].count > 1 { aliasesOf[index].sort() }

        // MARK: Which database types are system types
        var systemFor = [Int32](repeating: -1, count: typeCount)
        var systemMIMEExtras = [[String]?](repeating: nil, count: systemCount)
        var systemCanonical = [String?](repeating: nil, count: systemCount)
        for (index, type) in database.types.enumerated() {
            var name = folded[index]
            let match = name.withUTF8 { name in
                TypeNaming.systemEntry(ofName: UnsafeRawBufferPointer(name)) {
                    TypeNaming.leastAliasEntry { visit in
                        for var alias in aliasesOf[index] { alias.withUTF8 { visit(UnsafeRawBufferPointer($0)) } }
                    }
                }
            }
            guard let entryIndex = match else { continue }
            systemFor[index] = Int32(entryIndex)
            if systemCanonical[entryIndex] == nil { systemCanonical[entryIndex] = type }
            // A database alias that is Apple's tag of another type
            // (image/heic) stays with Apple's type only.
            systemMIMEExtras[entryIndex] = (systemMIMEExtras[entryIndex] ?? []) + ([type] + aliasesOf[index]).filter {
                SystemTypeIndex.shared.firstOwner(ofMIMEType: $0).map { $0 == entryIndex } ?? true
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
        self.systemCount = systemCount
        self.databaseNames = databaseNames
        self.folded = folded
        self.systemFor = systemFor
        self.subclassParents = subclassParents
        let numbering = mappedNumbers.map { DatabaseNumbering(systemCount: systemCount, mapped: $0) }
            ?? DatabaseNumbering(systemCount: systemCount, typeCount: typeCount)
        self.numbering = numbering
        if numbering.isMapped {
            var byNumber = [Int32](repeating: -1, count: numbering.slotCount - systemCount)
            for index in systemFor.indices { byNumber[numbering.number(ofType: index) - systemCount] = systemFor[index] }
            systemForNumber = byNumber
        } else {
            systemForNumber = systemFor
        }
        self.tagSource = BaseTags(database: database, aliasesOf: aliasesOf, systemMIMEExtras: systemMIMEExtras,
                                  systemCanonical: systemCanonical, systemFor: systemFor, numbering: numbering)
        let store = store ?? RecordStore(count: numbering.slotCount)
        // A mapped table's store has room for more numbers than it uses.
        precondition(store.count >= numbering.slotCount, "a record store for another database")
        self.store = store
        self.records = store.slots
    }

    // MARK: - Records

    /// The tags of type `number` as `database` numbers types: by number
    /// when numbered alike, else by name.
    func tags(ofMappedType number: Int, in database: MappedMIMEDatabase) -> [UTTagClass: [String]] {
        if number < systemCount || numbering.isMapped { return tagSource.tags(ofType: number) }
        let name = database.typeNameString(number - systemCount).foldedASCII
        guard let index = databaseNames.entry(folded: name) else { return [:] }
        return tagSource.tags(ofType: numbering.number(ofType: index))
    }

    /// The number whose record stands for type `number`.
    private func owner(_ number: Int) -> Int {
        if number < systemCount { return number }
        let entry = systemForNumber[number - systemCount]
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
        if number < systemCount {
            record = TypeNaming.systemRecord(entry: number, late: tagSource, parent: make)
        } else {
            let index = numbering.type(ofNumber: number)
            var name = folded[index]
            record = name.withUTF8 { name in
                TypeNaming.databaseRecord(name: UnsafeRawBufferPointer(name), number: number, late: tagSource,
                                          subclassParentCount: subclassParents[index].count) { add in
                    for parent in subclassParents[index] { add(make(owner(numbering.number(ofType: Int(parent))))) }
                } system: { make(SystemTypeIndex.shared.entry(forIdentifier: $0)!) }
            }
        }
        return records.store(record, at: number)
    }

    /// Every record, made now: for tools and tests that list all types (a
    /// database type that is a system type has its system type's record).
    var allRecords: [TypeRecord] {
        (Array(0..<systemCount) + folded.indices.map(numbering.number(ofType:))).filter { owner($0) == $0 }.map(record)
    }

    // MARK: - Identifiers

    /// The record of a system or database type by identifier, in any case.
    func record(forIdentifier identifier: String) -> TypeRecord? {
        if let index = SystemTypeIndex.shared.entry(forIdentifier: identifier) { return record(index) }
        var identifier = identifier
        let index = identifier.withUTF8 { identifier in
            TypeNaming.databaseType(forIdentifier: UnsafeRawBufferPointer(identifier)) { tail in
                tail.withMemoryRebound(to: UInt8.self) { databaseNames.entry(foldingASCII: $0) }.flatMap { systemFor[$0] < 0 ? $0 : nil }
            }
        }
        return index.map { record(numbering.number(ofType: $0)) }
    }

    // MARK: - Tags

    /// The records carrying `key` (a folded tag) in `tagClass`, system types
    /// first, then the database's, each in table order.
    func records(for key: String, tagClass: UTTagClass) -> [TypeRecord] {
        guard let memo = tagMemo(tagClass) else { return [] }
        var key = key
        let entry = key.withUTF8 { memo.lookup($0, hash: FoldedWords.hash(folded: $0)) }
        return entry.map { entry in (0..<entry.takeUnretainedValue().numberCount).map { record(Int(entry.takeUnretainedValue().numbers[$0])) } } ?? []
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

        /// The first of `numbers` whose record `fits`: the one in `slots`,
        /// else `make`'s (`nil` when only the full table can answer).
        /// Inlined, so neither closure is called through on the warm path.
        @inline(__always)
        static func first(of numbers: UnsafeBufferPointer<Int32>, in slots: Unmanaged<ObjectSlots>,
                          where fits: (TypeRecord) -> Bool, make: (Int) -> TypeRecord?) -> FirstRecord {
            if numbers.isEmpty { return .unknown }
            for number in numbers {
                if let made = LazySlots<TypeRecord>.unmanaged(Int(number), in: slots) {
                    if made._withUnsafeGuaranteedRef(fits) { return .found(made.takeUnretainedValue()) }
                } else {
                    guard let candidate = make(Int(number)) else { return .notSimple }
                    if fits(candidate) { return .found(candidate) }
                }
            }
            return .noneFits
        }
    }

    /// The first record carrying the tag in `bytes` (folded as read) that
    /// `fits`, without allocating.
    @inline(__always)
    func firstRecord(foldingASCII bytes: UnsafeBufferPointer<UInt8>, tagClass: UTTagClass,
                     where fits: (TypeRecord) -> Bool) -> FirstRecord {
        guard let memo = tagMemo(tagClass) else { return .unknown }
        guard let hash = FoldedWords.hash(foldingASCII: bytes) else { return .notSimple }
        guard let entry = memo.lookup(bytes, hash: hash) else { return .unknown }
        guard TagSyntax.isSimple(bytes, tagClass: tagClass) else { return .notSimple }
        return entry._withUnsafeGuaranteedRef { entry in
            FirstRecord.first(of: UnsafeBufferPointer(start: entry.numbers, count: entry.numberCount),
                              in: Unmanaged.passUnretained(store.slots.storage), where: fits) { record($0) }
        }
    }

    /// The index keys of MIME types or filename extensions, made on first
    /// use; `nil` for other tag classes, which only declarations carry.
    private func tagMemo(_ tagClass: UTTagClass) -> MappedKeyMemo? {
        let slot = tagClass == .mimeType ? 0 : tagClass == .filenameExtension ? 1 : nil
        return slot.map { slot in tagMemos.value(at: slot) { makeTagMemo(tagClass) } }
    }

    private func makeTagMemo(_ tagClass: UTTagClass) -> MappedKeyMemo {
        // System types first, then the database's, each in table order and
        // filed once per key. MIME tags are known without the globs;
        // extensions need them.
        var numbers: [String: [Int32]] = [:]
        func add(_ number: Int, _ tags: [String]) {
            for tag in tags {
                guard let key = TagSyntax.indexKey(tag, tagClass: tagClass), numbers[key]?.last != Int32(number) else { continue }
                numbers[key, default: []].append(Int32(number))
            }
        }
        let isMIME = tagClass == .mimeType
        for number in 0..<systemCount {
            add(number, isMIME ? tagSource.systemMIMETags(number) : tagSource.systemTags(number)[tagClass] ?? [])
        }
        for index in folded.indices where systemFor[index] < 0 {
            add(numbering.number(ofType: index), isMIME ? tagSource.databaseMIMETags(index) : tagSource.databaseTags(index)[tagClass] ?? [])
        }
        let memo = MappedKeyMemo()
        for (key, carriers) in numbers {
            var key = key
            key.withUTF8 { key in carriers.withUnsafeBufferPointer { _ = memo.insert(folded: UnsafeRawBufferPointer(key), numbers: $0) } }
        }
        return memo
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
