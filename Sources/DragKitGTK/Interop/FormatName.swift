import Foundation

/// The name of one format a drag offers, as GTK lists it: a MIME type with
/// its parameters (`text/plain; charset="UTF-16"`), or an X11 target name
/// that is not a MIME type (`UTF8_STRING`, `_NETSCAPE_URL`).
///
/// MIME types and parameter names compare case-insensitively, so both are
/// folded to lower case; parameter values keep their case but lose quotes.
///
/// ```swift
/// let name = FormatName("Text/Plain; Charset=\"UTF-16\"")
/// name.essence               // "text/plain"
/// name.parameters["charset"] // "UTF-16"
/// FormatName("UTF8_STRING").isMIMEType // false
/// ```
struct FormatName: Hashable, Sendable, CustomStringConvertible {
    /// The name exactly as offered.
    let raw: String
    /// `type/subtype` in lower case, or the whole name when it is not a MIME type.
    let essence: String
    /// Parameters by lower-case name.
    let parameters: [String: String]

    init(_ raw: String) {
        self.raw = raw
        let parts = raw.split(separator: ";", omittingEmptySubsequences: false)
        essence = (parts.first.map(String.init) ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        var parameters: [String: String] = [:]
        for part in parts.dropFirst() {
            guard let equals = part.firstIndex(of: "=") else { continue }
            let name = part[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            var value = part[part.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            if !name.isEmpty { parameters[name] = value }
        }
        self.parameters = parameters
    }

    /// Whether the name is a MIME type (`type/subtype`) rather than an X11 target.
    var isMIMEType: Bool {
        let halves = essence.split(separator: "/", omittingEmptySubsequences: false)
        return halves.count == 2 && halves.allSatisfy { !$0.isEmpty && !$0.contains(" ") }
    }

    /// The `type` half of a MIME type (`text` of `text/html`).
    var topLevelType: Substring {
        essence.split(separator: "/").first ?? ""
    }

    /// The `charset` parameter, if any.
    var charset: String? { parameters["charset"] }

    var description: String { raw }
}
