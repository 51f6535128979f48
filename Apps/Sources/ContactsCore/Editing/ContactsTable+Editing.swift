import AppSupport
import DragAndDrop
import Foundation
import VCard

/// Creating, editing, deleting and updating contacts, each one undo step,
/// and the UID rule for everything that comes in.
extension ContactsTable {
    // MARK: - Coming in

    /// The cards to add from `incoming`: a card whose UID is already in the
    /// table (or earlier in the same import) is left out and reported; if it
    /// differs from the contact it matches, it is offered as an update.
    ///
    /// Every card in the table is read for its UID, off the main actor, so
    /// a table of 100,000 contacts does not hold up the window.
    func takeNew(_ incoming: [DroppedCards.Card]) async -> [VCard] {
        let existing = rows.all
        let sorted = await Task.detached {
            ContactTexts.read(existing)
            return IncomingCards(incoming, existing: existing)
        }.value
        if !sorted.skipped.isEmpty {
            offeredUpdates.removeAll { offer in sorted.offers.contains { $0.existing.id == offer.existing.id } }
            offeredUpdates += sorted.offers
            report(Self.duplicateProblem(sorted.skipped, offered: sorted.offers.count))
        }
        return sorted.new
    }

    /// Incoming cards sorted by the UID rule against the contacts there.
    private struct IncomingCards: Sendable {
        var new: [VCard] = []
        var skipped: [DroppedCards.Card] = []
        var offers: [ContactUpdate] = []

        init(_ incoming: [DroppedCards.Card], existing: [Contact]) {
            var known: [String: Contact] = [:]
            for contact in existing {
                if let uid = contact.card.uid, !uid.isEmpty, known[uid] == nil { known[uid] = contact }
            }
            var seen = Set<String>()
            for item in incoming {
                guard let uid = item.card.uid, !uid.isEmpty else {
                    new.append(item.card)
                    continue
                }
                if let existing = known[uid] {
                    skipped.append(item)
                    if existing.card != item.card {
                        offers.removeAll { $0.existing.id == existing.id }
                        offers.append(ContactUpdate(existing: existing, incoming: item.card, source: item.source))
                    }
                } else if !seen.insert(uid).inserted {
                    skipped.append(item)
                } else {
                    new.append(item.card)
                }
            }
        }
    }

    private static func duplicateProblem(_ skipped: [DroppedCards.Card], offered: Int) -> ContactsProblem {
        let names = skipped.prefix(5).map { "“\(Contact(card: $0.card).displayName)” (from \($0.source))" }
            .joined(separator: ", ")
        let more = skipped.count > 5 ? " and \(skipped.count - 5) more" : ""
        let subject = skipped.count == 1
            ? "\(names) is already in your contacts (same UID) and was not added again"
            : "\(skipped.count) contacts are already in your contacts (same UID) and were not added again: \(names)\(more)"
        let offer = switch offered {
        case 0: "; the contacts there are unchanged."
        case 1: "; choose Update to replace the contact with the imported card."
        default: "; choose Update to replace the \(offered) changed contacts with the imported cards."
        }
        return ContactsProblem(.duplicateContact, subject + offer)
    }

    /// Records contacts just added (by an import or a drop) as one undo step.
    func registerAdded(_ added: [Contact], name: String) {
        undo.push(membershipStep(name, ids: added.compactMap(\.id), placed: PlacedBox(), added: true))
    }

    // MARK: - Changes a person makes

    /// Adds `card` as a new contact at the end of the table, selects it and
    /// returns it. A card without a UID gets one, so a later import of its
    /// export updates it instead of adding it twice.
    @discardableResult
    public func create(_ card: VCard) throws -> Contact {
        var card = card
        if card.uid?.isEmpty ?? true {
            card.removeAll("UID")
            card.append(.text("UID", "urn:uuid:\(UUID().uuidString.lowercased())"))
        }
        let end = rows.contacts.count
        let saved = try store.insert([card], at: rows.storePosition(forShown: end))
        try? insertRows(saved, at: end)
        registerAdded(saved, name: "Add")
        selection = ContactSelection(saved.first?.id)
        onContactsChanged?()
        return saved[0]
    }

