/// A parsed MIME type: `type/subtype` plus parameters, folded to lower case.
///
/// Parameters matter for lookups only where a type is told apart by them
/// (`text/plain;charset=utf-8` is public.utf8-plain-text), so a lookup tries
/// the essence with each parameter first and the bare essence last.
struct MIMETypeString: Hashable, Sendable {
    /// `type/subtype`, lower case.
    let essence: String
    /// The part before the slash, lower case.
    let mediaType: Substring
    /// Parameters in the order given, names and values lower case, quotes
    /// removed.
    let parameters: [Parameter]

    struct Parameter: Hashable, Sendable {
        let name: String
        let value: String
    }

    /// `nil` when `string` is not `token/token` with optional `;name=value`
    /// parameters.
    init?(_ string: String) {
        if let essence = Self.plainEssence(string) {
            self.essence = essence
            mediaType = essence[..<essence.utf8.firstIndex(of: UInt8(ascii: "/"))!]
            parameters = []
            return
        }
        var pieces = string.split(separator: ";", omittingEmptySubsequences: false)
        let head = pieces.removeFirst().trimmingSpaces().lowercased()
        let slash = head.split(separator: "/", omittingEmptySubsequences: false)
        guard slash.count == 2, Self.isToken(slash[0]), Self.isToken(slash[1]) else { return nil }
        var parameters: [Parameter] = []
        for piece in pieces {
            let trimmed = piece.trimmingSpaces()
            if trimmed.isEmpty { continue }
            guard let equals = trimmed.firstIndex(of: "=") else { return nil }
            let name = trimmed[..<equals].trimmingSpaces().lowercased()
            var value = trimmed[trimmed.index(after: equals)...].trimmingSpaces()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            guard Self.isToken(Substring(name)), !value.isEmpty else { return nil }
            parameters.append(Parameter(name: name, value: value.lowercased()))
        }
        self.essence = head
        self.mediaType = slash[0]
        self.parameters = parameters
    }

    /// The strings to look up, most specific first.
    var lookupKeys: [String] {
        parameters.map { "\(essence);\($0.name)=\($0.value)" } + [essence]
    }

    /// The normalized string: essence and parameters, no spaces.
    var normalized: String {
        parameters.isEmpty ? essence : essence + parameters.map { ";\($0.name)=\($0.value)" }.joined()
    }

    /// RFC 2045 token: printable ASCII except space and the specials.
    static func isToken(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isTokenByte)
    }

    /// Whether `byte` may be part of a token: printable ASCII but space and
    /// `()<>@,;:\\"/[]?=`, as two 64-bit masks.
    @inline(__always)
    static func isTokenByte(_ byte: UInt8) -> Bool {
        // Bits 33...63 and 64...126, less the specials.
        let low: UInt64 = 0xFFFF_FFFE_0000_0000 & ~(1 << 34 | 1 << 40 | 1 << 41 | 1 << 44 | 1 << 47 | 1 << 58 | 1 << 59
            | 1 << 60 | 1 << 61 | 1 << 62 | 1 << 63)
        let high: UInt64 = 0x7FFF_FFFF_FFFF_FFFF & ~(1 << (64 - 64) | 1 << (91 - 64) | 1 << (92 - 64) | 1 << (93 - 64))
        if byte < 64 { return low & (1 << UInt64(byte)) != 0 }
        if byte < 128 { return high & (1 << UInt64(byte - 64)) != 0 }
        return false
    }

    /// Whether `bytes` are a plain `token/token`: one slash, neither first
    /// nor last, and token bytes around it (no parameters, no spaces).
    @inline(__always)
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var slash = -1
        for index in 0..<bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/") {
                if slash >= 0 { return false }
                slash = index
            } else if !isTokenByte(byte) {
                return false
            }
        }
        return slash > 0 && slash < bytes.count - 1
    }

    /// The essence of `string` (`type/subtype`, lower case), or `nil` when
    /// it is not a MIME type: a plain one read without the full parse.
    static func essence(of string: String) -> String? {
        plainEssence(string) ?? MIMETypeString(string)?.essence
    }

    /// ``normalized`` of `string`, or `nil` when it is not a MIME type: a
    /// plain one read without the full parse.
    static func normalized(_ string: String) -> String? {
        plainEssence(string) ?? MIMETypeString(string)?.normalized
    }

    /// The essence of a plain `token/token`, lower case, as the full parse
    /// gives it, in one pass and one string; `nil` for anything else.
    static func plainEssence(_ string: String) -> String? {
        guard string.utf8.withContiguousStorageIfAvailable(isPlain) == true else { return nil }
        return string.foldedASCII
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        var view = Substring(self)
        while let first = view.first, first == " " || first == "\t" { view.removeFirst() }
        while let last = view.last, last == " " || last == "\t" { view.removeLast() }
        return String(view)
    }
}
