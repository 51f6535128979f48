import Foundation

/// A dropped item's preview flying to its place, as the drop coordinator
/// asks for it; a toolkit animates it (or just lets it go).
/// Index paths are presented index paths.
@MainActor
public struct ListDropAnimation {
    /// Where the preview goes.
    public enum Target: Hashable, Sendable {
        /// Onto the row that now shows the item.
        case row(IndexPath)
        /// Into a rectangle of the row the item was dropped into.
        case into(IndexPath, rect: CGRect)
        /// Onto a placeholder row.
        case placeholder(IndexPath)
    }

    /// The item dropped.
    public let dragItem: DragItem
    /// Where its preview goes.
    public let target: Target
}
