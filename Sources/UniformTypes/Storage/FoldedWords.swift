/// Key bytes read eight at a time: folding, hashing and comparing a word
/// per step. The last, partial word is zero-filled; the key's length is
/// part of the hash and compared first, so padding cannot make keys equal.
enum FoldedWords {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Word `index` (0-based) of `key`, zero-padded past the end.
    @inline(__always)
    static func word(_ key: UnsafeBufferPointer<UInt8>, _ index: Int) -> UInt64 {
        let base = key.baseAddress!
        let offset = index &* 8
        let left = key.count &- offset
        let start = UnsafeRawPointer(base + offset)
        if left >= 8 { return start.loadUnaligned(as: UInt64.self) }
        // The tail of a key of eight bytes or more: the last eight, shifted
        // down past the bytes already read (little-endian, as every load here).
        if key.count >= 8 {
            let last = UnsafeRawPointer(base + (key.count &- 8)).loadUnaligned(as: UInt64.self)
            return last &>> UInt64(truncatingIfNeeded: (8 &- left) &* 8)
        }
        // A shorter key, without reading past it: 4, 2 and 1 bytes.
        var word: UInt64 = 0
        var at = 0
        if left & 4 != 0 {
            word = UInt64(start.loadUnaligned(as: UInt32.self))
            at = 4
        }
        if left & 2 != 0 {
            word |= UInt64(start.loadUnaligned(fromByteOffset: at, as: UInt16.self)) &<< UInt64(at &* 8)
            at &+= 2
        }
        if left & 1 != 0 { word |= UInt64(start.load(fromByteOffset: at, as: UInt8.self)) &<< UInt64(at &* 8) }
        return word
    }

    /// Whether any byte of `word` is outside ASCII.
    @inline(__always)
    static func hasNonASCII(_ word: UInt64) -> Bool { word & highBits != 0 }

    /// `word` with the ASCII capitals A...Z made lower case; every other
    /// byte, non-ASCII ones included, is left as it is.
    @inline(__always)
    static func foldASCII(_ word: UInt64) -> UInt64 {
        let low = word & ~highBits
        // A byte's high bit is set in `atLeastA` when it is >= 0x41, in
        // `pastZ` when it is >= 0x5B; the sums cannot carry across bytes.
        let atLeastA = low &+ ones &* (0x80 - 0x41)
        let pastZ = low &+ ones &* (0x80 - 0x5B)
        let capitals = atLeastA & ~pastZ & ~word & highBits
        return word | (capitals &>> 2)
    }

    /// The hash of a key's (folded) words: its length, then a multiply and
    /// shift per word.
    @inline(__always)
    static func start(count: Int) -> UInt64 { 0xCBF2_9CE4_8422_2325 ^ UInt64(truncatingIfNeeded: count) }

    @inline(__always)
    static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let product = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
        return product ^ (product &>> 29)
    }

    @inline(__always)
    static func finish(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash ^ (hash &>> 32)) }

    /// The hash of bytes that are already folded (a stored key).
    @inline(__always)
    static func hash(folded key: UnsafeBufferPointer<UInt8>) -> UInt32 {
        guard key.count > 0 else { return finish(start(count: 0)) }
        var hash = start(count: key.count)
        for index in 0..<(key.count &+ 7) / 8 { hash = mix(hash, word(key, index)) }
        return finish(hash)
    }

    /// The hash of `key` folded; `nil` when a byte is outside ASCII.
    @inline(__always)
    static func hash(foldingASCII key: UnsafeBufferPointer<UInt8>) -> UInt32? {
        guard key.count > 0 else { return finish(start(count: 0)) }
        var hash = start(count: key.count)
        for index in 0..<(key.count &+ 7) / 8 {
            let word = word(key, index)
            if hasNonASCII(word) { return nil }
            hash = mix(hash, foldASCII(word))
        }
        return finish(hash)
    }

    /// Whether `key` folded is the `stored` folded key of the same length;
    /// the owner keeps eight readable bytes past every stored key.
    @inline(__always)
    static func equal(stored: UnsafePointer<UInt8>, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = key.count
        var index = 0
        while index &* 8 < count {
            var storedWord = UnsafeRawPointer(stored + index &* 8).loadUnaligned(as: UInt64.self)
            let left = count &- index &* 8
            if left < 8 { storedWord &= (1 &<< UInt64(left &* 8)) &- 1 }
            if storedWord != foldASCII(word(key, index)) { return false }
            index &+= 1
        }
        return true
    }
}
