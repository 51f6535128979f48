import DragAndDrop

/// A drag of contacts as the table that started it records it (in the
/// session's local context): which table, and the contacts already in the
/// drag, so none is added twice.
@MainActor
final class ContactsDrag {
    weak var source: ContactsTable?
    private(set) var contacts: [Contact] = []
    /// The ids of ``contacts``: a drag of the whole table asks once a row,
    /// so the check must not look through the contacts already added.
    private var ids: Set<Int64> = []

    /// - Parameter capacity: How many contacts the drag is expected to hold.
    init(source: ContactsTable, capacity: Int = 0) {
        self.source = source
        contacts.reserveCapacity(capacity)
        ids.reserveCapacity(capacity)
    }

    /// Adds `contact` unless the drag already holds it; returns whether it was added.
    /// - Complexity: O(1) amortized.
    func add(_ contact: Contact) -> Bool {
        if let id = contact.id, !ids.insert(id).inserted { return false }
        contacts.append(contact)
        return true
    }
}
