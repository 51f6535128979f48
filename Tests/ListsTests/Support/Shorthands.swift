import DragAndDrop
import DragDropTesting
import Foundation

/// Shorthand for a data source index path in tests.
func at(_ item: Int, _ section: Int = 0) -> IndexPath {
    IndexPath(item: item, section: section)
}

/// A point in a 44-point-row list: `fraction` of the way down row `row`.
func rowPoint(_ row: Int, _ fraction: CGFloat = 0.5) -> CGPoint {
    CGPoint(x: 100, y: CGFloat(row) * 44 + 44 * fraction)
}

/// A harness over `root` whose transcript also holds the lists' delegate
/// calls, so a test reads a list drag's whole UIKit order in one place.
@MainActor
func listHarness(root: ViewNode) -> DragDropHarness {
    let harness = DragDropHarness(root: root)
    harness.engine.reportsListDelegateCalls = true
    return harness
}

extension ListDropProposal {
    static let moveAt = ListDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
    static let copyAt = ListDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
    static let cancel = ListDropProposal(operation: .cancel)
}

/// The calls a drag lifted from row `indexPath` of the list named `list`
/// begins with: each list delegate call just before the interaction call
/// it was made from.
func listLiftCalls(_ list: String, at indexPath: IndexPath, items: Int = 1) -> [DelegateCall] {
    [
        .list(list, .itemsForBeginning(indexPath, count: items)),
        .source(list, .itemsForBeginning(items)),
        .list(list, .dragSessionAllowsMoveOperation(true)),
        .source(list, .allowsMoveOperation(true)),
        .list(list, .dragSessionIsRestrictedToDraggingApplication(false)),
        .source(list, .isRestrictedToDraggingApplication(false)),
        .list(list, .dragSessionWillBegin),
        .source(list, .willBegin),
    ]
}

/// The calls a list named `list` and its interaction get when a drag
/// enters it and the list's delegate proposes `proposal` for `destination`.
func listEnterCalls(_ list: String, destination: IndexPath?, proposal: ListDropProposal) -> [DelegateCall] {
    [
        .list(list, .canHandle(true)),
        .destination(list, .canHandle(true)),
        .list(list, .dropSessionDidEnter),
        .destination(list, .didEnter),
    ] + listUpdateCalls(list, destination: destination, proposal: proposal)
}

/// One update of a drag over the list named `list`.
func listUpdateCalls(_ list: String, destination: IndexPath?, proposal: ListDropProposal) -> [DelegateCall] {
    [
        .list(list, .dropSessionDidUpdate(destination, proposal)),
        .destination(list, .didUpdate(proposal.dropProposal)),
    ]
}

/// How a drag from the list named `source` ends with a drop of `operation`
/// on the list named `target`, which was told `destination` and `proposal`:
/// the destination commits in `performDropWith` before the source hears
/// `dragSessionDidEnd`.
func listDropEndCalls(
    from source: String, onto target: String, operation: DropOperation,
    destination: IndexPath?, proposal: ListDropProposal
) -> [DelegateCall] {
    [
        .source(source, .willEnd(operation)),
        .list(target, .performDrop(destination, proposal)),
        .destination(target, .performDrop),
        .destination(target, .concludeDrop),
        .list(source, .dragSessionDidEnd),
        .source(source, .didEnd(operation)),
        .list(target, .dropSessionDidEnd),
        .destination(target, .didEnd),
        .source(source, .didTransferItems),
    ]
}

/// How a drag from the list named `source` that is over the list named
/// `target` ends without a drop (cancelled, or a cancel proposal).
func listCancelEndCalls(from source: String, over target: String) -> [DelegateCall] {
    [
        .source(source, .willEnd(.cancel)),
        .list(target, .dropSessionDidExit),
        .destination(target, .didExit),
        .list(source, .dragSessionDidEnd),
        .source(source, .didEnd(.cancel)),
        .list(target, .dropSessionDidEnd),
        .destination(target, .didEnd),
    ]
}
