import Foundation

/// Turns text bytes from another app into a `String`, in this order of
/// authority: a byte order mark, then the `charset` the format names, then
/// (for HTML) a `<meta charset>` near the top, then the encoding the format
/// is known to use. Without any of these, valid UTF-8 is read as UTF-8 and
/// anything else as Latin-1, so text is never lost to a wrong guess.
///
/// ```swift
/// try TextDecoding.decode(Data([0xFF, 0xFE, 0x68, 0x00]), charset: nil)  // "h"
/// try TextDecoding.decode(Data([0xE9]), charset: "ISO-8859-1")            // "é"
/// ```
enum TextDecoding {
    /// What a format uses when nothing in the bytes or its name says.
    enum Fallback: Sendable {
        /// UTF-8 when the bytes are valid UTF-8, else Latin-1.
        case utf8OrLatin1
        /// UTF-16 in the byte order the bytes show (little-endian when unclear):
        /// browsers write text/x-moz-url this way.
        case utf16
        /// ISO 8859-1, the X11 `STRING` target's encoding.
        case latin1
    }

    /// Decodes `data`, honouring a byte order mark, then `charset`, then
    /// (with `sniffingHTML`) a charset declared in the document's head, then
    /// `fallback`. Trailing NUL characters (some X11 sources add one) are dropped.
    ///
    /// - Throws: ``GtkBackendError`` with `.decodingFailed` when the charset
    ///   is unknown or the bytes are not valid in it.
    static func decode(
        _ data: Data, charset: String?, sniffingHTML: Bool = false, fallback: Fallback = .utf8OrLatin1
    ) throws(GtkBackendError) -> String {
        let (encoding, bodyStart) = try encoding(of: data, charset: charset, sniffingHTML: sniffingHTML, fallback: fallback)
        let body = data.dropFirst(bodyStart)
        guard var text = encoding == .utf8 ? String(validating: body, as: UTF8.self) : String(data: body, encoding: encoding) else {
            throw GtkBackendError(
                code: .decodingFailed,
                description: "The dropped text is not valid \(charset ?? encoding.description) (\(data.count) bytes), so it was not read as text. Ask for the type's raw data instead.")
        }
        while text.hasSuffix("\0") { text.removeLast() }
        return text
    }

    /// The encoding to read `data` with, and where the text starts (after a
    /// byte order mark).
    private static func encoding(
        of data: Data, charset: String?, sniffingHTML: Bool, fallback: Fallback
    ) throws(GtkBackendError) -> (String.Encoding, Int) {
        if let marked = byteOrderMark(of: data) { return marked }
        if let charset {
            guard let named = encoding(forCharset: charset) else {
                throw GtkBackendError(
                    code: .decodingFailed,
                    description: "The dropped text names the charset \"\(charset)\", which DragKit cannot decode. Ask for the type's raw data instead.")
            }
            return (named == .utf16 ? utf16ByteOrder(of: data) : named, 0)
        }
        if sniffingHTML, let declared = declaredHTMLCharset(in: data), let named = encoding(forCharset: declared) {
            return (named == .utf16 ? utf16ByteOrder(of: data) : named, 0)
        }
        switch fallback {
        case .utf16: return (utf16ByteOrder(of: data), 0)
        case .latin1: return (.isoLatin1, 0)
        case .utf8OrLatin1: return (String(validating: data, as: UTF8.self) != nil ? .utf8 : .isoLatin1, 0)
        }
    }

    private static func byteOrderMark(of data: Data) -> (String.Encoding, Int)? {
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if data.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return (.utf32LittleEndian, 4) }
        if data.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (.utf32BigEndian, 4) }
        if data.starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        if data.starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        return nil
    }

    /// UTF-16 without a byte order mark: mostly-Latin text has its zero
    /// bytes in the high half of each unit, which tells the order.
    private static func utf16ByteOrder(of data: Data) -> String.Encoding {
        var evenZeros = 0, oddZeros = 0
        for (offset, byte) in data.prefix(512).enumerated() where byte == 0 {
            if offset.isMultiple(of: 2) { evenZeros += 1 } else { oddZeros += 1 }
        }
        return evenZeros > oddZeros ? .utf16BigEndian : .utf16LittleEndian
    }

    /// The encoding an IANA charset name (any case) stands for, if Foundation
    /// can decode it.
    static func encoding(forCharset name: String) -> String.Encoding? {
        let folded = name.trimmingCharacters(in: .whitespaces).lowercased()
            .replacingOccurrences(of: "_", with: "-")
        switch folded {
        case "utf-8", "utf8": return .utf8
        case "us-ascii", "ascii", "ansi-x3.4-1968": return .ascii
        case "iso-8859-1", "iso8859-1", "latin1", "l1", "iso-ir-100", "cp819": return .isoLatin1
        case "iso-8859-2", "iso8859-2", "latin2", "l2": return .isoLatin2
        case "utf-16", "utf16", "ucs-2": return .utf16
        case "utf-16le", "ucs-2le": return .utf16LittleEndian
        case "utf-16be", "ucs-2be": return .utf16BigEndian
        case "utf-32", "utf32": return .utf32
        case "utf-32le": return .utf32LittleEndian
        case "utf-32be": return .utf32BigEndian
        case "windows-1250", "cp1250": return .windowsCP1250
        case "windows-1251", "cp1251": return .windowsCP1251
        case "windows-1252", "cp1252": return .windowsCP1252
        case "windows-1253", "cp1253": return .windowsCP1253
        case "windows-1254", "cp1254": return .windowsCP1254
        case "shift-jis", "sjis", "windows-31j": return .shiftJIS
        case "euc-jp": return .japaneseEUC
        case "iso-2022-jp": return .iso2022JP
        case "macintosh", "mac", "macroman": return .macOSRoman
        default: return nil
        }
    }

    /// The charset an HTML document declares in its first kilobyte
    /// (`<meta charset="…">` or `<meta http-equiv … content="…; charset=…">`).
    private static func declaredHTMLCharset(in data: Data) -> String? {
        let head = String(decoding: data.prefix(1024).map { $0 < 0x80 ? $0 : 0x20 }, as: UTF8.self).lowercased()
        var searchStart = head.startIndex
        while let meta = head.range(of: "<meta", range: searchStart..<head.endIndex) {
            let tagEnd = head[meta.upperBound...].firstIndex(of: ">") ?? head.endIndex
            let tag = head[meta.upperBound..<tagEnd]
            if let charset = tag.range(of: "charset=") {
                let value = tag[charset.upperBound...].drop { "\"' ".contains($0) }
                let name = value.prefix { !"\"'; />".contains($0) }
                if !name.isEmpty { return String(name) }
            }
            searchStart = tagEnd
        }
        return nil
    }
}
