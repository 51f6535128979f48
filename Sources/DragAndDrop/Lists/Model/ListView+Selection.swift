import Foundation

/// Selection: single or multiple, by item, kept through updates. A toolkit
/// turns clicks and keys into these calls (GTK's `ListWidget` does) and
/// draws ``indexPathsForSelectedItems``; ``ListViewEvent/selectionChanged``
/// tells it when to draw again.
extension ListView {
    /// The selected items in list order (data source index paths).
    public var indexPathsForSelectedItems: [IndexPath] { selection.sorted }

    /// Selects `indexPath` as `mode` says. With multiple selection off,
    /// every mode but ``ListSelectionMode/focusOnly`` selects just that row.
    /// Index paths that name no item are ignored.
    public func select(_ indexPath: IndexPath, mode: ListSelectionMode = .replace) {
        guard contains(indexPath) else { return }
        var new = selection
        new.focus = indexPath
        switch mode {
        case .focusOnly where allowsMultipleSelection:
            break
        case .toggle where allowsMultipleSelection:
            if new.indexPaths.contains(indexPath) { new.indexPaths.remove(indexPath) } else { new.indexPaths.insert(indexPath) }
            new.anchor = indexPath
        case .extend where allowsMultipleSelection:
            let anchor = new.anchor ?? indexPath
            new.indexPaths = Set(indexPaths(from: anchor, to: indexPath))
            new.anchor = anchor
        default:
            new.indexPaths = [indexPath]
            new.anchor = indexPath
        }
        setSelection(new)
    }

    /// Selects every item (with multiple selection on; otherwise nothing changes).
    public func selectAll() {
        guard allowsMultipleSelection else { return }
        var new = selection
        new.indexPaths = Set((0..<numberOfSections).flatMap { section in
            (0..<state.itemCounts[section]).map { IndexPath(item: $0, section: section) }
        })
        if new.focus == nil { new.focus = new.indexPaths.min() }
        setSelection(new)
    }

    /// Selects nothing; the focus stays where it is.
    public func deselectAll() {
        var new = selection
        new.indexPaths = []
        setSelection(new)
    }

    /// Moves the focus `offset` items on (negative: back), across sections,
    /// stopping at the ends, and selects as `mode` says. Returns the new
    /// focus, or nil for an empty list.
    @discardableResult
    public func moveFocus(by offset: Int, mode: ListSelectionMode = .replace) -> IndexPath? {
        let total = state.itemCounts.reduce(0, +)
        guard total > 0 else { return nil }
        let current = selection.focus.map(flatItemIndex(of:)) ?? (offset > 0 ? -1 : total)
        let target = min(max(0, current + offset), total - 1)
        let indexPath = itemIndexPath(flat: target)
        select(indexPath, mode: mode)
        return indexPath
    }

    /// Moves the focus to the first or last item, selecting as `mode` says.
    @discardableResult
    public func moveFocusToEnd(last: Bool, mode: ListSelectionMode = .replace) -> IndexPath? {
        let total = state.itemCounts.reduce(0, +)
        guard total > 0 else { return nil }
        let indexPath = itemIndexPath(flat: last ? total - 1 : 0)
        select(indexPath, mode: mode)
        return indexPath
    }

    // MARK: - Keeping it through changes

    /// Remembers what the selected items are called, so a reload can find them again.
    func setSelection(_ new: ListSelection) {
        guard new != selection else { return }
        selection = new
        selectedIdentifiers = identify(new)
        onEvent?(.selectionChanged)
    }

    /// Carries the selection through a checked batch.
    func shiftSelection(by batch: ListUpdateBatch) {
        guard !(selection.isEmpty && selection.focus == nil) else { return }
        let shift = IndexPathShift(deleted: batch.deletedItems, inserted: batch.insertedItems, moved: batch.movedItems)
        var new = ListSelection()
        new.indexPaths = Set(selection.indexPaths.compactMap(shift.indexPath(after:)))
        new.anchor = selection.anchor.flatMap(shift.indexPath(after:))
        // A deleted focus row hands the focus to the row that took its place
        // in the same section (or the one above it), never to another section.
        new.focus = selection.focus.flatMap { old in
            shift.indexPath(after: old) ?? nearestItem(to: IndexPath(
                item: shift.position(after: old.item, inSection: old.section), section: old.section))
        }
        setSelection(new)
    }

