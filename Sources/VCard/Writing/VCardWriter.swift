import Foundation

/// Writes cards as vCard text, each in its own ``VCard/version``: CRLF line
/// endings, lines folded at 75 octets without splitting a UTF-8 character,
/// parameter values quoted where needed; 2.1 cards get quoted-printable for
/// line breaks and non-ASCII text, as 2.1 readers expect.
///
/// ```swift
/// let data = VCardWriter().data(for: cards)
/// try data.write(to: URL(filePath: "contacts.vcf"))
/// ```
public struct VCardWriter: Sendable {
    /// The longest line written, in octets, not counting CRLF (RFC 6350 §3.2).
    public static let lineLength = 75

    public init() {}

    /// `cards` as vCard bytes.
    public func bytes(for cards: [VCard]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(cards.count * 256)
        for card in cards { write(card, to: &out) }
        return out
    }

    /// `cards` as vCard data.
    public func data(for cards: [VCard]) -> Data {
        Data(bytes(for: cards))
    }

    /// `cards` as vCard text.
    public func string(for cards: [VCard]) -> String {
        String(decoding: bytes(for: cards), as: UTF8.self)
    }

    private func write(_ card: VCard, to out: inout [UInt8]) {
        out.append(contentsOf: "BEGIN:VCARD\r\nVERSION:\(card.version.rawValue)\r\n".utf8)
        for property in card.properties {
            write(property, version: card.version, to: &out)
        }
        out.append(contentsOf: "END:VCARD\r\n".utf8)
    }

    private func write(_ property: VCardProperty, version: VCardVersion, to out: inout [UInt8]) {
        var line = [UInt8]()
        if let group = property.group, !group.isEmpty {
            line.append(contentsOf: group.utf8)
            line.append(Byte.dot)
        }
        line.append(contentsOf: property.name.utf8)
        for parameter in property.parameters {
            writeParameter(parameter, version: version, to: &line)
        }
        let isBase64 = property.parameterValues("ENCODING").contains { ["B", "BASE64"].contains($0.uppercased()) }
        if version == .v2_1, !isBase64, needsQuotedPrintable(property.value) {
            line.append(contentsOf: ";CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:".utf8)
            out.append(contentsOf: line)
            out.append(contentsOf: QuotedPrintable.encode(lineBreaksUnescaped(property.value), firstLineUsed: line.count))
            out.append(contentsOf: [Byte.cr, Byte.lf])
            return
        }
        line.append(Byte.colon)
        line.append(contentsOf: property.value.utf8)
        Self.fold(line, to: &out)
        // 2.1 ends a folded base64 value with an empty line.
        if version == .v2_1, isBase64 { out.append(contentsOf: [Byte.cr, Byte.lf]) }
    }

    private func writeParameter(_ parameter: VCardParameter, version: VCardVersion, to line: inout [UInt8]) {
        if version == .v2_1, parameter.name == "TYPE" {
            // 2.1 writes types bare: TEL;HOME;VOICE.
            for value in parameter.values.flatMap({ $0.split(separator: ",") }) {
                line.append(Byte.semicolon)
                line.append(contentsOf: value.uppercased().utf8)
            }
            return
        }
        line.append(Byte.semicolon)
        line.append(contentsOf: parameter.name.utf8)
        line.append(Byte.equals)
        for (index, value) in parameter.values.enumerated() {
            if index > 0 { line.append(Byte.comma) }
            let text = version == .v4_0 ? caretEscaped(value) : value.replacingOccurrences(of: "\"", with: "'")
            let needsQuotes = text.utf8.contains { $0 == Byte.colon || $0 == Byte.semicolon || $0 == Byte.comma || $0 < 0x20 || $0 >= 0x80 }
            if needsQuotes { line.append(Byte.quote) }
            line.append(contentsOf: text.utf8)
            if needsQuotes { line.append(Byte.quote) }
        }
    }

    /// RFC 6868: `^` as `^^`, a line break as `^n`, `"` as `^'`.
    private func caretEscaped(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == Byte.caret || $0 == Byte.quote || $0 == Byte.lf }) else { return value }
        return value.replacingOccurrences(of: "^", with: "^^")
            .replacingOccurrences(of: "\n", with: "^n")
            .replacingOccurrences(of: "\"", with: "^'")
    }

    private func needsQuotedPrintable(_ value: String) -> Bool {
        var escaped = false
        for byte in value.utf8 {
            if byte >= 0x80 || byte < 0x20 { return true }
            if escaped, byte == 0x6E || byte == 0x4E { return true }
            escaped = !escaped && byte == Byte.backslash
        }
        return false
    }

    /// The value with its `\n` escapes turned into CRLF, for quoted-printable.
    private func lineBreaksUnescaped(_ value: String) -> [UInt8] {
        var out = [UInt8]()
        var escaped = false
        for byte in value.utf8 {
            if escaped {
                if byte == 0x6E || byte == 0x4E {
                    out.append(contentsOf: [Byte.cr, Byte.lf])
                } else {
                    out.append(Byte.backslash)
                    out.append(byte)
                }
                escaped = false
            } else if byte == Byte.backslash {
                escaped = true
            } else {
                out.append(byte)
            }
        }
        if escaped { out.append(Byte.backslash) }
        return out
    }

    /// Appends `line` folded: at most 75 octets per physical line, each
    /// continuation starting with a space, never inside a UTF-8 character.
    static func fold(_ line: [UInt8], to out: inout [UInt8]) {
        var start = 0
        var limit = lineLength
        while line.count - start > limit {
            var cut = start + limit
            // Step back off UTF-8 continuation bytes (10xxxxxx).
            while cut > start, line[cut] & 0xC0 == 0x80 { cut -= 1 }
            out.append(contentsOf: line[start..<cut])
            out.append(contentsOf: [Byte.cr, Byte.lf, Byte.space])
            start = cut
            limit = lineLength - 1
        }
        out.append(contentsOf: line[start...])
        out.append(contentsOf: [Byte.cr, Byte.lf])
    }
}
