import Foundation

/// Something a toolkit rendering a ``ListView`` needs to show
/// (``ListView/onEvent``).
@MainActor
public enum ListViewEvent {
    /// Rows were inserted, deleted, moved or reloaded (or everything was).
    case rowsChanged(ListChange)
    /// The gap or highlighted row under a hovering drag changed (nil: none).
    case dropHoverChanged(ListDropHover?)
    /// The placeholder's cell should be filled in again through
    /// ``DropPlaceholder/updateCell(_:)``.
    case placeholderNeedsCellUpdate(DropPlaceholder, IndexPath)
    /// A dropped item's preview should fly to its place.
    case dropAnimation(ListDropAnimation)
    /// The selected rows or the keyboard focus changed
    /// (``ListView/selection``).
    case selectionChanged
}
