import Synchronization

/// The base types answered from a ``MappedMIMEDatabase``, reading only
/// the entries a query needs; the answers are ``BaseTypeTable``'s, rule for
/// rule (the tests hold the two to each other). Records go into the
/// ``RecordStore`` the full table adopts, so a type keeps one record.
/// Where an answer depends on the whole database (an undeclared parent, a
/// cycle, damage), it throws ``NeedsFullTable``.
final class MappedTypeTable: @unchecked Sendable {
    // @unchecked: immutable; the memos and slots are read through
    // `Unmanaged` copies.
    /// Thrown where only the full table can answer.
    struct NeedsFullTable: Error {}

    let database: MappedMIMEDatabase
    let system: SystemTypeIndex
    let store: RecordStore
    /// Answered lookup keys: MIME types, and filename extensions.
    let memo: MappedKeyMemo
    let extensionMemo: MappedKeyMemo
    /// Identifiers answered, each with the number of its record (none for
    /// an identifier no base type has).
    let identifierMemo: MappedKeyMemo
    /// The memos and `store.slots`, read without reference counting.
    let unmanagedMemo: Unmanaged<MappedKeyMemo>
    let unmanagedExtensionMemo: Unmanaged<MappedKeyMemo>
    let unmanagedIdentifierMemo: Unmanaged<MappedKeyMemo>
    let unmanagedSlots: Unmanaged<ObjectSlots>
    /// What the records made here work out late, one object for them all.
    private let lateFacts: LateFacts

    init(database: MappedMIMEDatabase, system: SystemTypeIndex, fullTable: @escaping @Sendable () -> BaseTypeTable) {
        self.database = database
        self.system = system
        // Room for every database type before the `types` files are read.
        store = RecordStore(count: system.count + database.typeCapacity)
        memo = MappedKeyMemo()
        unmanagedMemo = Unmanaged.passUnretained(memo)
        extensionMemo = MappedKeyMemo()
        unmanagedExtensionMemo = Unmanaged.passUnretained(extensionMemo)
        identifierMemo = MappedKeyMemo()
        unmanagedIdentifierMemo = Unmanaged.passUnretained(identifierMemo)
        unmanagedSlots = Unmanaged.passUnretained(store.slots.storage)
        // A system entry number fits in the 12 bits of a type's alias facts.
        precondition(system.count < (1 << 12) - 1, "too many built-in types for the alias facts")
        lateFacts = LateFacts(database: database, full: fullTable)
    }

    /// ``lateFacts``: what needs the whole database, from the full table
    /// (records may outlive this one).
    final class LateFacts: LateRecordFacts {
        /// The files the records' numbers come from.
        let database: MappedMIMEDatabase
        let full: @Sendable () -> BaseTypeTable

        init(database: MappedMIMEDatabase, full: @escaping @Sendable () -> BaseTypeTable) {
            self.database = database
            self.full = full
        }

        func tags(ofType number: Int) -> [UTTagClass: [String]] {
            full().tags(ofMappedType: number, in: database)
        }

        /// A system type's: the first database type that is it (only a
        /// description or a file's contents ask).
        func freedesktopMIMEType(ofType number: Int) -> String? {
            full().tagSource.freedesktopMIMEType(ofType: number)
        }
    }

    /// The system entry named by type `index`'s least alias that is Apple's
    /// tag, and whether an alias has parents of its own; walked once per
    /// type and kept in its facts.
    private func aliasFacts(ofType index: Int) throws(NeedsFullTable) -> (system: Int?, aliasHasParents: Bool) {
        // Facts from bit 2: bit 0 walked; bit 1 an alias has parents;
        // bits 2...: entry + 1.
        let known = database.facts(ofType: index) >> 2
        if known != 0 { return (known >> 2 > 0 ? Int(known >> 2) - 1 : nil, known & 2 != 0) }
        var aliasHasParents = false
        let entry = try Self.reading {
            try TypeNaming.leastAliasEntry { visit throws(MappedMIMEDatabase.Unsound) in
                try database.forEachAlias(of: database.typeName(index)) { alias throws(MappedMIMEDatabase.Unsound) in
                    if !aliasHasParents { aliasHasParents = try database.hasParents(alias) }
                    visit(alias)
                }
            }
        }
        database.addFacts((UInt16((entry ?? -1) + 1) << 2 | (aliasHasParents ? 2 : 0) | 1) << 2, ofType: index)
        return (entry, aliasHasParents)
    }

