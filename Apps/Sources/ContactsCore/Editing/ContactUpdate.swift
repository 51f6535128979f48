import VCard

/// An imported card whose UID matches a contact already in the table: it
/// was not added a second time; the window offers to update the contact
/// with it (``ContactsTable/applyUpdates()``).
public struct ContactUpdate: Hashable, Sendable {
    /// The contact in the table, as it was when the card arrived.
    public let existing: Contact
    /// The card that arrived.
    public let incoming: VCard
    /// Where it came from ("“friends.vcf”").
    public let source: String

    public init(existing: Contact, incoming: VCard, source: String) {
        self.existing = existing
        self.incoming = incoming
        self.source = source
    }
}
