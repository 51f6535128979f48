/// A ``FoldedKeyTable`` frozen for the lookups on the hot path: the same
/// keys, entries and probing, in raw memory the table owns. Reading a
/// `let` pointer touches no reference count, where reading the arrays of a
/// table kept in a class costs a retain and a release each.
///
/// Guarantees: the same entry for every key as the table it was made
/// from; never written after `init`, so any thread may read it.
final class FrozenKeyTable: FoldedKeyLookup, @unchecked Sendable {
    // @unchecked: the memory is written once, in init, and only read after.
    private let bytes: UnsafeMutablePointer<UInt8>
    private let starts: UnsafeMutablePointer<Int32>
    private let hashes: UnsafeMutablePointer<UInt32>
    private let slots: UnsafeMutablePointer<Int32>
    private let mask: Int
    /// The number of keys.
    let count: Int

    init(_ table: FoldedKeyTable) {
        func copy<T>(_ array: [T]) -> UnsafeMutablePointer<T> {
            let memory = UnsafeMutablePointer<T>.allocate(capacity: Swift.max(array.count, 1))
            _ = UnsafeMutableBufferPointer(start: memory, count: array.count).initialize(from: array)
            return memory
        }
        // Eight spare bytes: keys are compared a word at a time.
        bytes = .allocate(capacity: table.bytes.count + 8)
        bytes.initialize(repeating: 0, count: table.bytes.count + 8)
        bytes.update(from: table.bytes, count: table.bytes.count)
        starts = copy(table.starts)
        hashes = copy(table.hashes)
        slots = copy(table.slots)
        mask = table.slots.count - 1
        count = table.count
        assert(table.slots.count.nonzeroBitCount == 1 && count * 2 <= table.slots.count, "a frozen table is a power of two, at most half full")
    }

    deinit {
        bytes.deallocate()
        starts.deallocate()
        hashes.deallocate()
        slots.deallocate()
    }

    @inline(__always)
    func probe(_ key: UnsafeBufferPointer<UInt8>, hash: UInt32) -> Int? {
        var slot = Int(hash) & mask
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { return nil }
            let entry = stored - 1
            if hashes[entry] == hash {
                let start = Int(starts[entry])
                if Int(starts[entry + 1]) - start == key.count,
                   FoldedWords.equal(stored: bytes + start, key) {
                    return entry
                }
            }
            slot = (slot + 1) & mask
        }
    }
}
