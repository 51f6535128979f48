import DragAndDrop

/// A drag of contacts as the table that started it records it (in the
/// session's local context): which table, and the contacts already in the
/// drag, so none is added twice.
@MainActor
final class ContactsDrag {
    weak var source: ContactsTable?
    private(set) var contacts: [Contact] = []

    init(source: ContactsTable) {
        self.source = source
    }

    /// Adds `contact` unless the drag already holds it; returns whether it was added.
    func add(_ contact: Contact) -> Bool {
        guard !contacts.contains(where: { $0.id != nil && $0.id == contact.id }) else { return false }
        contacts.append(contact)
        return true
    }
}
