import Foundation

/// One dropped item, as a list's drop coordinator gives it
/// (`UICollectionViewDropItem`).
@MainActor
public struct ListDropItem {
    /// The item, with its (destination-side) provider and local object.
    public let dragItem: DragItem
    /// Where the item was in this same list when the drag began (kept
    /// current through batch updates since); nil when it comes from another
    /// list, view or process, or its row was deleted during the drag. With
    /// a move proposal, a non-nil value means the drop is a reorder.
    public let sourceIndexPath: IndexPath?
    /// The size of the item's preview: its row when it comes from this list,
    /// else the preview size its source gave, else zero.
    public let previewSize: CGSize
}
