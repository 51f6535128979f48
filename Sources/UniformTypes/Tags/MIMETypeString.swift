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
    /// `()<>@,;:\"/[]?=`.
    @inline(__always)
    static func isTokenByte(_ byte: UInt8) -> Bool {
        guard byte > 0x20 && byte < 0x7F else { return false }
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "@"), UInt8(ascii: ","),
             UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "/"), UInt8(ascii: "["),
             UInt8(ascii: "]"), UInt8(ascii: "?"), UInt8(ascii: "="):
            return false
        default:
            return true
        }
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

    /// The essence of a plain `token/token` (no parameters, no spaces),
    /// lower case, as the full parse gives it; `nil` for anything else.
    /// Nearly every MIME type a drag offers is plain: this reads its bytes
    /// once and makes one string, where the full parse splits it into
    /// arrays of substrings, whose metadata the runtime would set up on a
    /// process's first lookup of an unknown type.
    static func plainEssence(_ string: String) -> String? {
        var slash = -1
        var index = 0
        for byte in string.utf8 {
            if byte == UInt8(ascii: "/") {
                guard slash < 0, index > 0 else { return nil }
                slash = index
            } else if !isTokenByte(byte) {
                return nil
            }
            index += 1
        }
        guard slash > 0, slash < index - 1 else { return nil }
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
