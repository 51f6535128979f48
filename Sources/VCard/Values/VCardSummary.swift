/// The common fields of a card as plain values, for JSON and for apps that
/// show contacts: what `dragkit vcard parse` prints for each card.
///
/// Every key is always present when encoded; a missing value is `null`.
///
/// ```swift
/// let json = try JSONEncoder().encode(result.cards.map(VCardSummary.init))
/// ```
public struct VCardSummary: Hashable, Sendable, Codable {
    public var fn: String?
    public var n: VCardName?
    /// The organization's name, then its units, joined with ", ".
    public var org: String?
    public var title: String?
    public var tels: [VCardTypedValue]
    public var emails: [VCardTypedValue]
    public var adrs: [VCardAddress]
    public var urls: [String]
    public var bday: String?
    public var note: String?
    public var uid: String?
    public var hasPhoto: Bool

    public init(_ card: VCard) {
        fn = card.fn
        n = card.name
        org = card.organization.map { $0.filter { !$0.isEmpty }.joined(separator: ", ") }
        title = card.title
        tels = card.telephones
        emails = card.emails
        adrs = card.addresses
        urls = card.urls
        bday = card.birthday
        note = card.note
        uid = card.uid
        hasPhoto = card.hasPhoto
    }

    private enum CodingKeys: String, CodingKey {
        case fn, n, org, title, tels, emails, adrs, urls, bday, note, uid, hasPhoto
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fn, forKey: .fn)
        try container.encode(n, forKey: .n)
        try container.encode(org, forKey: .org)
        try container.encode(title, forKey: .title)
        try container.encode(tels, forKey: .tels)
        try container.encode(emails, forKey: .emails)
        try container.encode(adrs, forKey: .adrs)
        try container.encode(urls, forKey: .urls)
        try container.encode(bday, forKey: .bday)
        try container.encode(note, forKey: .note)
        try container.encode(uid, forKey: .uid)
        try container.encode(hasPhoto, forKey: .hasPhoto)
    }
}
