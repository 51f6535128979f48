/// Checks inline base64 without decoding it, so a file with photos parses at
/// the speed of a byte scan; the photo is decoded only when read.
enum Base64Check {
    private static let alphabet: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8 { table[Int(byte)] = true }
        return table
    }()

    /// The base64 text with whitespace removed, or nil when it is not
    /// valid base64 (a foreign character, padding before the end, a length
    /// that is no multiple of four).
    static func compacted(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var length = 0
        var padding = 0
        var hasWhitespace = false
        for byte in bytes {
            if alphabet[Int(byte)] {
                if padding > 0 { return nil }
                length += 1
            } else if byte == Byte.equals {
                padding += 1
                if padding > 2 { return nil }
            } else if Byte.isWhitespace(byte) {
                hasWhitespace = true
            } else {
                return nil
            }
        }
        guard (length + padding) % 4 == 0 else { return nil }
        if !hasWhitespace { return String(decoding: bytes, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: length + padding) { target in
            var index = 0
            for byte in bytes where !Byte.isWhitespace(byte) {
                target[index] = byte
                index += 1
            }
            return index
        }
    }
}
