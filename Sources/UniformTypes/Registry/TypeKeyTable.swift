import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Gives every type identifier (folded) a small integer for the life of
/// the process: the key of its bit in every record's ancestor set, shared
/// by every record of the identifier so they stay equal.
enum TypeKeyTable {
    /// An interning table: a new identifier's entry number is the next key.
    private static let keys = Mutex(KeyInterner())

    /// The key of `foldedIdentifier`, made on first use.
    static func key(forFolded foldedIdentifier: String) -> Int {
        var identifier = foldedIdentifier
        return identifier.withUTF8 { key(forFolded: $0) }
    }

    /// The key of the identifier whose folded bytes are `folded`.
    static func key(forFolded folded: UnsafeBufferPointer<UInt8>) -> Int {
        keys.withLock { $0.insert(folded) }
    }

    /// The key of `identifier`, an ASCII identifier in any case (a built-in
    /// type's), folded in place.
    static func key(foldingASCII identifier: UnsafeRawBufferPointer) -> Int {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(identifier.count, 1)) { buffer in
            FoldedKeyTable.fold(identifier, into: buffer.baseAddress!)
            return key(forFolded: UnsafeBufferPointer(rebasing: buffer[0..<identifier.count]))
        }
    }
}

/// An insert-only set of byte strings numbered in insertion order, in raw
/// memory growing by doubling (not arrays, whose metadata a first query
/// would pay for). Lives inside ``TypeKeyTable``'s lock.
struct KeyInterner: ~Copyable, @unchecked Sendable {
    // @unchecked: only used inside TypeKeyTable's lock.
    /// Entry + 1 per slot; 0 is empty.
    private var slots: UnsafeMutablePointer<Int32>
    private var slotCount: Int
    /// Where each entry's bytes start in `bytes`, then the end.
    private var starts: UnsafeMutablePointer<Int32>
    private var hashes: UnsafeMutablePointer<UInt32>
    private var capacity: Int
    private var count = 0
    private var bytes: UnsafeMutablePointer<UInt8>
    private var byteCapacity: Int

    init() {
        // Small to start (a process's first query makes a few keys, and
        // every fresh heap page costs it a fault); grows by doubling.
        capacity = 16
        slotCount = 32
        byteCapacity = 256
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: 0, count: slotCount)
        starts = .allocate(capacity: capacity + 1)
        starts[0] = 0
        hashes = .allocate(capacity: capacity)
        bytes = .allocate(capacity: byteCapacity)
    }

    deinit {
        slots.deallocate()
        starts.deallocate()
        hashes.deallocate()
        bytes.deallocate()
    }

    /// The entry number of `key`, added if new.
    mutating func insert(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = FoldedWords.hash(folded: key)
        var slot = Int(hash) & (slotCount - 1)
        while slots[slot] != 0 {
            let entry = Int(slots[slot]) - 1
            if hashes[entry] == hash && matches(entry, key) { return entry }
            slot = (slot + 1) & (slotCount - 1)
        }
        let entry = count
        reserve(entries: count + 1, bytes: Int(starts[count]) + key.count)
        let start = Int(starts[count])
        if let base = key.baseAddress { (bytes + start).update(from: base, count: key.count) }
        starts[count + 1] = Int32(start + key.count)
        hashes[count] = hash
        count += 1
        if count * 2 > slotCount {
            rehash(slotCount * 2)
        } else {
            slots[slot] = Int32(entry + 1)
        }
        return entry
    }

    private func matches(_ entry: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(starts[entry])
        guard Int(starts[entry + 1]) - start == key.count else { return false }
        return key.isEmpty || memcmp(bytes + start, key.baseAddress!, key.count) == 0
    }

    private mutating func reserve(entries: Int, bytes needed: Int) {
        if entries > capacity {
            let larger = capacity * 2
            let newStarts = UnsafeMutablePointer<Int32>.allocate(capacity: larger + 1)
            newStarts.initialize(from: starts, count: count + 1)
            starts.deallocate()
            starts = newStarts
            let newHashes = UnsafeMutablePointer<UInt32>.allocate(capacity: larger)
            newHashes.initialize(from: hashes, count: count)
            hashes.deallocate()
            hashes = newHashes
            capacity = larger
        }
        if needed > byteCapacity {
            var larger = byteCapacity * 2
            while larger < needed { larger *= 2 }
            let newBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
            newBytes.initialize(from: bytes, count: Int(starts[count]))
            bytes.deallocate()
            bytes = newBytes
            byteCapacity = larger
        }
    }

    private mutating func rehash(_ size: Int) {
        slots.deallocate()
        slots = .allocate(capacity: size)
        slots.initialize(repeating: 0, count: size)
        slotCount = size
        for entry in 0..<count {
            var slot = Int(hashes[entry]) & (size - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(entry + 1)
        }
    }
}
