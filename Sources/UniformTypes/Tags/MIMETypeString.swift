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
        !text.isEmpty && text.utf8.allSatisfy { byte in
            byte > 0x20 && byte < 0x7F && !Self.specials.contains(byte)
        }
    }

    private static let specials: Set<UInt8> = Set("()<>@,;:\\\"/[]?=".utf8)
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
