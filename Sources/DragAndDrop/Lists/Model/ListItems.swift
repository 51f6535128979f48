import Foundation

/// A ready-made ``ListDataSource`` that keeps items in sections.
///
/// Use it when an app has no model of its own yet, or as the in-memory mirror
/// of one. Moving an item shifts only the items between its old and new
/// place, so a reorder costs as much as the distance moved, never the length
/// of the list.
///
/// ```swift
/// let caches = ListItems(["Bridge", "Oak", "Pier"])
/// let list = ListView(dataSource: caches, layout: ListRowLayout(width: 320) { _ in 44 })
/// try list.performBatchUpdates { batch in
///     caches.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0))
///     batch.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0))
/// }
/// ```
@MainActor
public final class ListItems<Item>: ListDataSource {
    /// The items, one array per section.
    public private(set) var sections: [[Item]]

    /// A single-section list of these items.
    public init(_ items: [Item] = []) {
        sections = [items]
    }

    /// A list with one array of items per section (at least one section).
    public init(sections: [[Item]]) {
        self.sections = sections.isEmpty ? [[]] : sections
    }

    public var numberOfSections: Int { sections.count }

    public func numberOfItems(inSection section: Int) -> Int {
        sections[section].count
    }

    /// The items of the first section.
    public var items: [Item] { sections[0] }

    /// The item at an index path.
    public subscript(indexPath: IndexPath) -> Item {
        get { sections[indexPath.section][indexPath.item] }
        set { sections[indexPath.section][indexPath.item] = newValue }
    }

    /// Inserts an item so that it ends up at `indexPath`.
    public func insert(_ item: Item, at indexPath: IndexPath) {
        sections[indexPath.section].insert(item, at: indexPath.item)
    }

    /// Appends an item to the end of a section.
    public func append(_ item: Item, toSection section: Int = 0) {
        sections[section].append(item)
    }

    /// Removes and returns the item at `indexPath`.
    @discardableResult
    public func remove(at indexPath: IndexPath) -> Item {
        sections[indexPath.section].remove(at: indexPath.item)
    }

    /// Inserts a section of items at `index`; tell the list with
    /// ``ListView/reloadData()``.
    public func insertSection(_ items: [Item] = [], at index: Int) {
        sections.insert(items, at: index)
    }

    /// Removes and returns the section at `index` (a list keeps at least one
    /// section, so the last one is emptied instead); tell the list with
    /// ``ListView/reloadData()``.
    @discardableResult
    public func removeSection(at index: Int) -> [Item] {
        guard sections.count > 1 else {
            defer { sections[0] = [] }
            return sections[0]
        }
        return sections.remove(at: index)
    }

    /// Moves an item so that it ends up at `destination` (an index path in
    /// the list as it is after the move, like UIKit's `moveItem(at:to:)`).
    ///
    /// - Complexity: O(distance) within a section; O(n) across sections.
    public func moveItem(at source: IndexPath, to destination: IndexPath) {
        guard source != destination else { return }
        if source.section == destination.section {
            sections[source.section].moveElement(from: source.item, to: destination.item)
        } else {
            let item = sections[source.section].remove(at: source.item)
            sections[destination.section].insert(item, at: destination.item)
        }
    }
}

extension Array {
    /// Moves one element so it ends at `destination`, shifting only the
    /// elements in between (a rotation of that stretch) rather than the tail.
    mutating func moveElement(from source: Int, to destination: Int) {
        guard source != destination else { return }
        let moving = self[source]
        if source < destination {
            for index in source..<destination { self[index] = self[index + 1] }
        } else {
            for index in stride(from: source, to: destination, by: -1) { self[index] = self[index - 1] }
        }
        self[destination] = moving
    }
}
