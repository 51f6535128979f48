/// vCard text escaping (RFC 6350 §3.4): `\\`, `\,`, `\;` and `\n` in
/// values, and splitting structured values at unescaped separators.
public enum VCardText {
    /// `text` with backslash, comma, semicolon and line breaks escaped.
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x2C || $0 == 0x3B || $0 == 0x0A || $0 == 0x0D })
        else { return text }
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count + 8)
        var previousCR = false
        for byte in text.utf8 {
            switch byte {
            case 0x5C, 0x2C, 0x3B: out.append(0x5C); out.append(byte)
            case 0x0D: out.append(0x5C); out.append(0x6E)
            case 0x0A where previousCR: break
            case 0x0A: out.append(0x5C); out.append(0x6E)
            default: out.append(byte)
            }
            previousCR = byte == 0x0D
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `value` with escapes undone; an unknown escape keeps its backslash
    /// (vCard 2.1 files hold plain backslashes, such as Windows paths).
    public static func unescape(_ value: String) -> String {
        guard value.utf8.contains(0x5C) else { return value }
        var out = [UInt8]()
        out.reserveCapacity(value.utf8.count)
        var escaped = false
        for byte in value.utf8 {
            if escaped {
                switch byte {
                case 0x6E, 0x4E: out.append(0x0A)
                case 0x5C, 0x2C, 0x3B, 0x3A: out.append(byte)
                default: out.append(0x5C); out.append(byte)
                }
                escaped = false
            } else if byte == 0x5C {
                escaped = true
            } else {
                out.append(byte)
            }
        }
        if escaped { out.append(0x5C) }
        return String(decoding: out, as: UTF8.self)
    }

    /// `value` split at every `separator` that is not escaped; the parts keep their escapes.
    public static func split(_ value: String, at separator: Character) -> [String] {
        let sep = separator.asciiValue ?? 0x3B
        var parts: [String] = []
        var start = value.utf8.startIndex
        var escaped = false
        var index = start
        let utf8 = value.utf8
        while index != utf8.endIndex {
            let byte = utf8[index]
            if escaped {
                escaped = false
            } else if byte == 0x5C {
                escaped = true
            } else if byte == sep {
                parts.append(String(value[start..<index]))
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        parts.append(String(value[start..<utf8.endIndex]))
        return parts
    }
}
