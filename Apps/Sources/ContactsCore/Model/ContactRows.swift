import DragAndDrop
import Foundation

/// The table's data source: the contacts in table order (one section), or,
/// while a search is on, those that match it. Contacts added during a
/// search stay shown, so a drop never vanishes from under the pointer.
@MainActor
public final class ContactRows: ListDataSource {
    /// Every contact in table order, matching the search or not.
    public private(set) var all: [Contact]
    /// The contacts shown, in table order.
    public private(set) var contacts: [Contact]
    /// The search; empty shows every contact.
    public private(set) var query = ""
    /// Contacts added while the search is on: shown whether they match or not.
    private var pinned: Set<Int64> = []

    public init(_ contacts: [Contact]) {
        all = contacts
        self.contacts = contacts
    }

    public func numberOfItems(inSection section: Int) -> Int {
        section == 0 ? contacts.count : 0
    }

    public subscript(indexPath: IndexPath) -> Contact {
        contacts[indexPath.item]
    }

    /// Shows the contacts matching `query` (see ``Contact/matches(_:)``).
    func filter(_ query: String) {
        self.query = query
        pinned = []
        refilter()
    }

    private func refilter() {
        contacts = query.isEmpty ? all : all.filter { $0.matches(query) || $0.id.map(pinned.contains) == true }
    }

    /// The position in ``all`` (and in the store) of shown row `row`; the
    /// end of the shown rows maps to just after the last shown contact.
    func storePosition(forShown row: Int) -> Int {
        guard !query.isEmpty else { return row }
        if row < contacts.count { return all.firstIndex { $0.id == contacts[row].id } ?? all.count }
        guard let last = contacts.last, let index = all.firstIndex(where: { $0.id == last.id }) else { return all.count }
        return index + 1
    }

    /// Inserts `new` in order at shown row `row`.
    func insert(_ new: some Collection<Contact>, at row: Int) {
        let position = storePosition(forShown: row)
        all.insert(contentsOf: new, at: position)
        if !query.isEmpty { pinned.formUnion(new.compactMap(\.id)) }
        refilter()
    }

    /// Puts `contact` back at `position` of ``all`` (an undone delete); it
    /// is shown whether or not it matches the search.
    func restore(_ contact: Contact, at position: Int) {
        all.insert(contact, at: min(position, all.count))
        if !query.isEmpty, let id = contact.id { pinned.insert(id) }
        refilter()
    }

    /// Removes the contacts with `ids`.
    func remove(ids: Set<Int64>) {
        all.removeAll { $0.id.map(ids.contains) ?? false }
        refilter()
    }

    /// Puts every contact in the order of `ids`.
    func reorder(_ ids: [Int64]) {
        let byID = Dictionary(all.compactMap { contact in contact.id.map { ($0, contact) } }, uniquingKeysWith: { first, _ in first })
        all = ids.compactMap { byID[$0] }
        refilter()
    }

    /// Replaces the contact with `contact`'s id; returns its shown row, if shown.
    func replace(_ contact: Contact) -> Int? {
        guard let index = all.firstIndex(where: { $0.id == contact.id }) else { return nil }
        all[index] = contact
        guard let row = contacts.firstIndex(where: { $0.id == contact.id }) else { return nil }
        contacts[row] = contact
        return row
    }
}
