import Foundation

/// Where a drop at a point lands in a list, for a given intent: the
/// destination index path the delegate sees, the intent with `automatic`
/// settled, and what the list draws.
///
/// The destination is a data source index path. For an insertion it is
/// the index the new item will have: the row under the pointer, or the one
/// after it when the pointer is in the row's trailing half (trailing quarter
/// for `automatic`). For a reorder (`reorderSource` given: the caller passes
/// it only for a move of a row of this same list) it is the index the row
/// ends at once it has left its old place, so `moveItem(at: source, to:
/// destination)` does the right thing; a copy leaves the row in place, so
/// it gets the plain insertion index. For `into` it is the row itself.
struct ListDropTargeting: Sendable, Hashable {
    var destinationIndexPath: IndexPath?
    var intent: ListDropIntent
    var hover: ListDropHover?

    /// Where the pointer falls, given the row under it (presented index path)
    /// and the fraction (0...1) of the way along that row's insertion axis.
    static func resolve(
        row: IndexPath?, fraction: CGFloat, intent: ListDropIntent, state: ListState, reorderSource: IndexPath?
    ) -> ListDropTargeting {
        guard let row, let shown = state.row(at: row) else {
            // Below the last row (or in an empty list) an insertion lands at
            // the end: the gap shows there, though the destination stays nil
            // as UIKit gives it.
            let settledIntent = settled(intent)
            var hover: ListDropHover?
            if settledIntent == .insertAtDestinationIndexPath, state.numberOfSections > 0 {
                let last = state.numberOfSections - 1
                hover = .gap(before: IndexPath(item: state.presentedCount(inSection: last), section: last))
            }
            return ListDropTargeting(destinationIndexPath: nil, intent: settledIntent, hover: hover)
        }
        func insertion(before gap: IndexPath) -> ListDropTargeting {
            var destination = state.insertionIndexPath(forGapBefore: gap)
            if let source = reorderSource, source.section == destination.section, source.item < destination.item {
                destination.item -= 1
            }
            return ListDropTargeting(
                destinationIndexPath: destination, intent: .insertAtDestinationIndexPath, hover: .gap(before: gap))
        }
        func into(_ item: IndexPath) -> ListDropTargeting {
            ListDropTargeting(destinationIndexPath: item, intent: .insertIntoDestinationIndexPath, hover: .highlight(row))
        }
        // Nothing can go into a placeholder: a drop there goes beside it.
        let item: IndexPath? = if case .item(let item) = shown { item } else { nil }

        switch (intent, item) {
        case (.unspecified, _):
            return ListDropTargeting(
                destinationIndexPath: state.insertionIndexPath(forGapBefore: row), intent: .unspecified, hover: nil)
        case (.insertIntoDestinationIndexPath, let item?):
            return into(item)
        case (.automatic, let item?) where (0.25...0.75).contains(fraction):
            return into(item)
        default:
            return insertion(before: fraction < 0.5 ? row : IndexPath(item: row.item + 1, section: row.section))
        }
    }

    private static func settled(_ intent: ListDropIntent) -> ListDropIntent {
        intent == .automatic ? .insertAtDestinationIndexPath : intent
    }
}
