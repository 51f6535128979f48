import Foundation

/// The bookkeeping behind a ``ListView``: item counts per section as the
/// data source last reported them, and where drop placeholders sit between
/// those items.
///
/// A placeholder is anchored at a data source insertion index: it stands
/// before the data item with that index (or after the last one). Presented
/// rows interleave the two, so presented index paths count placeholders and
/// data source index paths do not. All of it is plain values, so a refused
/// batch leaves nothing half-applied.
struct ListState: Sendable {
    /// A placeholder's place: `anchor` is the data insertion index in `section`.
    struct Slot: Sendable, Hashable {
        let id: Int
        var section: Int
        var anchor: Int
    }

    /// What a presented row shows.
    enum Row: Sendable, Hashable {
        case item(IndexPath)
        case placeholder(id: Int)
    }

    private(set) var itemCounts: [Int] = []
    /// Sorted by section, then anchor, then id: later placeholders at the
    /// same anchor show below earlier ones.
    private(set) var slots: [Slot] = []

    init(itemCounts: [Int] = []) {
        self.itemCounts = itemCounts
    }

    var numberOfSections: Int { itemCounts.count }

    // MARK: - Presented rows

    func presentedCount(inSection section: Int) -> Int {
        itemCounts[section] + slots.reduce(0) { $0 + ($1.section == section ? 1 : 0) }
    }

    /// What the presented row at `indexPath` shows, or nil if there is no such row.
    func row(at indexPath: IndexPath) -> Row? {
        let section = indexPath.section, position = indexPath.item
        guard section >= 0, section < itemCounts.count, position >= 0,
              position < presentedCount(inSection: section) else { return nil }
        var placeholdersAbove = 0
        for slot in slots where slot.section == section {
            let slotPosition = slot.anchor + placeholdersAbove
            if slotPosition == position { return .placeholder(id: slot.id) }
            if slotPosition > position { break }
            placeholdersAbove += 1
        }
        return .item(IndexPath(item: position - placeholdersAbove, section: section))
    }

    /// The presented position of a data source item.
    func presentedIndexPath(forItemAt indexPath: IndexPath) -> IndexPath {
        Self.presentedIndexPath(forItemAt: indexPath, slots: slots)
    }

    /// The presented position of a placeholder, or nil if it is not in the list.
    func presentedIndexPath(ofPlaceholder id: Int) -> IndexPath? {
        Self.presentedIndexPath(ofPlaceholder: id, slots: slots)
    }

    /// The data source insertion index for a gap before the presented row at
    /// `indexPath` (the item may equal the presented count: after the last row).
    func insertionIndexPath(forGapBefore indexPath: IndexPath) -> IndexPath {
        var placeholdersAbove = 0
        for slot in slots where slot.section == indexPath.section {
            if slot.anchor + placeholdersAbove >= indexPath.item { break }
            placeholdersAbove += 1
        }
        return IndexPath(item: indexPath.item - placeholdersAbove, section: indexPath.section)
    }

    func slot(id: Int) -> Slot? {
        slots.first { $0.id == id }
    }

    private static func presentedIndexPath(forItemAt indexPath: IndexPath, slots: [Slot]) -> IndexPath {
        var position = indexPath.item
        for slot in slots where slot.section == indexPath.section {
            if slot.anchor > indexPath.item { break }
            position += 1
        }
        return IndexPath(item: position, section: indexPath.section)
    }

    private static func presentedIndexPath(ofPlaceholder id: Int, slots: [Slot]) -> IndexPath? {
        guard let slot = slots.first(where: { $0.id == id }) else { return nil }
        var placeholdersAbove = 0
        for other in slots where other.section == slot.section {
            if other.id == id { break }
            placeholdersAbove += 1
        }
        return IndexPath(item: slot.anchor + placeholdersAbove, section: slot.section)
    }

    // MARK: - Changes

    /// Takes the counts as they are now and keeps placeholders, each clamped
    /// into its section (or dropped with a section that no longer exists).
    mutating func resynchronize(itemCounts newCounts: [Int]) {
        itemCounts = newCounts
        slots = slots.compactMap { slot in
            guard slot.section < newCounts.count else { return nil }
            var slot = slot
            slot.anchor = min(slot.anchor, newCounts[slot.section])
            return slot
        }
        slots.sort(by: Self.slotOrder)
    }

    /// Forgets one placeholder without any other change.
    mutating func discardPlaceholder(id: Int) {
        slots.removeAll { $0.id == id }
    }

    /// Takes the counts as they are now and discards every placeholder.
    mutating func reload(itemCounts newCounts: [Int]) {
        itemCounts = newCounts
        slots = []
    }

    /// Checks `batch` against the counts before it and `newCounts` after it,
    /// UIKit's way, then applies it along with placeholders added (anchored
    /// in data source index paths after the batch) and removed.
    ///
    /// Returns the presented change. On error nothing is changed.
    mutating func apply(
        _ batch: ListUpdateBatch, newCounts: [Int],
        addingPlaceholders added: [Slot] = [], removingPlaceholders removed: Set<Int> = []
    ) throws(ListUpdateError) -> ListChange {
        try validate(batch, newCounts: newCounts)
        let oldSlots = slots
        let removedSlots = oldSlots.filter { removed.contains($0.id) }

        // Each placeholder travels with the rows around it.
        var newSlots: [Slot] = []
        newSlots.reserveCapacity(oldSlots.count + added.count)
        if !oldSlots.isEmpty {
            let shift = IndexPathShift(
                deleted: batch.deletedItems, inserted: batch.insertedItems, moved: batch.movedItems)
            for var slot in oldSlots where !removed.contains(slot.id) {
                slot.anchor = shift.position(after: slot.anchor, inSection: slot.section)
                newSlots.append(slot)
            }
        }
        newSlots += added
        newSlots.sort(by: Self.slotOrder)

        var change = ListChange()
        change.deletedItems = batch.deletedItems.map { Self.presentedIndexPath(forItemAt: $0, slots: oldSlots) }
            + removedSlots.compactMap { Self.presentedIndexPath(ofPlaceholder: $0.id, slots: oldSlots) }
        change.insertedItems = batch.insertedItems.map { Self.presentedIndexPath(forItemAt: $0, slots: newSlots) }
            + added.compactMap { Self.presentedIndexPath(ofPlaceholder: $0.id, slots: newSlots) }
        change.movedItems = batch.movedItems.map {
            ListItemMove(
                from: Self.presentedIndexPath(forItemAt: $0.from, slots: oldSlots),
                to: Self.presentedIndexPath(forItemAt: $0.to, slots: newSlots))
        }
        change.reloadedItems = batch.reloadedItems.map { Self.presentedIndexPath(forItemAt: $0, slots: oldSlots) }
        change.deletedItems.sort()
        change.insertedItems.sort()

        itemCounts = newCounts
        slots = newSlots
        return change
    }

    private static func slotOrder(_ a: Slot, _ b: Slot) -> Bool {
        (a.section, a.anchor, a.id) < (b.section, b.anchor, b.id)
    }
}
