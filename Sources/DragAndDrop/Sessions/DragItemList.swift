import Foundation

/// Dragged items made when first asked for: a count, and a function that
/// makes item `i`. A source that lifts many items at once (every row of a
/// long list) returns one from
/// ``DragInteractionDelegate/dragInteraction(_:itemListForBeginning:)`` or
/// ``ListDragDelegate/list(_:itemListForBeginning:at:)``, so the drag
/// starts without an item, provider or preview for each row: the engine
/// and the toolkit make only what they show (the first item, the count
/// badge), and a destination's drop makes the rest.
///
/// ```swift
/// func list(_ list: ListView, itemListForBeginning session: DragSession, at indexPath: IndexPath) -> DragItemList? {
///     let rows = selectedRows()
///     return DragItemList(count: rows.count) { index in
///         DragItem(itemProvider: ItemProvider(object: rows[index].name))
///     }
/// }
/// ```
///
/// Each item is made once and kept, so asking twice gives the same item.
/// ``DragSession/items`` (UIKit's array) makes every item; read
/// ``DragSession/itemCount`` and ``DragSession/item(at:)`` to make only some.
@MainActor
public final class DragItemList {
    /// How many items the list holds, made or not.
    public let count: Int
    private let make: @MainActor (Int) -> DragItem
    private var made: [DragItem?]
    /// The indices of the items made so far, in the order they were made.
    private var madeIndices: [Int] = []

    /// Whether some items may have file representations, so a toolkit
    /// offering the drag to file managers must ask each item.
    package let mayHaveFiles: Bool

    /// A list of `count` items; `makeItem` makes the item at an index the
    /// first time it is asked for.
    ///
    /// - Parameters:
    ///   - count: How many items the drag holds.
    ///   - withFiles: Whether some items have file representations
    ///     (`registerFileRepresentation`). A toolkit that offers dragged
    ///     files to file managers asks every item only when this is true;
    ///     when false it offers no files and makes no item to find out.
    ///   - makeItem: Makes the item at an index, once.
    /// - Complexity: O(*count*) for a table of references, with no item made.
    public init(count: Int, withFiles: Bool = false, makeItem: @escaping @MainActor (Int) -> DragItem) {
        precondition(count >= 0, "A list of dragged items cannot hold \(count) items.")
        self.count = count
        self.make = makeItem
        self.made = Array(repeating: nil, count: count)
        mayHaveFiles = withFiles
    }

    /// A list of items already made.
    public init(_ items: [DragItem]) {
        count = items.count
        make = { items[$0] }
        made = items
        madeIndices = Array(items.indices)
        mayHaveFiles = true
    }

    /// Whether the list holds no items.
    public var isEmpty: Bool { count == 0 }

    /// The item at `index`, made now if it was not yet.
    /// - Precondition: `0 <= index < count`.
    public subscript(index: Int) -> DragItem {
        precondition(made.indices.contains(index), "Item \(index) is out of range: the list holds \(count) items.")
        if let item = made[index] { return item }
        let item = make(index)
        made[index] = item
        madeIndices.append(index)
        return item
    }

    /// Every item, in order, made now where they were not yet.
    /// - Complexity: O(*count*).
    public var all: [DragItem] {
        (0..<count).map { self[$0] }
    }

    /// How many items were made so far.
    public var madeCount: Int { madeIndices.count }

    /// Whether the item at `index` was made already.
    public func isMade(_ index: Int) -> Bool {
        made.indices.contains(index) && made[index] != nil
    }

    /// Whether `item` is one of the items made from this list (it cannot
    /// be one of those not yet made).
    /// - Complexity: O(*m*) for *m* items made.
    public func containsMade(_ item: DragItem) -> Bool {
        madeIndices.contains { made[$0] === item }
    }

    /// Whether an item satisfies `predicate`, making items in order only
    /// until one does.
    public func contains(where predicate: (DragItem) throws -> Bool) rethrows -> Bool {
        for index in 0..<count where try predicate(self[index]) { return true }
        return false
    }
}
