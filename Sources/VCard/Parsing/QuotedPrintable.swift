/// Quoted-printable (RFC 2045 §6.7) as vCard 2.1 uses it: `=XX` escapes,
/// soft line breaks, lines of at most 76 characters.
enum QuotedPrintable {
    /// `encoded` with its `=XX` escapes undone (soft breaks already
    /// removed by the reader), or nil when an escape is broken.
    static func decode(_ encoded: [UInt8]) -> [UInt8]? {
        var out = [UInt8]()
        out.reserveCapacity(encoded.count)
        var index = 0
        while index < encoded.count {
            let byte = encoded[index]
            if byte == Byte.equals {
                guard index + 2 < encoded.count,
                      let high = Byte.hexValue(encoded[index + 1]), let low = Byte.hexValue(encoded[index + 2])
                else { return nil }
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(byte)
                index += 1
            }
        }
        return out
    }

    /// `bytes` encoded, broken into lines of at most `lineLength` octets
    /// (the first `firstLineUsed` octets of the first line are taken) with
    /// soft breaks (`=` CRLF).
    static func encode(_ bytes: some Sequence<UInt8>, firstLineUsed: Int, lineLength: Int = 75) -> [UInt8] {
        var out = [UInt8]()
        var column = firstLineUsed
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in bytes {
            let plain = (byte >= 33 && byte <= 126 && byte != Byte.equals) || byte == Byte.space
            let width = plain ? 1 : 3
            // Leave room for the soft break's '='.
            if column + width > lineLength - 1 {
                out.append(contentsOf: [Byte.equals, Byte.cr, Byte.lf])
                column = 0
            }
            if plain {
                out.append(byte)
            } else {
                out.append(Byte.equals)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
            column += width
        }
        // A space at the end of a line would be lost in transport.
        if out.last == Byte.space {
            out.removeLast()
            out.append(contentsOf: Array("=20".utf8))
        }
        return out
    }
}