    /// After a reload: the same items again when the data source names
    /// them, otherwise nothing (UIKit's reloadData forgets the selection).
    func restoreSelectionAfterReload() {
        guard !(selection.isEmpty && selection.focus == nil) else { return }
        var new = ListSelection()
        if let named = dataSource as? any ListItemIdentifying, let old = selectedIdentifiers {
            let find = finder(for: old, in: named)
            new.indexPaths = Set(old.selected.compactMap(find))
            new.anchor = old.anchor.flatMap(find)
            new.focus = old.focus.flatMap(find)
        }
        setSelection(new)
    }

    /// Finds items by identifier: one question each for a few, one pass
    /// over the list for many (50,000 selected rows cost one pass, not
    /// 50,000).
    private func finder(
        for old: SelectedIdentifiers, in named: any ListItemIdentifying
    ) -> (AnyHashable) -> IndexPath? {
        guard old.selected.count > 8 else { return { named.indexPath(forItemIdentifier: $0) } }
        var wanted = Set(old.selected)
        if let anchor = old.anchor { wanted.insert(anchor) }
        if let focus = old.focus { wanted.insert(focus) }
        var found: [AnyHashable: IndexPath] = [:]
        for section in 0..<named.numberOfSections {
            for item in 0..<named.numberOfItems(inSection: section) {
                let indexPath = IndexPath(item: item, section: section)
                if let identifier = named.itemIdentifier(at: indexPath), wanted.contains(identifier) {
                    found[identifier] = indexPath
                }
            }
        }
        return { found[$0] }
    }

    /// Drops selected index paths a resynchronized list no longer has.
    func clampSelection() {
        var new = selection
        new.indexPaths = new.indexPaths.filter(contains)
        if let anchor = new.anchor, !contains(anchor) { new.anchor = nil }
        if let focus = new.focus, !contains(focus) { new.focus = nearestItem(to: focus) }
        setSelection(new)
    }

    private func identify(_ selection: ListSelection) -> SelectedIdentifiers? {
        guard let named = dataSource as? any ListItemIdentifying else { return nil }
        return SelectedIdentifiers(
            selected: selection.indexPaths.compactMap { named.itemIdentifier(at: $0) },
            anchor: selection.anchor.flatMap { named.itemIdentifier(at: $0) },
            focus: selection.focus.flatMap { named.itemIdentifier(at: $0) })
    }

    // MARK: - Index arithmetic

    private func contains(_ indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && indexPath.section >= 0 && indexPath.section < state.itemCounts.count
            && indexPath.item >= 0 && indexPath.item < state.itemCounts[indexPath.section]
    }

    private func nearestItem(to indexPath: IndexPath) -> IndexPath? {
        guard indexPath.section < state.itemCounts.count else { return nil }
        let count = state.itemCounts[indexPath.section]
        return count == 0 ? nil : IndexPath(item: min(indexPath.item, count - 1), section: indexPath.section)
    }

    private func flatItemIndex(of indexPath: IndexPath) -> Int {
        state.itemCounts.prefix(indexPath.section).reduce(0, +) + indexPath.item
    }

    private func itemIndexPath(flat index: Int) -> IndexPath {
        var remaining = index
        for (section, count) in state.itemCounts.enumerated() {
            if remaining < count { return IndexPath(item: remaining, section: section) }
            remaining -= count
        }
        return IndexPath(item: 0, section: 0)
    }

    private func indexPaths(from start: IndexPath, to end: IndexPath) -> [IndexPath] {
        let (low, high) = (min(flatItemIndex(of: start), flatItemIndex(of: end)), max(flatItemIndex(of: start), flatItemIndex(of: end)))
        return (low...high).map(itemIndexPath(flat:))
    }
}

/// What the selected items are called, taken when the selection changes.
struct SelectedIdentifiers {
    var selected: [AnyHashable]
    var anchor: AnyHashable?
    var focus: AnyHashable?
}
