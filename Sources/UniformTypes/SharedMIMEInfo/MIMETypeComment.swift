#if canImport(Glibc)
import Glibc
#endif

/// Reads the human description of a MIME type from the database's per-type
/// file (`<root>/<type>/<subtype>.xml`), in the user's language when there
/// is a translation; only when a description is asked for.
enum MIMETypeComment {
    static func lookup(_ mimeType: String, roots: [String], languages: [String]) -> String? {
        for root in roots {
            let path = root + "/" + mimeType + ".xml"
            guard let bytes = try? MIMEDatabase.contents(of: path), let text = String(validating: bytes, as: UTF8.self) else { continue }
            var untranslated: String?
            var translated: [String: String] = [:]
            for line in text.split(separator: "\n") {
                guard let open = line.firstRange(of: "<comment"), let close = line.firstRange(of: "</comment>"),
                      let tagEnd = line[open.upperBound...].firstIndex(of: ">"), tagEnd < close.lowerBound
                else { continue }
                let attributes = line[open.upperBound..<tagEnd]
                let body = unescape(String(line[line.index(after: tagEnd)..<close.lowerBound]))
                if let lang = attributes.firstRange(of: "xml:lang=\"") {
                    let rest = attributes[lang.upperBound...]
                    if let quote = rest.firstIndex(of: "\"") { translated[String(rest[..<quote])] = body }
                } else if untranslated == nil {
                    untranslated = body
                }
            }
            for language in languages {
                if let match = translated[language] { return match }
            }
            if let untranslated { return untranslated }
        }
        return nil
    }

    /// The user's languages from LC_ALL, LC_MESSAGES, LANG: `de_DE.UTF-8`
    /// gives `["de_DE", "de"]`.
    static func preferredLanguages() -> [String] {
        // Three variables read directly: the whole environment as a
        // dictionary would cost a process's first query more than the rest.
        preferredLanguages { name in getenv(name).map { String(cString: $0) } }
    }

    static func preferredLanguages(_ environment: [String: String]) -> [String] {
        preferredLanguages { environment[$0] }
    }

    private static func preferredLanguages(_ variable: (String) -> String?) -> [String] {
        guard let value = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap(variable).first(where: { !$0.isEmpty }),
              value != "C", value != "POSIX"
        else { return [] }
        let locale = value.split(separator: ".").first.map(String.init) ?? value
        let withoutModifier = locale.split(separator: "@").first.map(String.init) ?? locale
        let language = withoutModifier.split(separator: "_").first.map(String.init) ?? withoutModifier
        return language == withoutModifier ? [language] : [withoutModifier, language]
    }

    private static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacing("&lt;", with: "<")
            .replacing("&gt;", with: ">")
            .replacing("&quot;", with: "\"")
            .replacing("&apos;", with: "'")
            .replacing("&amp;", with: "&")
    }
}