    /// Saves `contact` (same id, changed card) as one undo step.
    public func edit(_ contact: Contact) throws {
        guard let id = contact.id, let old = rows.all.first(where: { $0.id == id }), old != contact else { return }
        try store.update(contact)
        replace(contact)
        undo.push(UndoStack.Step(name: "Edit “\(contact.displayName)”") { [weak self] in
            try self?.store.update(old)
            self?.replace(old)
        } redo: { [weak self] in
            try self?.store.update(contact)
            self?.replace(contact)
        })
    }

    /// Deletes the selected contacts as one undo step; the contact after
    /// them becomes selected. Returns how many are deleted: more than
    /// a thousand go a step at a time (``delete(ids:)``).
    @discardableResult
    public func deleteSelection() throws -> Int {
        try delete(ids: selection.ids)
    }

    /// Deletes the contacts with `ids` as one undo step and returns how
    /// many. Over a thousand are deleted as the undo of an import of as
    /// many is: a step at a time, off the main actor, with their count and
    /// Cancel in ``runningImport`` (``undo`` tells when it ended); a
    /// Cancel keeps what was deleted so far as the undo step and leaves the
    /// rest in place. Returns 0 without deleting while a long undo, redo
    /// or delete runs.
    @discardableResult
    public func delete(ids: Set<Int64>) throws -> Int {
        guard ids.count <= Self.longChange else { return deleteInSteps(ids) }
        let removed = PlacedBox()
        removed.placed = try removeContacts(ids)
        guard !removed.placed.isEmpty else { return 0 }
        undo.push(membershipStep(
            "Delete", ids: removed.placed.compactMap(\.contact.id), placed: removed, added: false,
            oneName: "Delete “\(removed.placed[0].contact.displayName)”"))
        return removed.placed.count
    }

    /// Replaces every contact an import offered to update with its imported
    /// card, as one undo step; returns how many were updated.
    @discardableResult
    public func applyUpdates() throws -> Int {
        let updates = offeredUpdates.compactMap { offer -> (old: Contact, new: Contact)? in
            guard let current = rows.all.first(where: { $0.id == offer.existing.id }) else { return nil }
            return (current, Contact(id: current.id, card: offer.incoming))
        }
        offeredUpdates = []
        guard !updates.isEmpty else { return 0 }
        try store.update(updates.map(\.new))
        updates.forEach { replace($0.new) }
        undo.push(UndoStack.Step(name: updates.count == 1 ? "Update a Contact" : "Update \(updates.count) Contacts") {
            [weak self] in
            try self?.store.update(updates.map(\.old))
            updates.forEach { self?.replace($0.old) }
        } redo: { [weak self] in
            try self?.store.update(updates.map(\.new))
            updates.forEach { self?.replace($0.new) }
        })
        return updates.count
    }

    /// Forgets the offered updates (the person chose to keep their contacts).
    public func dismissUpdates() {
        offeredUpdates = []
    }

    /// Takes back the newest change; a failure is reported, not thrown.
    public func undoLast() {
        do { try undo.undo() } catch {
            report(ContactsProblem(.undoFailed, "The change could not be undone: \(StoreFailureReason.words(for: error))."))
        }
    }

    /// Makes the newest undone change again; a failure is reported.
    public func redoLast() {
        do { try undo.redo() } catch {
            report(ContactsProblem(.undoFailed, "The change could not be redone: \(StoreFailureReason.words(for: error))."))
        }
    }

    // MARK: - Search and order

    /// Shows only the contacts matching `query` (as the person types it);
    /// the selection moves to the first match when its contact is hidden.
    public func search(_ query: String) {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        guard trimmed != rows.query else { return }
        if !trimmed.isEmpty { ContactTexts.read(rows.all) }
        rows.filter(trimmed)
        list.reloadData()
        if selection.current.map({ id in !order.contains(id) }) ?? true {
            selection = ContactSelection(order.first)
        } else {
            var kept = selection
            kept.keep(in: order, before: order)
            selection = kept
        }
        onContactsChanged?()
    }