    /// Runs `body`, a read of the mapped files; damage becomes ``NeedsFullTable``.
    @inline(__always)
    private static func reading<Value>(_ body: () throws -> Value) throws(NeedsFullTable) -> Value {
        do {
            return try body()
        } catch {
            throw NeedsFullTable()
        }
    }

    // MARK: - Which types are system types

    /// The system entry database type `index` is (its equivalent, else the
    /// system type tagged with its name or an alias), or `nil`.
    func systemEntry(ofType index: Int) throws(NeedsFullTable) -> Int? {
        try TypeNaming.systemEntry(ofName: database.typeName(index)) { () throws(NeedsFullTable) in try aliasFacts(ofType: index).system }
    }

    /// The number whose record stands for type `number`.
    func owner(_ number: Int) throws(NeedsFullTable) -> Int {
        guard number >= system.count else { return number }
        return try systemEntry(ofType: number - system.count) ?? number
    }

    // MARK: - Tags

    /// The types carrying MIME key `key` (folded): system types first.
    func numbers(forKey key: UnsafeRawBufferPointer) throws(NeedsFullTable) -> TypeNumbers {
        var numbers = TypeNumbers()
        try system.forEachCarrier(ofKey: key) { entry throws(NeedsFullTable) in
            guard numbers.append(entry) else { throw NeedsFullTable() }
        }
        // A key built-in types carry gains no database type unless it is
        // an alias, so no `types` file is read.
        if numbers.count > 0, !key.contains(UInt8(ascii: ";")),
           try Self.reading({ try database.canonical(ofAlias: key) }) == nil {
            return numbers
        }
        let named = try Self.reading { try database.typeIndex(key) }
        // A type's name is rarely an alias too; that is known per type.
        let aliased: Int?
        if let named, try !Self.reading({ try database.nameIsAlias(ofType: named) }) {
            aliased = nil
        } else {
            aliased = try Self.reading { try database.canonical(ofAlias: key).flatMap(database.typeIndex) }
        }
        // A key both a name and another's alias: the full table decides.
        if named != nil && aliased != nil { throw NeedsFullTable() }
        guard let type = named ?? aliased else { return numbers }
        if let entry = try systemEntry(ofType: type) {
            if numbers.count == 0 { _ = numbers.append(entry) }
        } else if !numbers.append(system.count + type) {
            throw NeedsFullTable()
        }
        return numbers
    }

    /// The types carrying extension `key` (folded), in the full table's
    /// order: Apple's carriers, then the `*.EXT` globs' types (a glob that is
    /// Apple's tag of another system type stays with that type).
    func extensionNumbers(forKey key: UnsafeRawBufferPointer) throws(NeedsFullTable) -> TypeNumbers {
        var numbers = TypeNumbers()
        try system.forEachExtensionCarrier(ofKey: key) { entry throws(NeedsFullTable) in
            guard numbers.append(entry) else { throw NeedsFullTable() }
        }
        let firstApple = numbers.first
        // The glob types, as written; only a type's own name counts.
        var globTypes = TypeNumbers()
        let walked = try Self.reading {
            try database.forEachExtensionGlobType(key) { name throws(MappedMIMEDatabase.Unsound) in
                if let type = try database.typeIndex(name), !globTypes.append(type) { throw MappedMIMEDatabase.Unsound() }
            }
        }
        guard walked else { throw NeedsFullTable() }
        for index in 0..<globTypes.count {
            let type = globTypes[index]
            if let entry = try systemEntry(ofType: type) {
                if firstApple.map({ $0 == entry }) ?? true, !numbers.append(entry) { throw NeedsFullTable() }
            } else if !numbers.append(system.count + type) {
                throw NeedsFullTable()
            }
        }
        numbers.sortUnique()
        return numbers
    }

