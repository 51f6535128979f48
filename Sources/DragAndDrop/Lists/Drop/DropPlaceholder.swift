import Foundation

/// A row a list shows where a dropped item will appear while its data is
/// still loading (UIKit's `UICollectionViewDropPlaceholder`).
///
/// Hand it to ``ListDropCoordinator/drop(_:to:)``; the list inserts a row at
/// ``insertionIndexPath`` without touching the data source, and the returned
/// ``PlaceholderContext`` later swaps it for the real item or removes it.
/// The toolkit makes a cell for ``reuseIdentifier`` and passes it to
/// ``updateCell(_:)`` so the app can fill it in:
///
/// ```swift
/// let placeholder = DropPlaceholder(insertionIndexPath: destination, reuseIdentifier: "CacheCell")
/// placeholder.cellUpdateHandler = { cell in
///     (cell as? CacheCell)?.title = "Loading…"
/// }
/// ```
@MainActor
public final class DropPlaceholder {
    /// Where the placeholder goes: a data source index path (the item may
    /// equal the section's count to go after the last row).
    public let insertionIndexPath: IndexPath
    /// Which kind of cell the toolkit should make for it.
    public let reuseIdentifier: String
    /// The placeholder row's height for layouts that ask, nil for the
    /// layout's own choice.
    public var rowHeight: CGFloat?
    /// Fills in the toolkit's cell for this placeholder, for example with
    /// "Loading…". Called by the toolkit with its cell object.
    public var cellUpdateHandler: (@MainActor (AnyObject) -> Void)?

    /// A placeholder for an item to be inserted at `insertionIndexPath`.
    public init(insertionIndexPath: IndexPath, reuseIdentifier: String, rowHeight: CGFloat? = nil) {
        self.insertionIndexPath = insertionIndexPath
        self.reuseIdentifier = reuseIdentifier
        self.rowHeight = rowHeight
    }

    /// Runs ``cellUpdateHandler`` on the toolkit's cell for this placeholder.
    public func updateCell(_ cell: AnyObject) {
        cellUpdateHandler?(cell)
    }
}
