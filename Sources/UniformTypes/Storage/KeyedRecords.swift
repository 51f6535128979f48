/// Records kept under an ASCII key (compared ignoring case) and a number:
/// the registry's dynamic types, by tag and by identifier. Raw memory, not
/// a `Dictionary`, whose first use would cost a first query its metadata.
///
/// Guarantees (asserted in debug builds after every insert): the slots are
/// a power of two at most half full; a key kept is found again in any
/// ASCII case. Not thread-safe: its owner keeps it inside a mutex.
final class KeyedRecords: @unchecked Sendable {
    // @unchecked: only used under its owner's mutex.
    private struct Entry {
        let hash: UInt32
        let number: Int
        /// Where the key lies in `keys`, and its length.
        let keyStart: Int
        let keyCount: Int
        let record: Unmanaged<TypeRecord>
    }

    private var entries: UnsafeMutablePointer<Entry>
    private var count = 0
    private var capacity = 8
    /// Per slot, an entry's index + 1, 0 when empty: a power of two, at
    /// most half full.
    private var slots: UnsafeMutablePointer<Int32>
    private var slotCount = 16
    /// The keys, folded, end to end, zeroed past the last:
    /// ``FoldedWords/equal(stored:_:)`` reads whole words.
    private var keys: UnsafeMutablePointer<UInt8>
    private var keyBytes = 0
    private var keyCapacity = 256

    init() {
        entries = .allocate(capacity: capacity)
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: 0, count: slotCount)
        keys = .allocate(capacity: keyCapacity)
        keys.initialize(repeating: 0, count: keyCapacity)
    }

    deinit {
        for index in 0..<count { entries[index].record.release() }
        entries.deallocate()
        slots.deallocate()
        keys.deallocate()
    }

    /// The record kept under `key` (in any case) and `number`.
    func record(key: UnsafeBufferPointer<UInt8>, number: Int) -> TypeRecord? {
        guard let hash = FoldedWords.hash(foldingASCII: key), let index = entry(key, hash: hash, number: number) else { return nil }
        return entries[index].record.takeUnretainedValue()
    }

    /// ``record(key:number:)`` for a key in a string.
    func record(key: String, number: Int) -> TypeRecord? {
        var key = key
        return key.withUTF8 { record(key: $0, number: number) }
    }

    /// Keeps `record` under `key` (any case) and `number` unless one is kept
    /// there: returns the record kept; `nil` for a key outside ASCII.
    @discardableResult
    func insert(_ record: TypeRecord, key: UnsafeBufferPointer<UInt8>, number: Int) -> TypeRecord? {
        guard let hash = FoldedWords.hash(foldingASCII: key) else { return nil }
        if let index = entry(key, hash: hash, number: number) { return entries[index].record.takeUnretainedValue() }
        if count == capacity { growEntries() }
        if (count + 1) * 2 > slotCount { growSlots() }
        while keyBytes + key.count + 8 > keyCapacity { growKeys() }
        FoldedKeyTable.fold(UnsafeRawBufferPointer(key), into: keys + keyBytes)
        (entries + count).initialize(to: Entry(hash: hash, number: number, keyStart: keyBytes, keyCount: key.count,
                                               record: Unmanaged.passRetained(record)))
        keyBytes += key.count
        place(count, hash: hash)
        count += 1
        assert(slotCount.nonzeroBitCount == 1 && count * 2 <= slotCount && count <= capacity && keyBytes + 8 <= keyCapacity
               && entry(key, hash: hash, number: number) == count - 1, "KeyedRecords: half-full power-of-two slots, the new key found")
        return record
    }

    /// ``insert(_:key:number:)`` for a key in a string.
    @discardableResult
    func insert(_ record: TypeRecord, key: String, number: Int) -> TypeRecord? {
        var key = key
        return key.withUTF8 { insert(record, key: $0, number: number) }
    }

    private func entry(_ key: UnsafeBufferPointer<UInt8>, hash: UInt32, number: Int) -> Int? {
        let mask = slotCount - 1
        var slot = Int(hash) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            let entry = entries[index]
            if entry.hash == hash, entry.number == number, entry.keyCount == key.count,
               FoldedWords.equal(stored: keys + entry.keyStart, key) {
                return index
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private func place(_ index: Int, hash: UInt32) {
        let mask = slotCount - 1
        var slot = Int(hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index + 1)
    }

    private func growEntries() {
        let larger = UnsafeMutablePointer<Entry>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: entries, count: count)
        entries.deallocate()
        entries = larger
        capacity *= 2
    }

    private func growSlots() {
        slots.deallocate()
        slotCount *= 2
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: 0, count: slotCount)
        for index in 0..<count { place(index, hash: entries[index].hash) }
    }

    private func growKeys() {
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: keyCapacity * 2)
        larger.initialize(repeating: 0, count: keyCapacity * 2)
        larger.update(from: keys, count: keyBytes)
        keys.deallocate()
        keys = larger
        keyCapacity *= 2
    }
}
