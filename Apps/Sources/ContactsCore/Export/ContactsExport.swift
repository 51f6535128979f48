import Foundation
import VCard

/// The contacts as `--export-json` prints them: the same objects as
/// `dragkit vcard parse`, in table order.
public enum ContactsExport {
    /// `contacts` as one vCard file, each card in its own version, as it
    /// was imported or edited (Export Selected…).
    public static func vCard(_ contacts: [Contact]) -> Data {
        ContactTexts.read(contacts)
        return VCardWriter().data(for: contacts.map(\.card))
    }

    public static func json(_ contacts: [Contact]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        ContactTexts.read(contacts)
        return try encoder.encode(contacts.map { VCardSummary($0.card) })
    }
}
