import DragAndDrop
import Foundation

/// The table's data source: the contacts in table order (one section).
@MainActor
public final class ContactRows: ListDataSource {
    public private(set) var contacts: [Contact]

    public init(_ contacts: [Contact]) {
        self.contacts = contacts
    }

    public func numberOfItems(inSection section: Int) -> Int {
        section == 0 ? contacts.count : 0
    }

    public subscript(indexPath: IndexPath) -> Contact {
        contacts[indexPath.item]
    }

    /// Inserts `new` in order at `index`.
    func insert(_ new: some Collection<Contact>, at index: Int) {
        contacts.insert(contentsOf: new, at: index)
    }

    /// Replaces the contact with `contact`'s id.
    func replace(_ contact: Contact) -> Int? {
        guard let index = contacts.firstIndex(where: { $0.id == contact.id }) else { return nil }
        contacts[index] = contact
        return index
    }
}