    /// ``numbers(forKey:)`` or ``extensionNumbers(forKey:)`` for a folded
    /// key in a string, from the memo of its class (``memoEntry(_:hash:tagClass:checkingSyntax:)``).
    func numbers(forKey key: String, tagClass: UTTagClass) throws(NeedsFullTable) -> [Int32] {
        var key = key
        let found = key.withUTF8 { bytes in
            memoEntry(bytes, hash: FoldedWords.hash(folded: bytes), tagClass: tagClass, checkingSyntax: false)?
                ._withUnsafeGuaranteedRef { Array(UnsafeBufferPointer(start: $0.numbers, count: $0.numberCount)) }
        }
        guard let found else { throw NeedsFullTable() }
        return found
    }

    /// The memo entry of the MIME type or extension `bytes` (any ASCII case;
    /// `hash` its folded hash), answered and remembered when first asked;
    /// ``MappedKeyMemo/nothingCarries`` for a key nothing carries past the
    /// memo's limit. `nil` where only the full table can answer, or for a
    /// new key that is not simple when `checkingSyntax`.
    @inline(__always)
    func memoEntry(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt32, tagClass: UTTagClass,
                   checkingSyntax: Bool = true) -> Unmanaged<MappedKeyMemo.Entry>? {
        let memo = tagClass == .mimeType ? unmanagedMemo : unmanagedExtensionMemo
        if let found = memo._withUnsafeGuaranteedRef({ $0.lookup(bytes, hash: hash) }) { return found }
        guard !checkingSyntax || TagSyntax.isSimple(bytes, tagClass: tagClass) else { return nil }
        return remember(bytes, tagClass: tagClass).map(Unmanaged.passUnretained)
    }

