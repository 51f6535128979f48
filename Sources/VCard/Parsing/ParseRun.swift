import Foundation

/// One pass over a file's bytes: physical lines are unfolded into content
/// lines, content lines become properties of the card being read, and each
/// card ends up in the result's cards or, with its errors, in its errors.
struct ParseRun {
    let bytes: UnsafeBufferPointer<UInt8>
    let limits: VCardParser.Limits
    /// Where the next physical line starts.
    private var position = 0
    /// The 1-based number of the last physical line read.
    private var lineNumber = 0
    /// Reused for unfolded lines so that most lines need no copy at all.
    private var scratch: [UInt8] = []
    private var result = VCardParseResult()
    private var card: CardInProgress?
    /// Set after reporting stray content, so a run of it gives one error.
    private var reportedOutside = false

    private struct CardInProgress {
        let index: Int
        let beginLine: Int
        var version: VCardVersion?
        var properties: [VCardProperty] = []
        var errors: [VCardError] = []

        /// What the card calls itself so far: `FN`, else the parts of `N`.
        var name: String? {
            let card = VCard(properties: properties)
            if let fn = card.fn?.trimmingCharacters(in: .whitespaces), !fn.isEmpty { return fn }
            let built = card.name.map { [$0.prefixes, $0.given, $0.additional, $0.family, $0.suffixes] }?
                .filter { !$0.isEmpty }.joined(separator: " ")
            return built?.isEmpty == false ? built : nil
        }

        /// The card's errors, each carrying the card's name.
        var namedErrors: [VCardError] {
            let name = name
            return errors.map { error in
                var named = error
                named.cardName = name
                return named
            }
        }
    }

    /// How a value is transfer-encoded, from its `ENCODING` parameter.
    private enum TransferEncoding {
        case none, quotedPrintable, base64
    }

