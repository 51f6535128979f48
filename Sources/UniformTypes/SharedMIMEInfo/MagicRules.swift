/// The content-sniffing rules of the database's binary `magic` file, used to
/// tell a file's type from its first bytes.
///
/// The file is `MIME-Magic\0\n`, then sections `[PRIORITY:MIME-TYPE]\n`, each
/// followed by match lines
/// `[INDENT]>OFFSET=LENGTH(2 bytes, big-endian)VALUE[&MASK][~WORDSIZE][+RANGE]\n`.
/// A line indented one deeper than another is its child: a line matches when
/// its value is found and, if it has children, one of them matches.
struct MagicRules: Sendable {
    struct Match: Sendable {
        let indent: Int
        let offset: Int
        let value: [UInt8]
        let mask: [UInt8]?
        let rangeLength: Int
    }

    struct Section: Sendable {
        let priority: Int
        /// Folded MIME type.
        let mimeType: String
        let matches: [Match]
    }

    private(set) var sections: [Section] = []
    private(set) var diagnostics: [UTTypeDiagnostic] = []
    /// How many leading bytes of a file the rules can look at.
    private(set) var extent = 0

    static let empty = MagicRules()

    // MARK: - Matching

    /// The highest-priority section matching `bytes`.
    func match(_ bytes: [UInt8]) -> Section? {
        var best: Section?
        for section in sections where best.map({ section.priority > $0.priority }) ?? true {
            if Self.sectionMatches(section.matches, bytes) { best = section }
        }
        return best
    }

    private static func sectionMatches(_ matches: [Match], _ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < matches.count {
            if nodeMatches(matches, at: index, bytes) { return true }
            index = nextSibling(matches, after: index)
        }
        return false
    }

    private static func nodeMatches(_ matches: [Match], at index: Int, _ bytes: [UInt8]) -> Bool {
        guard valueMatches(matches[index], bytes) else { return false }
        let indent = matches[index].indent
        var child = index + 1
        guard child < matches.count, matches[child].indent > indent else { return true }
        while child < matches.count, matches[child].indent > indent {
            if matches[child].indent == indent + 1, nodeMatches(matches, at: child, bytes) { return true }
            child += 1
        }
        return false
    }

    private static func nextSibling(_ matches: [Match], after index: Int) -> Int {
        let indent = matches[index].indent
        var next = index + 1
        while next < matches.count, matches[next].indent > indent { next += 1 }
        return next
    }

    private static func valueMatches(_ match: Match, _ bytes: [UInt8]) -> Bool {
        let length = match.value.count
        var start = match.offset
        let last = match.offset + match.rangeLength - 1
        while start <= last, start + length <= bytes.count {
            var equal = true
            for i in 0..<length {
                let byte = match.mask.map { bytes[start + i] & $0[i] } ?? bytes[start + i]
                if byte != match.value[i] { equal = false; break }
            }
            if equal { return true }
            start += 1
        }
        return false
    }

    // MARK: - Parsing

    static func load(directories: [String]) -> MagicRules {
        var rules = MagicRules()
        for directory in directories {
            let path = directory + "/magic"
            guard let bytes = try? MIMEDatabase.contents(of: path) else {
                rules.diagnostics.append(UTTypeDiagnostic(
                    file: path, line: nil, message: "cannot be read; files are recognized by name only"))
                continue
            }
            rules.parse(bytes, file: path)
        }
        rules.sections.sort { $0.priority > $1.priority }
        return rules
    }