    /// Puts every contact in `sortOrder`, as one undo step.
    public func sort(by sortOrder: ContactSortOrder) throws {
        let before = rows.all.compactMap(\.id)
        ContactTexts.read(rows.all)
        let after = rows.all.sorted(by: sortOrder.areInIncreasingOrder).compactMap(\.id)
        guard before != after else { return }
        try reorder(after)
        undo.push(UndoStack.Step(name: sortOrder == .givenName ? "Sort by Given Name" : "Sort by Family Name") { [weak self] in
            try self?.reorder(before)
        } redo: { [weak self] in
            try self?.reorder(after)
        })
    }

    private func reorder(_ ids: [Int64]) throws {
        try store.reorder(ids)
        rows.reorder(ids)
        list.reloadData()
        onSelectionChanged?()
        onContactsChanged?()
    }

    // MARK: - Rows

    /// Removes the contacts with `ids` from the store and the table; returns
    /// them with their positions. The selection moves past them.
    func removeContacts(_ ids: Set<Int64>) throws -> [ContactStore.PlacedContact] {
        // Texts not read yet come in before their rows go.
        for contact in rows.all where contact.id.map(ids.contains) ?? false { contact.readFromStore() }
        let placed = try store.delete(ids: ids)
        removeRows(ids)
        return placed
    }

    /// Takes the rows of `ids` (already out of the store) out of the table;
    /// the selection moves past them.
    func removeRows(_ ids: Set<Int64>) {
        // The selection moves only when it held one of them: a step of an
        // undone import leaves it, without two passes over the table.
        let touchesSelection = !selection.ids.isDisjoint(with: ids)
            || [selection.current, selection.anchor].contains { $0.map(ids.contains) ?? false }
        let before = touchesSelection ? order : []
        do {
            try list.performBatchUpdates { batch in
                let removed = rows.remove(ids: ids)
                batch.deleteItems(at: removed.map { IndexPath(item: $0, section: 0) })
            }
        } catch {
            list.reloadData()
        }
        if touchesSelection {
            var next = selection
            next.keep(in: order, before: before)
            selection = next
        }
        onContactsChanged?()
    }

    /// Puts removed contacts back at their positions and selects them, in
    /// one batch however many there are.
    func restoreContacts(_ placed: [ContactStore.PlacedContact]) throws {
        guard !placed.isEmpty else { return }
        try store.restore(placed)
        let sorted = placed.sorted { $0.position < $1.position }
        restoreRows(sorted)
        selectRestored(sorted)
    }

    /// Shows contacts just put back in the store (`sorted` by position) in
    /// their rows, in one pass over the table.
    func restoreRows(_ sorted: [ContactStore.PlacedContact]) {
        do {
            try list.performBatchUpdates { batch in
                let count = rows.all.count
                let searching = !rows.query.isEmpty
                rows.restore(sorted)
                let shown: [Int]
                if searching {
                    let ids = Set(sorted.compactMap(\.contact.id))
                    let contacts = rows.contacts
                    shown = contacts.indices.filter { contacts[$0].id.map(ids.contains) ?? false }
                } else {
                    // Every row shown: each lands at its position, or at
                    // the end when the table lost rows meanwhile, as
                    // ``ContactRows/restore(_:)`` puts it.
                    shown = sorted.enumerated().map { min($1.position, count + $0) }
                }
                batch.insertItems(at: shown.map { IndexPath(item: $0, section: 0) })
            }
        } catch {
            list.reloadData()
        }
    }

    /// Selects the contacts put back.
    func selectRestored(_ placed: [ContactStore.PlacedContact]) {
        var next = ContactSelection()
        next.select(all: placed.compactMap(\.contact.id))
        selection = next
        onContactsChanged?()
    }
}

/// The contacts a step removed, kept for its redo or undo.
@MainActor
final class PlacedBox {
    var placed: [ContactStore.PlacedContact] = []
}
