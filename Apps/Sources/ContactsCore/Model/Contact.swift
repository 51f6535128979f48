import Foundation
import VCard

/// One contact: its vCard, kept whole so nothing a card brought in is lost,
/// and its row id in the store.
///
/// A contact read from the store keeps the card's text and parses it the
/// first time ``card`` is read, so a table of 100,000 contacts opens
/// without parsing the cards of rows nobody looks at.
public struct Contact: Hashable, Sendable, Identifiable {
    /// The store's row id; nil until saved.
    public var id: Int64?
    private var storage: ContactCardStorage

    /// The card, with every property it was imported with.
    public var card: VCard {
        get { storage.card }
        set { storage = ContactCardStorage(card: newValue) }
    }

    public init(id: Int64? = nil, card: VCard) {
        self.id = id
        storage = ContactCardStorage(card: card)
    }

    /// A contact whose card is `vCard`'s first card, parsed when first read
    /// (an empty card when the text holds none).
    public init(id: Int64?, vCard: Data) {
        self.id = id
        storage = ContactCardStorage(text: vCard)
    }

    public static func == (lhs: Contact, rhs: Contact) -> Bool {
        lhs.id == rhs.id && (lhs.storage === rhs.storage || lhs.card == rhs.card)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(card)
    }

    /// The name shown in the table: the formatted name, else one built from
    /// `N`, else the organization, else the first email.
    public var displayName: String {
        // A card's plain FN line names it without parsing the whole card.
        if let name = storage.plainFormattedName { return name }
        let card = card
        if let fn = card.fn, !fn.isEmpty { return fn }
        if let name = card.name {
            let built = [name.prefixes, name.given, name.additional, name.family, name.suffixes]
                .filter { !$0.isEmpty }.joined(separator: " ")
            if !built.isEmpty { return built }
        }
        if let org = card.organization?.first, !org.isEmpty { return org }
        return card.emails.first?.value ?? "No Name"
    }

    /// A contact whose text is read from `texts` when first needed.
    init(id: Int64, texts: ContactTexts) {
        self.id = id
        storage = ContactCardStorage(id: id, texts: texts)
    }

    /// Reads the card's text from the store now, if it was not yet: before
    /// the contact leaves the store, so copies kept elsewhere (a drag, an
    /// undo step) still have it.
    func readFromStore() {
        storage.read()
    }

    /// The id and reader of the card's text while it is not read yet.
    var unreadText: (Int64, ContactTexts)? { storage.unreadText }

    /// The card as vCard text (see ``ContactCardStorage/vCardData``): a
    /// card read from the store and never parsed is sent as it was stored.
    public var vCardData: Data { storage.vCardData }

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