    private mutating func parse(_ bytes: [UInt8], file: String) {
        let header = Array("MIME-Magic\0\n".utf8)
        guard bytes.starts(with: header) else {
            diagnostics.append(UTTypeDiagnostic(
                file: file, line: 1, message: "does not start with the MIME-Magic header; files are recognized by name only"))
            return
        }
        var reader = Reader(bytes: bytes, position: header.count, line: 2)
        var priority = 0
        var mimeType: String?
        var matches: [Match] = []

        func finishSection() {
            if let mimeType, !matches.isEmpty {
                sections.append(Section(priority: priority, mimeType: mimeType, matches: matches))
            }
            matches = []
        }

        while !reader.atEnd {
            let lineNumber = reader.line
            if reader.peek == UInt8(ascii: "[") {
                finishSection()
                reader.advance()
                guard let header = reader.readUntil(UInt8(ascii: "]")),
                      reader.consume(UInt8(ascii: "\n")),
                      let colon = header.firstIndex(of: ":"),
                      let value = Int(header[..<colon]),
                      MIMEDatabase.isMIMEName(header[header.index(after: colon)...])
                else {
                    diagnostics.append(UTTypeDiagnostic(
                        file: file, line: lineNumber, message: "malformed section header; the rest of the file is ignored"))
                    return
                }
                priority = value
                mimeType = header[header.index(after: colon)...].lowercased()
                continue
            }
            guard let match = reader.readMatch() else {
                diagnostics.append(UTTypeDiagnostic(
                    file: file, line: lineNumber, message: "malformed match line; the rest of the file is ignored"))
                finishSection()
                return
            }
            extent = max(extent, match.offset + match.rangeLength + match.value.count)
            matches.append(match)
        }
        finishSection()
    }

    /// Reads the binary file; counts newlines so problems can name a line.
    private struct Reader {
        let bytes: [UInt8]
        var position: Int
        var line: Int

        var atEnd: Bool { position >= bytes.count }
        var peek: UInt8? { atEnd ? nil : bytes[position] }

        mutating func advance(_ count: Int = 1) {
            for _ in 0..<count where position < bytes.count {
                if bytes[position] == UInt8(ascii: "\n") { line += 1 }
                position += 1
            }
        }

        mutating func consume(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            advance()
            return true
        }

        mutating func readUntil(_ terminator: UInt8) -> String? {
            var collected: [UInt8] = []
            while let byte = peek, byte != terminator, byte != UInt8(ascii: "\n") {
                collected.append(byte)
                advance()
            }
            guard consume(terminator) else { return nil }
            return String(validating: collected, as: UTF8.self)
        }

        mutating func readNumber() -> Int? {
            var value = 0
            var digits = 0
            while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
                advance()
                if value > 1 << 24 { return nil }
            }
            return digits > 0 ? value : nil
        }

        mutating func readBytes(_ count: Int) -> [UInt8]? {
            guard position + count <= bytes.count else { return nil }
            let slice = Array(bytes[position..<position + count])
            advance(count)
            return slice
        }

        mutating func readMatch() -> Match? {
            let indent = peek == UInt8(ascii: ">") ? 0 : readNumber()
            guard let indent, consume(UInt8(ascii: ">")),
                  let offset = readNumber(), consume(UInt8(ascii: "=")),
                  let lengthBytes = readBytes(2)
            else { return nil }
            let length = Int(lengthBytes[0]) << 8 | Int(lengthBytes[1])
            guard var value = readBytes(length) else { return nil }
            var mask: [UInt8]?
            if consume(UInt8(ascii: "&")) {
                guard let bytes = readBytes(length) else { return nil }
                mask = bytes
            }
            var wordSize = 1
            if consume(UInt8(ascii: "~")) {
                guard let size = readNumber() else { return nil }
                wordSize = size
            }
            var range = 1
            if consume(UInt8(ascii: "+")) {
                guard let size = readNumber(), size > 0 else { return nil }
                range = size
            }
            // Unknown trailing fields are for future versions: skip them.
            while let byte = peek, byte != UInt8(ascii: "\n") { advance() }
            guard consume(UInt8(ascii: "\n")) else { return nil }
            // Values of word size 2 or 4 are stored big-endian; compare in host order.
            if (wordSize == 2 || wordSize == 4), length % wordSize == 0, UInt16(1).littleEndian == 1 {
                value = Self.swapped(value, wordSize)
                mask = mask.map { Self.swapped($0, wordSize) }
            }
            if let given = mask { value = zip(value, given).map { $0 & $1 } }
            return Match(indent: indent, offset: offset, value: value, mask: mask, rangeLength: range)
        }

        /// Each word of `bytes` (a whole number of words) reversed.
        private static func swapped(_ bytes: [UInt8], _ wordSize: Int) -> [UInt8] {
            stride(from: 0, to: bytes.count, by: wordSize).flatMap { bytes[$0..<$0 + wordSize].reversed() }
        }
    }
}
