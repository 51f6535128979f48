import DragAndDrop

/// A drag of contacts as the table that started it records it (in the
/// session's local context): which table, and the contacts already in the
/// drag, so none is added twice.
@MainActor
final class ContactsDrag {
    weak var source: ContactsTable?
    private(set) var contacts: [Contact]
    /// The ids of ``contacts``, worked out when a contact is first added
    /// after the lift: a lift of the whole table hashes none of them.
    private var ids: Set<Int64>?

    /// - Parameter contacts: The lifted contacts, each once.
    init(source: ContactsTable, contacts: [Contact] = []) {
        self.source = source
        self.contacts = contacts
    }

    /// Adds `contact` unless the drag already holds it; returns whether it was added.
    /// - Complexity: O(1) amortized, after O(*n*) the first time.
    func add(_ contact: Contact) -> Bool {
        var known = ids ?? Set(contacts.compactMap(\.id))
        defer { ids = known }
        if let id = contact.id, !known.insert(id).inserted { return false }
        contacts.append(contact)
        return true
    }
}
