import DragAndDrop
import Foundation

/// Shorthand for a lane index path.
func at(_ item: Int) -> IndexPath {
    IndexPath(item: item, section: 0)
}

/// A point in a lane of 44-point rows: `fraction` of the way down row `row`.
func rowPoint(_ row: Int, _ fraction: CGFloat = 0.5) -> CGPoint {
    CGPoint(x: 100, y: CGFloat(row) * 44 + 44 * fraction)
}

extension ListDropProposal {
    static let moveAt = ListDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
    static let copyAt = ListDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
    static let cancel = ListDropProposal(operation: .cancel)
}

/// UIKit's order for a drag lifted from row `indexPath` of lane `lane`:
/// each list delegate call just before the interaction call it came from.
func liftCalls(_ lane: String, at indexPath: IndexPath) -> [DelegateCall] {
    [
        .list(lane, .itemsForBeginning(indexPath, count: 1)),
        .source(lane, .itemsForBeginning(1)),
        .list(lane, .dragSessionAllowsMoveOperation(true)),
        .source(lane, .allowsMoveOperation(true)),
        .list(lane, .dragSessionIsRestrictedToDraggingApplication(false)),
        .source(lane, .isRestrictedToDraggingApplication(false)),
        .list(lane, .dragSessionWillBegin),
        .source(lane, .willBegin),
    ]
}

/// A drag entering lane `lane`, whose delegate proposes `proposal` for `destination`.
func enterCalls(_ lane: String, destination: IndexPath?, proposal: ListDropProposal) -> [DelegateCall] {
    [
        .list(lane, .canHandle(true)),
        .destination(lane, .canHandle(true)),
        .list(lane, .dropSessionDidEnter),
        .destination(lane, .didEnter),
        .list(lane, .dropSessionDidUpdate(destination, proposal)),
        .destination(lane, .didUpdate(proposal.dropProposal)),
    ]
}

/// A drop of `operation` from lane `source` on lane `target`: the target
/// commits in performDropWith before the source hears dragSessionDidEnd.
func dropEndCalls(from source: String, onto target: String, operation: DropOperation,
                  destination: IndexPath?, proposal: ListDropProposal) -> [DelegateCall] {
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
