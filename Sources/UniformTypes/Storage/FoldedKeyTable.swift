import CUniformTypeTables
#if canImport(Glibc)
import Glibc
#endif

/// A hash table from strings, compared without ASCII case, to entry numbers
/// in insertion order: the interned tags and names of the full table. A
/// lookup folds and hashes the caller's bytes in place, allocating nothing.
///
/// Guarantees (asserted in debug builds after every insert): entry numbers
/// are dense and never change; the slots are a power of two, at most half
/// full; a key inserted is found again in any ASCII case.
struct FoldedKeyTable: Sendable {
    /// Folded keys, back to back; key `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private(set) var bytes: [UInt8] = []
    private(set) var starts: [Int32] = [0]
    private(set) var hashes: [UInt32] = []
    /// Entry number + 1 per slot; 0 is an empty slot.
    private(set) var slots: [Int32]

    /// The number of keys.
    var count: Int { hashes.count }

    init(capacity: Int = 0) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        hashes.reserveCapacity(capacity)
        starts.reserveCapacity(capacity + 1)
        bytes.reserveCapacity(capacity * 8)
    }

    // MARK: - Building

    /// The entry number of `key`, added if new. `key` must be folded.
    @discardableResult
    mutating func insert(folded key: String) -> Int {
        var key = key
        return key.withUTF8 { insert(folded: $0) }
    }

    /// The entry number of `key`, added if new. `key` must be folded.
    @discardableResult
    mutating func insert(folded key: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = FoldedWords.hash(folded: key)
        if let existing = probe(key, hash: hash) { return existing }
        let entry = hashes.count
        bytes.append(contentsOf: key)
        starts.append(Int32(bytes.count))
        hashes.append(hash)
        if hashes.count * 2 > slots.count {
            rehash(size: slots.count * 2)
        } else {
            place(entry, hash: hash)
        }
        assert(checkInvariants(newest: entry))
        return entry
    }

    /// The table's invariants, for `assert` after a change.
    private func checkInvariants(newest entry: Int) -> Bool {
        slots.count.nonzeroBitCount == 1 && hashes.count * 2 <= slots.count && starts.count == hashes.count + 1
            && starts.last.map { Int($0) == bytes.count } == true
            && bytes.withUnsafeBufferPointer { all in
                probe(UnsafeBufferPointer(rebasing: all[Int(starts[entry])..<Int(starts[entry + 1])]), hash: hashes[entry]) == entry
            }
    }

    private mutating func place(_ entry: Int, hash: UInt32) {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entry + 1)
    }

    private mutating func rehash(size: Int) {
        slots = Array(repeating: 0, count: size)
        for entry in hashes.indices { place(entry, hash: hashes[entry]) }
    }

    // MARK: - Lookup

    @inline(__always)
    func probe(_ key: UnsafeBufferPointer<UInt8>, hash: UInt32) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var slot = Int(hash) & mask
            while true {
                let stored = Int(slots[slot])
                if stored == 0 { return nil }
                let entry = stored - 1
                if hashes[entry] == hash && matches(entry, key) { return entry }
                slot = (slot + 1) & mask
            }
        }
    }

    @inline(__always)
    private func matches(_ entry: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(starts[entry])
        guard Int(starts[entry + 1]) - start == key.count else { return false }
        return bytes.withUnsafeBufferPointer { stored in
            for offset in 0..<key.count where stored[start + offset] != Self.fold(key[offset]) { return false }
            return true
        }
    }

    @inline(__always)
    static func fold(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    /// Writes `source` with its ASCII capitals made lower case to
    /// `destination` (`dk_fold_ascii`).
    @inline(__always)
    static func fold(_ source: UnsafeRawBufferPointer, into destination: UnsafeMutablePointer<UInt8>) {
        guard let base = source.baseAddress else { return }
        dk_fold_ascii(destination, base.assumingMemoryBound(to: UInt8.self), source.count)
    }

    /// Whether two byte strings are the same ignoring ASCII case: nearly
    /// always the same bytes, which one `memcmp` confirms.
    static func equalIgnoringCase(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        guard left.count == right.count else { return false }
        guard let leftStart = left.baseAddress, let rightStart = right.baseAddress else { return true }
        if memcmp(leftStart, rightStart, left.count) == 0 { return true }
        for index in 0..<left.count where fold(left[index]) != fold(right[index]) { return false }
        return true
    }

    /// The entry number of `key`, which is already folded.
    func entry(folded key: String) -> Int? {
        var key = key
        return key.withUTF8 { bytes in probe(bytes, hash: FoldedWords.hash(folded: bytes)) }
    }

    /// The entry for `key`, folding ASCII capitals on the fly.
    @inline(__always)
    func entry(foldingASCII key: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let hash = FoldedWords.hash(foldingASCII: key) else {
            return entry(folded: String(decoding: key, as: UTF8.self).lowercased())
        }
        return probe(key, hash: hash)
    }
}
