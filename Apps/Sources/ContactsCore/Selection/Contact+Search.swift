import Foundation

extension Contact {
    /// Whether the contact matches a search as a person types it: every
    /// word of `query` is found (ignoring case and accents) in the name,
    /// nickname, organization, an email, a phone number or a category.
    /// Phone numbers also match by their digits alone ("2025550143").
    public func matches(_ query: String) -> Bool {
        let words = query.split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return true }
        let haystack = searchText
        let digits = card.telephones.map { $0.value.filter(\.isNumber) }.joined(separator: " ")
        return words.allSatisfy { word in
            let folded = Self.fold(String(word))
            return haystack.contains(folded) || (word.allSatisfy(\.isNumber) && digits.contains(word))
        }
    }

    private var searchText: String {
        var parts = [displayName]
        if let name = card.name { parts += name.components }
        parts += card.all("NICKNAME").flatMap(\.listValues)
        parts += card.organization ?? []
        parts += card.emails.map(\.value)
        parts += card.telephones.map(\.value)
        parts += card.categories
        return Self.fold(parts.joined(separator: "\n"))
    }

    private static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
