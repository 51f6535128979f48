import Foundation
import VCard

/// One contact: its vCard, kept whole so nothing a card brought in is lost,
/// and its row id in the store.
public struct Contact: Hashable, Sendable, Identifiable {
    /// The store's row id; nil until saved.
    public var id: Int64?
    /// The card, with every property it was imported with.
    public var card: VCard

    public init(id: Int64? = nil, card: VCard) {
        self.id = id
        self.card = card
    }

    /// The name shown in the table: the formatted name, else one built from
    /// `N`, else the organization, else the first email.
    public var displayName: String {
        if let fn = card.fn, !fn.isEmpty { return fn }
        if let name = card.name {
            let built = [name.prefixes, name.given, name.additional, name.family, name.suffixes]
                .filter { !$0.isEmpty }.joined(separator: " ")
            if !built.isEmpty { return built }
        }
        if let org = card.organization?.first, !org.isEmpty { return org }
        return card.emails.first?.value ?? "No Name"
    }

    /// The photo's bytes, when the card carries them.
    public var photoData: Data? { card.photo?.data }

    /// The contact with `photo` as its only photo.
    public func withPhoto(_ photo: VCardPhoto) -> Contact {
        var copy = self
        copy.card.removeAll("PHOTO")
        copy.card.append(photo.property(for: card.version))
        return copy
    }
}