    init(bytes: UnsafeBufferPointer<UInt8>, limits: VCardParser.Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    mutating func run() -> VCardParseResult {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        while let line = nextLine() {
            let startLine = lineNumber
            if line.count > limits.maxLineBytes {
                report(.lineTooLong, line: startLine, "This line is \(line.count) bytes long, more than the \(limits.maxLineBytes) a vCard line may have; the property was skipped.")
                skipContinuationLines()
                continue
            }
            if isContinuation {
                unfold(line, startLine: startLine)
            } else {
                let trimmed = bytes.trimmed(line)
                if trimmed.isEmpty { continue }
                handleContentLine(UnsafeBufferPointer(rebasing: bytes[line]), line: startLine)
            }
        }
        closeUnfinishedCard("The card that begins here has no END:VCARD; the file may be cut off.")
        return result
    }

    // MARK: - Physical lines

    /// The next physical line without its line ending, or nil at the end.
    private mutating func nextLine() -> Range<Int>? {
        guard position < bytes.count, let base = bytes.baseAddress else { return nil }
        let start = position
        var end: Int
        if let found = memchr(base + start, Int32(Byte.lf), bytes.count - start) {
            end = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            position = end + 1
        } else {
            end = bytes.count
            position = bytes.count
        }
        lineNumber += 1
        if end > start, bytes[end - 1] == Byte.cr { end -= 1 }
        return start..<end
    }

    /// Whether the next physical line continues the current one (folding).
    private var isContinuation: Bool {
        position < bytes.count && (bytes[position] == Byte.space || bytes[position] == Byte.tab)
    }

    private mutating func skipContinuationLines() {
        while isContinuation { _ = nextLine() }
    }

    /// Joins `first` and its continuation lines (each without its one
    /// leading space or tab) and handles the result as one content line.
    private mutating func unfold(_ first: Range<Int>, startLine: Int) {
        var line = [UInt8]()
        swap(&line, &scratch)
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[first]))
        var tooLong = false
        while isContinuation, let next = nextLine() {
            if next.count > limits.maxLineBytes || line.count + next.count > limits.maxPropertyBytes {
                tooLong = true
                continue
            }
            line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(next.lowerBound + 1)..<next.upperBound]))
        }
        if tooLong {
            report(.propertyTooLong, line: startLine, "This property is longer than \(limits.maxPropertyBytes) bytes once unfolded; it was skipped.")
        } else {
            line.withUnsafeBufferPointer { handleContentLine($0, line: startLine) }
        }
        swap(&line, &scratch)
    }

    // MARK: - Content lines

    /// Reads `NAME[;PARAM...]:VALUE` (with an optional `group.` prefix).
    private mutating func handleContentLine(_ line: UnsafeBufferPointer<UInt8>, line number: Int) {
        var index = 0
        let count = line.count
        while index < count, line[index] != Byte.semicolon, line[index] != Byte.colon { index += 1 }
        guard index < count else {
            if card == nil {
                reportOutside(line: number)
            } else {
                report(.malformedLine, line: number, "This line has no ':' between a property name and its value.")
            }
            return
        }
        let nameField = line.trimmed(0..<index)
        var group: String?
        var nameStart = nameField.lowerBound
        if let dot = line[nameField].lastIndex(of: Byte.dot) {
            group = String(decoding: UnsafeBufferPointer(rebasing: line[nameField.lowerBound..<dot]), as: UTF8.self)
            nameStart = dot + 1
        }
        let name = line.uppercasedASCII(nameStart..<nameField.upperBound)
        guard !name.isEmpty, name.utf8.allSatisfy({ isNameByte($0) }) else {
            if card == nil { return reportOutside(line: number) }
            report(.malformedLine, line: number, "'\(String(decoding: UnsafeBufferPointer(rebasing: line[nameField]), as: UTF8.self))' is no property name (letters, digits and '-' only).")
            return
        }

        if name == "BEGIN" || name == "END" {
            let value = line.uppercasedASCII(line.trimmed((index + 1 < count ? index + 1 : count)..<count))
            if value.hasSuffix("VCARD") && line[index] == Byte.colon {
                if name == "BEGIN" { beginCard(line: number) } else { endCard(line: number) }
                return
            }
        }
        guard card != nil else { return reportOutside(line: number) }

        // Parameters.
        var parameters: [VCardParameter] = []
        var encoding = TransferEncoding.none
        var charset: String?
        while index < count, line[index] == Byte.semicolon {
            index += 1
            let nameBegin = index
            while index < count, line[index] != Byte.equals, line[index] != Byte.semicolon, line[index] != Byte.colon { index += 1 }
            let parameterName = line.uppercasedASCII(line.trimmed(nameBegin..<index))
            guard index < count, line[index] == Byte.equals else {
                // vCard 2.1's bare parameter: an encoding, or a type.
                switch parameterName {
                case "": break
                case "QUOTED-PRINTABLE": encoding = .quotedPrintable
                case "BASE64", "B":
                    encoding = .base64
                    parameters.append(VCardParameter(uppercasedName: "ENCODING", values: [parameterName]))
                case "8BIT", "7BIT": break
                default: appendType(parameterName.lowercased(), to: &parameters)
                }
                continue
            }
            index += 1
            var values: [String] = []
            while true {
                if index < count, line[index] == Byte.quote {
                    let valueBegin = index + 1
                    index = valueBegin
                    while index < count, line[index] != Byte.quote { index += 1 }
                    guard index < count else {
                        report(.malformedLine, line: number, "A quoted parameter value of \(name) has no closing '\"'.")
                        return
                    }
                    values.append(parameterValue(line, valueBegin..<index))
                    index += 1
                } else {
                    let valueBegin = index
                    while index < count, line[index] != Byte.comma, line[index] != Byte.semicolon, line[index] != Byte.colon { index += 1 }
                    values.append(parameterValue(line, line.trimmed(valueBegin..<index)))
                }
                if index < count, line[index] == Byte.comma {
                    index += 1
                    continue
                }
                break
            }
            switch parameterName {
            case "ENCODING":
                let value = values.first?.uppercased() ?? ""
                if value == "QUOTED-PRINTABLE" { encoding = .quotedPrintable; continue }
                if value == "B" || value == "BASE64" { encoding = .base64 }
            case "CHARSET":
                charset = values.first
                continue
            default: break
            }
            parameters.append(VCardParameter(uppercasedName: parameterName, values: values))
        }
        guard index < count, line[index] == Byte.colon else {
            report(.malformedLine, line: number, "The parameters of \(name) are not followed by ':' and a value.")
            return
        }
        let valueRange = (index + 1)..<count

        guard let value = decodeValue(line, valueRange, name: name, encoding: encoding, charset: charset, line: number)
        else { return }

        if name == "VERSION" {
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            guard let version = VCardVersion(rawValue: trimmed) else {
                report(.unsupportedVersion, line: number, "VERSION \(trimmed) is not one this reader knows (2.1, 3.0, 4.0).")
                return
            }
            card?.version = version
            return
        }
        card?.properties.append(VCardProperty(uppercasedName: name, value: value, parameters: parameters, group: group))
    }

    /// Reports stray content once per stretch of it.
    private mutating func reportOutside(line: Int) {
        guard !reportedOutside else { return }
        report(.outsideCard, line: line, "This line is not inside BEGIN:VCARD ... END:VCARD; it was ignored.")
        reportedOutside = true
    }

    private func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F
            || (byte >= 0x61 && byte <= 0x7A)
    }

    private func appendType(_ type: String, to parameters: inout [VCardParameter]) {
        if let existing = parameters.firstIndex(where: { $0.name == "TYPE" }) {
            parameters[existing].values.append(type)
        } else {
            parameters.append(VCardParameter(uppercasedName: "TYPE", values: [type]))
        }
    }

    /// A parameter value with RFC 6868's `^n`, `^^` and `^'` undone.
    private func parameterValue(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let text = line.utf8String(range) ?? String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)
        guard text.utf8.contains(Byte.caret) else { return text }
        var out = ""
        var caret = false
        for character in text {
            if caret {
                switch character {
                case "n": out.append("\n")
                case "^": out.append("^")
                case "'": out.append("\"")
                default: out.append("^"); out.append(character)
                }
                caret = false
            } else if character == "^" {
                caret = true
            } else {
                out.append(character)
            }
        }
        if caret { out.append("^") }
        return out
    }

    // MARK: - Values

    private mutating func decodeValue(
        _ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, name: String,
        encoding: TransferEncoding, charset: String?, line number: Int
    ) -> String? {
        switch encoding {
        case .quotedPrintable:
            var encoded = Array(UnsafeBufferPointer(rebasing: line[range]))
            // A trailing '=' is a soft line break: the value goes on on the next line.
            while encoded.last == Byte.equals, position < bytes.count, let next = nextLine() {
                encoded.removeLast()
                encoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[next]))
            }
            guard let decoded = QuotedPrintable.decode(encoded) else {
                report(.badQuotedPrintable, line: number, "The quoted-printable value of \(name) has a broken '=XX' escape.")
                return nil
            }
            guard let text = decodeText(decoded, charset: charset, name: name, line: number) else { return nil }
            return escapeLineBreaks(text)
        case .base64:
            guard let compact = Base64Check.compacted(UnsafeBufferPointer(rebasing: line[range])) else {
                report(.badBase64, line: number, "The inline data of \(name) is not valid base64; the card's export may be damaged.")
                return nil
            }
            return compact
        case .none:
            let text: String
            if let charset, !isUTF8(charset) {
                guard let converted = decodeText(Array(UnsafeBufferPointer(rebasing: line[range])), charset: charset, name: name, line: number)
                else { return nil }
                text = converted
            } else {
                guard let valid = line.utf8String(range) else {
                    report(.invalidUTF8, line: number, "The value of \(name) is not valid UTF-8; save the file as UTF-8 or name its CHARSET.")
                    return nil
                }
                text = valid
            }
            if text.utf8.starts(with: "data:".utf8), let comma = text.utf8.firstIndex(of: Byte.comma) {
                let header = text[..<comma].lowercased()
                if header.hasSuffix(";base64") {
                    let payload = Array(text.utf8[text.utf8.index(after: comma)...])
                    let valid = payload.withUnsafeBufferPointer { Base64Check.compacted($0) != nil }
                    if !valid {
                        report(.badBase64, line: number, "The data: URI of \(name) holds invalid base64; the card's export may be damaged.")
                        return nil
                    }
                }
            }
            return text
        }
    }

    private func isUTF8(_ charset: String) -> Bool {
        let lower = charset.lowercased()
        return lower == "utf-8" || lower == "utf8"
    }

    /// `bytes` read in `charset` (UTF-8 when none is named).
    private mutating func decodeText(_ bytes: [UInt8], charset: String?, name: String, line number: Int) -> String? {
        guard let charset, !isUTF8(charset) else {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                report(.invalidUTF8, line: number, "The value of \(name) is not valid UTF-8; save the file as UTF-8 or name its CHARSET.")
                return nil
            }
            return text
        }
        guard let encoding = Self.encoding(named: charset) else {
            report(.unsupportedCharset, line: number, "CHARSET=\(charset) of \(name) is not one this reader converts (UTF-8, ISO-8859-1, Windows-1252, ...).")
            return nil
        }
        guard let text = String(data: Data(bytes), encoding: encoding) else {
            report(.unsupportedCharset, line: number, "The value of \(name) is not valid \(charset).")
            return nil
        }
        return text
    }

    private static func encoding(named charset: String) -> String.Encoding? {
        switch charset.lowercased() {
        case "us-ascii", "ascii": .ascii
        case "iso-8859-1", "latin1", "iso8859-1": .isoLatin1
        case "iso-8859-2", "latin2": .isoLatin2
        case "windows-1252", "cp1252": .windowsCP1252
        case "windows-1250", "cp1250": .windowsCP1250
        case "windows-1251", "cp1251": .windowsCP1251
        case "utf-16": .utf16
        case "shift_jis", "shift-jis", "sjis": .shiftJIS
        case "euc-jp": .japaneseEUC
        default: nil
        }
    }

    /// Quoted-printable text carries real line breaks; the model keeps
    /// values in 3.0 form, where a line break is `\n`.
    private func escapeLineBreaks(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == Byte.cr || $0 == Byte.lf }) else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\\n")
            .replacingOccurrences(of: "\r", with: "\\n")
            .replacingOccurrences(of: "\n", with: "\\n")
    }

    // MARK: - Cards

    private mutating func beginCard(line: Int) {
        closeUnfinishedCard("The card that begins here has no END:VCARD before the next BEGIN:VCARD.")
        card = CardInProgress(index: result.cardCount, beginLine: line)
        result.cardCount += 1
        reportedOutside = false
    }

    /// Reports the open card, if any, as missing its end; it is not imported.
    private mutating func closeUnfinishedCard(_ message: String) {
        guard let open = card else { return }
        var missingEnd = VCardError(.missingEnd, cardIndex: open.index, line: open.beginLine, message)
        missingEnd.cardName = open.name
        result.errors.append(contentsOf: open.namedErrors)
        result.errors.append(missingEnd)
        card = nil
    }

    private mutating func endCard(line: Int) {
        guard let done = card else {
            report(.outsideCard, line: line, "END:VCARD without a BEGIN:VCARD before it.")
            return
        }
        card = nil
        if done.errors.isEmpty {
            result.cards.append(VCard(version: done.version ?? .v3_0, properties: done.properties))
        } else {
            result.errors.append(contentsOf: done.namedErrors)
        }
    }

    /// Records a problem on the open card (which then is not imported), or
    /// on the file when no card is open.
    private mutating func report(_ code: VCardError.Code, line: Int, _ message: String) {
        if card != nil {
            card!.errors.append(VCardError(code, cardIndex: card!.index, line: line, message))
        } else {
            result.errors.append(VCardError(code, cardIndex: nil, line: line, message))
        }
    }
}

extension VCardParameter {
    init(uppercasedName: String, values: [String]) {
        self.name = uppercasedName
        self.values = values
    }
}

extension VCardProperty {
    init(uppercasedName: String, value: String, parameters: [VCardParameter], group: String?) {
        self.group = group
        self.name = uppercasedName
        self.parameters = parameters
        self.value = value
    }
}