    /// The rest of ``memoEntry(_:hash:tagClass:checkingSyntax:)`` for a new key.
    @inline(never)
    private func remember(_ bytes: UnsafeBufferPointer<UInt8>, tagClass: UTTagClass) -> MappedKeyMemo.Entry? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(bytes.count, 1)) { buffer in
            FoldedKeyTable.fold(UnsafeRawBufferPointer(bytes), into: buffer.baseAddress!)
            let key = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<bytes.count])
            let isMIME = tagClass == .mimeType
            guard let numbers = try? isMIME ? numbers(forKey: key) : extensionNumbers(forKey: key) else { return nil }
            return numbers.withUnsafeBufferPointer { (isMIME ? memo : extensionMemo).insert(folded: key, numbers: $0) }
                ?? MappedKeyMemo.nothingCarries
        }
    }

    // MARK: - Records

    /// The record of type `number`, made on first use with any parents
    /// not made yet.
    func record(_ number: Int) throws(NeedsFullTable) -> TypeRecord {
        let number = try owner(number)
        if let made = store.slots[number] { return made }
        return try store.making.withLock { _ throws(NeedsFullTable) -> TypeRecord in try make(number, depth: 0) }
    }

    /// Runs under `store.making`; `depth` counts the database types below
    /// on the way here.
    private func make(_ number: Int, depth: Int) throws(NeedsFullTable) -> TypeRecord {
        if let made = store.slots[number] { return made }
        let record: TypeRecord
        if number < system.count {
            record = try TypeNaming.systemRecord(entry: number, late: lateFacts) { parent throws(NeedsFullTable) in
                try make(parent, depth: depth)
            }
        } else {
            record = try makeDatabaseType(number - system.count, depth: depth)
        }
        return store.slots.store(record, at: number)
    }

    /// The record of database type `index`, from the cache's parent list.
    private func makeDatabaseType(_ index: Int, depth: Int) throws(NeedsFullTable) -> TypeRecord {
        // A type that is also an alias, or whose alias has parents: full table.
        guard try !Self.reading({ try database.nameIsAlias(ofType: index) }), try !aliasFacts(ofType: index).aliasHasParents else {
            throw NeedsFullTable()
        }
        // Deep nesting, as a subclass cycle makes, is left to the full table.
        guard depth < TypeNumbers.capacity else { throw NeedsFullTable() }
        // -1 for an undeclared parent, which the full table reports.
        var parentIndexes = TypeNumbers()
        try Self.reading {
            try database.forEachParent(of: database.typeName(index)) { parentName throws(MappedMIMEDatabase.Unsound) in
                // Nearly always a type's own name, which is then no alias.
                let parent: Int
                if let asType = try database.typeIndex(parentName), try !database.nameIsAlias(ofType: asType) {
                    parent = asType
                } else {
                    parent = try database.typeIndex(database.canonical(ofAlias: parentName) ?? parentName) ?? -1
                }
                // More parents than the numbers hold: the full table answers.
                guard parentIndexes.append(parent) else { throw MappedMIMEDatabase.Unsound() }
            }
        }
        for position in 0..<parentIndexes.count where parentIndexes[position] < 0 { throw NeedsFullTable() }
        return try database.withFoldedTypeName(index) { name throws(NeedsFullTable) -> TypeRecord in
            try TypeNaming.databaseRecord(name: name, number: system.count + index, late: lateFacts,
                                          subclassParentCount: parentIndexes.count) { add throws(NeedsFullTable) in
                for position in 0..<parentIndexes.count {
                    add(try make(owner(system.count + parentIndexes[position]), depth: depth + 1))
                }
            } system: { identifier throws(NeedsFullTable) in
                try make(system.entry(forIdentifier: identifier)!, depth: depth)
            }
        }
    }

    // MARK: - Identifiers

    /// The record of a base type by identifier, in any case, remembered in
    /// ``identifierMemo`` unless `remember` is false.
    func record(forIdentifier identifier: String, remember: Bool = true) throws(NeedsFullTable) -> TypeRecord? {
        if let remembered = rememberedNumber(forIdentifier: identifier) {
            guard let number = remembered else { return nil }
            if let made = store.slots[number] { return made }
            return try record(number)
        }
        let number = try number(forIdentifier: identifier)
        let owner = try number.map { number throws(NeedsFullTable) in try self.owner(number) }
        guard remember else { return try owner.map { number throws(NeedsFullTable) in try record(number) } }
        // Only ASCII identifiers are remembered: others fold by Unicode rules.
        var identifier = identifier
        identifier.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(bytes.count, 1)) { folded in
                FoldedKeyTable.fold(UnsafeRawBufferPointer(bytes), into: folded.baseAddress!)
                var numbers = TypeNumbers()
                if let owner { _ = numbers.append(owner) }
                numbers.withUnsafeBufferPointer {
                    _ = identifierMemo.insert(folded: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(folded)[0..<bytes.count]),
                                              numbers: $0)
                }
            }
        }
        return try owner.map { number throws(NeedsFullTable) in try record(number) }
    }

    /// The remembered number for `identifier`: `.some(nil)` for none,
    /// `nil` when not asked yet.
    @inline(__always)
    func rememberedNumber(forIdentifier identifier: String) -> Int?? {
        let remembered = identifier.utf8.withContiguousStorageIfAvailable { bytes -> Int?? in
            guard let hash = FoldedWords.hash(foldingASCII: bytes),
                  let entry = unmanagedIdentifierMemo._withUnsafeGuaranteedRef({ $0.lookup(bytes, hash: hash) })
            else { return nil }
            return entry._withUnsafeGuaranteedRef { $0.numberCount == 0 ? .some(nil) : .some(Int($0.numbers[0])) }
        }
        return remembered ?? nil
    }

    /// The number of the system or database type with `identifier`, in any
    /// case; `nil` when no base type has it.
    private func number(forIdentifier identifier: String) throws(NeedsFullTable) -> Int? {
        if let entry = system.entry(forIdentifier: identifier) { return entry }
        var identifier = identifier
        return try Self.reading { try identifier.withUTF8 { try number(forFreedesktopIdentifier: UnsafeRawBufferPointer($0)) } }
    }

    /// The number of the database type `org.freedesktop.mime.<name>` (slash
    /// made a dot) names, in any case; on bytes, as a first query needs.
    private func number(forFreedesktopIdentifier identifier: UnsafeRawBufferPointer) throws(NeedsFullTable) -> Int? {
        let type = try TypeNaming.databaseType(forIdentifier: identifier) { tail throws(NeedsFullTable) -> Int? in
            guard let found = try Self.reading({ try database.typeIndex(tail) }), try systemEntry(ofType: found) == nil else { return nil }
            return found
        }
        return type.map { system.count + $0 }
    }
}
