import Foundation

/// What a list's rows offer when the user drags them
/// (`UITableViewDragDelegate` / `UICollectionViewDragDelegate`).
///
/// Index paths are data source index paths. Only the first method is
/// required; the others have UIKit's defaults.
///
/// The list calls, for one drag that starts on it:
/// 1. `itemListForBeginning`, then, when it gives no list,
///    `itemsForBeginning` on a lift over a row (none: no drag),
/// 2. `dragSessionAllowsMoveOperation`, `dragSessionIsRestrictedToDraggingApplication`,
/// 3. `dragSessionWillBegin`,
/// 4. `itemsForAddingTo` each time another touch lands on one of its rows,
/// 5. `dragSessionDidEnd` when the drag ends, wherever it ends. A drop's
///    `performDropWith` comes first, so a source that removes moved rows
///    here (only when its own record says the drop committed, and was not
///    a reorder) never loses a row a cancelled drag still needs.
///
/// A list that only adds items to another source's drag gets
/// `itemsForAddingTo` and `dragSessionDidEnd`.
///
/// ```swift
/// func list(_ list: ListView, itemsForBeginning session: DragSession, at indexPath: IndexPath) -> [DragItem] {
///     let cache = caches[indexPath]
///     let item = DragItem(itemProvider: ItemProvider(object: cache.name))
///     item.localObject = cache
///     return [item]
/// }
/// ```
@MainActor
public protocol ListDragDelegate: AnyObject {
    /// The items to drag when the user lifts the row at `indexPath`.
    /// Return none to not start a drag.
    func list(_ list: ListView, itemsForBeginning session: DragSession, at indexPath: IndexPath) -> [DragItem]

    /// The items to drag when the user lifts the row at `indexPath`, made
    /// only when asked for (see ``DragItemList``): a list whose lift takes
    /// many rows at once (its whole selection) starts the drag without an
    /// item for each. The list is the whole drag: the list view adds no
    /// selected rows to it. Asked before `itemsForBeginning`, which is
    /// asked only when this returns nil. Default: nil.
    func list(_ list: ListView, itemListForBeginning session: DragSession, at indexPath: IndexPath) -> DragItemList?

    /// The items to add to a running drag when another touch lands on the
    /// row at `indexPath`, at `point` in the list's node. Default: none.
    func list(
        _ list: ListView, itemsForAddingTo session: DragSession, at indexPath: IndexPath, point: CGPoint
    ) -> [DragItem]

    /// A drag from this list is about to begin.
    func list(_ list: ListView, dragSessionWillBegin session: DragSession)

    /// A drag from this list ended (dropped somewhere, or cancelled).
    func list(_ list: ListView, dragSessionDidEnd session: DragSession)

    /// Whether a destination may move the items. Default: true.
    func list(_ list: ListView, dragSessionAllowsMoveOperation session: DragSession) -> Bool

    /// Whether the items must stay in this application. Default: false.
    func list(_ list: ListView, dragSessionIsRestrictedToDraggingApplication session: DragSession) -> Bool

    /// How the lifted row at `indexPath` is framed while it is dragged
    /// (UIKit's `dragPreviewParametersForRowAt`). Default: nil, the
    /// default framing (an opaque background with rounded corners).
    func list(_ list: ListView, dragPreviewParametersForItemAt indexPath: IndexPath) -> DragPreviewParameters?
}

extension ListDragDelegate {
    public func list(_ list: ListView, itemListForBeginning session: DragSession, at indexPath: IndexPath) -> DragItemList? {
        nil
    }

    public func list(
        _ list: ListView, itemsForAddingTo session: DragSession, at indexPath: IndexPath, point: CGPoint
    ) -> [DragItem] {
        []
    }

    public func list(_ list: ListView, dragSessionWillBegin session: DragSession) {}

    public func list(_ list: ListView, dragSessionDidEnd session: DragSession) {}

    public func list(_ list: ListView, dragSessionAllowsMoveOperation session: DragSession) -> Bool {
        true
    }

    public func list(_ list: ListView, dragSessionIsRestrictedToDraggingApplication session: DragSession) -> Bool {
        false
    }

    public func list(_ list: ListView, dragPreviewParametersForItemAt indexPath: IndexPath) -> DragPreviewParameters? {
        nil
    }
}
