import Foundation

/// What drops onto a list do
/// (`UITableViewDropDelegate` / `UICollectionViewDropDelegate`).
///
/// Index paths are data source index paths. Only `performDropWith` is
/// required; without `dropSessionDidUpdate` every drop is cancelled.
///
/// The list calls, for one drag over it:
/// 1. `canHandle` when the drag arrives (from the item types only: data
///    stays sealed until the drop),
/// 2. `dropSessionDidEnter`, then `dropSessionDidUpdate` on every move,
///    returning a ``ListDropProposal``,
/// 3. `dropSessionDidExit` when the drag leaves (or ends here without a
///    copy or move; a move the session does not allow counts as a cancel),
///    after which a drag coming back is asked `canHandle` again,
/// 4. `performDropWith` on a drop with a copy or move proposal,
/// 5. `dropSessionDidEnd` when the drag ends, wherever it ends.
///
/// ``DragDropEngine/reportsListDelegateCalls`` puts these calls in the
/// engine's reports (and DragDropTesting's transcripts).
///
/// ```swift
/// func list(_ list: ListView, dropSessionDidUpdate session: DropSession,
///           withDestinationIndexPath destinationIndexPath: IndexPath?) -> ListDropProposal {
///     session.localDragSession == nil
///         ? ListDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
///         : ListDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
/// }
/// ```
@MainActor
public protocol ListDropDelegate: AnyObject {
    /// The user dropped: update the data source through the coordinator's
    /// list (`ListView/performBatchUpdates(_:)`), or insert placeholders
    /// for items that still load (``ListDropCoordinator/drop(_:to:)``).
    func list(_ list: ListView, performDropWith coordinator: ListDropCoordinator)

    /// Whether the list wants the drag at all. Default: true.
    func list(_ list: ListView, canHandle session: DropSession) -> Bool

    /// What a drop here would do. `destinationIndexPath` is where it would
    /// land given the previous proposal (see ``ListDropIntent``), nil past
    /// the last row or over empty space. For a single row of this same list
    /// it is a reorder's destination (as if the row had left its place)
    /// unless the previous proposal was not a move. Default: cancel.
    func list(
        _ list: ListView, dropSessionDidUpdate session: DropSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> ListDropProposal

    /// A drag entered the list.
    func list(_ list: ListView, dropSessionDidEnter session: DropSession)

    /// A drag left the list.
    func list(_ list: ListView, dropSessionDidExit session: DropSession)

    /// A drag that the list accepted in `canHandle` ended.
    func list(_ list: ListView, dropSessionDidEnd session: DropSession)
}

extension ListDropDelegate {
    public func list(_ list: ListView, canHandle session: DropSession) -> Bool {
        true
    }

    public func list(
        _ list: ListView, dropSessionDidUpdate session: DropSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> ListDropProposal {
        ListDropProposal(operation: .cancel)
    }

    public func list(_ list: ListView, dropSessionDidEnter session: DropSession) {}

    public func list(_ list: ListView, dropSessionDidExit session: DropSession) {}

    public func list(_ list: ListView, dropSessionDidEnd session: DropSession) {}
}
