import DragAndDrop
import Foundation

/// The table's data source: the contacts in table order (one section), or,
/// while a search is on, those that match it. Contacts added during a
/// search stay shown, so a drop never vanishes from under the pointer.
///
/// Without a search the shown rows are ``all`` itself, not a copy of it, so
/// adding a step of an import to a table of 50,000 contacts moves only the
/// contacts after the insertion point instead of copying them all.
@MainActor
public final class ContactRows: ListDataSource {
    /// Every contact in table order, matching the search or not.
    public private(set) var all: [Contact]
    /// The contacts shown while a search is on, in table order; nil shows ``all``.
    private var matching: [Contact]?
    /// The search; empty shows every contact.
    public private(set) var query = ""
    /// Contacts added while the search is on: shown whether they match or not.
    private var pinned: Set<Int64> = []

    public init(_ contacts: [Contact]) {
        all = contacts
    }

    /// The contacts shown, in table order.
    public var contacts: [Contact] { matching ?? all }

    public func numberOfItems(inSection section: Int) -> Int {
        section == 0 ? (matching?.count ?? all.count) : 0
    }

    public subscript(indexPath: IndexPath) -> Contact {
        matching?[indexPath.item] ?? all[indexPath.item]
    }

    /// Shows the contacts matching `query` (see ``Contact/matches(_:)``).
    func filter(_ query: String) {
        self.query = query
        pinned = []
        refilter()
    }

    private func refilter() {
        matching = query.isEmpty ? nil : all.filter { $0.matches(query) || $0.id.map(pinned.contains) == true }
    }

    /// The position in ``all`` (and in the store) of shown row `row`; the
    /// end of the shown rows maps to just after the last shown contact.
    func storePosition(forShown row: Int) -> Int {
        guard let matching else { return row }
        if row < matching.count { return all.firstIndex { $0.id == matching[row].id } ?? all.count }
        guard let last = matching.last, let index = all.firstIndex(where: { $0.id == last.id }) else { return all.count }
        return index + 1
    }

    /// Inserts `new` in order at shown row `row`.
    ///
    /// - Complexity: O(*k* + *m*) for *k* new contacts and *m* contacts
    ///   after the insertion point (O(*n*) while a search is on).
    func insert(_ new: some Collection<Contact>, at row: Int) {
        let position = storePosition(forShown: row)
        all.insert(contentsOf: new, at: position)
        guard matching != nil else { return }
        // New contacts are pinned, so they show where they went in.
        pinned.formUnion(new.compactMap(\.id))
        let shown = min(max(0, row), matching?.count ?? 0)
        matching?.insert(contentsOf: new, at: shown)
    }

    /// Puts contacts removed together (an undone import or delete) back at
    /// their positions of ``all``, in one pass; `placed` is in ascending
    /// position order, as the store returned them, each position counted
    /// with all of them back. They are shown whether or not they match the
    /// search.
    ///
    /// - Complexity: O(*n* + *k*) for *n* contacts and *k* put back. When
    ///   they lie in a few runs of consecutive positions (a step of a redone
    ///   import), each run goes in where it belongs, moving the contacts
    ///   after it in memory rather than copying every contact of the table.
    func restore(_ placed: [ContactStore.PlacedContact]) {
        guard !placed.isEmpty else { return }
        if let runs = Self.runs(of: placed) {
            // Each contact lands where the merge below would put it: at its
            // position, or right after the one before it when that is
            // further down (the table lost rows meanwhile).
            var end = 0
            for run in runs {
                let at = max(end, min(placed[run.lowerBound].position, all.count))
                all.insert(contentsOf: placed[run].map(\.contact), at: at)
                end = at + run.count
            }
        } else {
            merge(placed)
        }
        guard !query.isEmpty else { return }
        pinned.formUnion(placed.compactMap(\.contact.id))
        refilter()
    }

    /// The most runs of consecutive positions ``restore(_:)`` puts in one
    /// at a time; past it one merge is cheaper.
    private static let mostRuns = 8

    /// The index ranges of `placed` whose positions follow one another,
    /// or nil when there are more than ``mostRuns``.
    private static func runs(of placed: [ContactStore.PlacedContact]) -> [Range<Int>]? {
        var runs: [Range<Int>] = []
        var start = placed.startIndex
        for index in placed.indices.dropFirst() where placed[index].position != placed[index - 1].position + 1 {
            runs.append(start..<index)
            guard runs.count < mostRuns else { return nil }
            start = index
        }
        runs.append(start..<placed.endIndex)
        return runs
    }

    /// Merges `placed` into ``all`` in one pass (see ``restore(_:)``).
    private func merge(_ placed: [ContactStore.PlacedContact]) {
        var merged: [Contact] = []
        merged.reserveCapacity(all.count + placed.count)
        var next = all.startIndex
        for item in placed {
            let take = min(max(0, item.position - merged.count), all.endIndex - next)
            merged.append(contentsOf: all[next..<next + take])
            next += take
            merged.append(item.contact)
        }
        merged.append(contentsOf: all[next...])
        all = merged
    }

    /// Removes the contacts with `ids`; returns the shown rows they were
    /// in, ascending.
    ///
    /// - Complexity: one pass over the shown contacts to find them; those
    ///   in one run of consecutive rows (a step of an undone import) go in
    ///   one move of the contacts after them.
    @discardableResult
    func remove(ids: Set<Int64>) -> [Int] {
        let rows = Self.rows(of: ids, in: contacts)
        if matching == nil {
            Self.remove(at: rows, from: &all)
        } else {
            Self.remove(at: rows, from: &matching!)
            all.removeAll { $0.id.map(ids.contains) ?? false }
        }
        return rows
    }

    private static func rows(of ids: Set<Int64>, in contacts: [Contact]) -> [Int] {
        contacts.indices.filter { contacts[$0].id.map(ids.contains) ?? false }
    }

    /// Removes the elements at `indices` (ascending) from `contacts`,
    /// moving the others up without copying them.
    private static func remove(at indices: [Int], from contacts: inout [Contact]) {
        guard let first = indices.first, let last = indices.last else { return }
        if last - first + 1 == indices.count {
            contacts.removeSubrange(first...last)
            return
        }
        var kept = first
        var next = indices.startIndex
        for index in first..<contacts.count {
            if next < indices.endIndex, indices[next] == index {
                next += 1
            } else {
                contacts.swapAt(kept, index)
                kept += 1
            }
        }
        contacts.removeLast(contacts.count - kept)
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
        guard matching != nil else { return index }
        guard let row = matching?.firstIndex(where: { $0.id == contact.id }) else { return nil }
        matching?[row] = contact
        return row
    }
}
