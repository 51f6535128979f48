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

    /// The hash of bytes that are already folded (a stored key).
    @inline(__always)
    static func hash(folded key: UnsafeBufferPointer<UInt8>) -> UInt32 {
        hash(key, refusingNonASCII: false)!
    }

    /// The hash of `key` folded; `nil` when a byte is outside ASCII.
    @inline(__always)
    static func hash(foldingASCII key: UnsafeBufferPointer<UInt8>) -> UInt32? {
        hash(key, refusingNonASCII: true)
    }

    /// The key's length, then a multiply and shift per folded word (folding
    /// leaves folded words as they are).
    @inline(__always)
    private static func hash(_ key: UnsafeBufferPointer<UInt8>, refusingNonASCII: Bool) -> UInt32? {
        var hash = 0xCBF2_9CE4_8422_2325 ^ UInt64(truncatingIfNeeded: key.count)
        for index in 0..<(key.count &+ 7) / 8 {
            let word = word(key, index)
            if refusingNonASCII && word & highBits != 0 { return nil }
            let product = (hash ^ foldASCII(word)) &* 0x9E37_79B9_7F4A_7C15
            hash = product ^ (product &>> 29)
        }
        return UInt32(truncatingIfNeeded: hash ^ (hash &>> 32))
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
