/// Records kept under an ASCII key, compared ignoring case, and a number:
/// the registry's dynamic types, by tag (the number telling the tag class
/// and supertype apart) and by identifier, and the types globs name.
///
/// A ``FoldedKeyTable`` whose keys are the number in sixteen lower-case
/// hexadecimal digits followed by the folded key (a fixed-length prefix
/// with no capital, so no two pairs spell the same bytes and folding
/// leaves it alone), with each entry's record in an array of the same
/// order. Not safe to share between threads: its owner keeps it inside a
/// mutex.
///
/// ```swift
/// let kept = KeyedRecords()
/// kept.insert(record, key: "image/x-made-up", number: 1)
/// kept.record(key: "IMAGE/X-MADE-UP", number: 1)  // record
/// ```
final class KeyedRecords: @unchecked Sendable {
    // @unchecked: only used under its owner's mutex.
    private var keys = FoldedKeyTable()
    /// Entry `i`'s record, for entry `i` of `keys`.
    private var records: [TypeRecord] = []

    /// The record kept under `key` (in any case) and `number`.
    func record(key: UnsafeBufferPointer<UInt8>, number: Int) -> TypeRecord? {
        Self.withNumberedKey(key, number) { numbered in
            keys.probe(numbered, hash: FoldedKeyTable.hash(numbered)).map { records[$0] }
        } ?? nil
    }

    /// ``record(key:number:)`` for a key in a string.
    func record(key: String, number: Int) -> TypeRecord? {
        var key = key
        return key.withUTF8 { record(key: $0, number: number) }
    }

    /// Keeps `record` under `key` (in any case) and `number`, unless one is
    /// kept there already: returns the record kept. A key outside ASCII
    /// (which folds by Unicode's rules) is not kept: `nil`.
    @discardableResult
    func insert(_ record: TypeRecord, key: UnsafeBufferPointer<UInt8>, number: Int) -> TypeRecord? {
        Self.withNumberedKey(key, number) { numbered in
            let entry = keys.insert(folded: numbered)
            if entry == records.count { records.append(record) }
            assert(records.count == keys.count, "one record per key")
            return records[entry]
        }
    }

    /// ``insert(_:key:number:)`` for a key in a string.
    @discardableResult
    func insert(_ record: TypeRecord, key: String, number: Int) -> TypeRecord? {
        var key = key
        return key.withUTF8 { insert(record, key: $0, number: number) }
    }

    /// Calls `body` with `number` in hexadecimal digits and then `key`
    /// folded; `nil` without calling it when `key` is not all ASCII.
    private static func withNumberedKey<Result>(_ key: UnsafeBufferPointer<UInt8>, _ number: Int,
                                                _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard FoldedWords.hash(foldingASCII: key) != nil else { return nil }
        let prefix = 16
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: prefix + key.count) { buffer in
            let bits = UInt64(bitPattern: Int64(number))
            for digit in 0..<prefix {
                let nibble = UInt8(truncatingIfNeeded: bits >> UInt64(4 * (prefix - 1 - digit))) & 0xF
                buffer[digit] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            }
            FoldedKeyTable.fold(UnsafeRawBufferPointer(key), into: buffer.baseAddress! + prefix)
            return body(UnsafeBufferPointer(buffer))
        }
    }
}

/// A ``KeyedRecords`` made with its first record, so an owner that never
/// keeps one (a registry whose queries make no dynamic type, as most first
/// queries) does not pay for it. A value kept inside its owner's mutex;
/// copies share the table.
struct LazyKeyedRecords: Sendable {
    private var table: KeyedRecords?

    /// ``KeyedRecords/record(key:number:)``.
    func record(key: UnsafeBufferPointer<UInt8>, number: Int) -> TypeRecord? {
        table?.record(key: key, number: number)
    }

    /// ``KeyedRecords/record(key:number:)`` for a key in a string.
    func record(key: String, number: Int) -> TypeRecord? {
        table?.record(key: key, number: number)
    }

    /// ``KeyedRecords/insert(_:key:number:)``.
    mutating func insert(_ record: TypeRecord, key: UnsafeBufferPointer<UInt8>, number: Int) {
        if table == nil { table = KeyedRecords() }
        table!.insert(record, key: key, number: number)
    }

    /// ``KeyedRecords/insert(_:key:number:)`` for a key in a string.
    mutating func insert(_ record: TypeRecord, key: String, number: Int) {
        var key = key
        key.withUTF8 { insert(record, key: $0, number: number) }
    }
}
