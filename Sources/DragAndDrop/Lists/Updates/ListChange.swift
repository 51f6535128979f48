import Foundation

/// What changed in the rows a ``ListView`` shows, for a toolkit to animate
/// and for a ``ListLayout`` to update its geometry.
///
/// Index paths here are *presented* index paths: they count drop
/// placeholders as rows, exactly as the toolkit draws them. Deletions,
/// reloads and move sources are positions before the change; insertions and
/// move destinations are positions after it. A placeholder that becomes the
/// dropped item shows up as a deletion and an insertion at the same position.
public struct ListChange: Sendable, Hashable {
    /// Everything may have changed: re-read every row.
    public var isReload: Bool
    /// Rows removed, by their position before the change (ascending).
    public var deletedItems: [IndexPath]
    /// Rows added, by their position after the change (ascending).
    public var insertedItems: [IndexPath]
    /// Rows that moved.
    public var movedItems: [ListItemMove]
    /// Rows whose content changed in place, by their position before the change.
    public var reloadedItems: [IndexPath]

    /// A change with these rows; nothing by default.
    public init(
        isReload: Bool = false, deletedItems: [IndexPath] = [], insertedItems: [IndexPath] = [],
        movedItems: [ListItemMove] = [], reloadedItems: [IndexPath] = []
    ) {
        self.isReload = isReload
        self.deletedItems = deletedItems
        self.insertedItems = insertedItems
        self.movedItems = movedItems
        self.reloadedItems = reloadedItems
    }

    /// A change that replaces every row.
    public static let reload = ListChange(isReload: true)
}
