import Foundation
import ItemProviders
import UniformTypes

/// The list drag and drop delegate the SwiftUI-style list modifiers make:
/// rows drag the providers `onDrag`/`itemProvider` give, rows dragged
/// within the list reorder through `onMove`, drops from elsewhere go to
/// `onInsert`. Built on the list machinery, so the insertion gap,
/// auto-scroll (in toolkits) and reorder destinations are the list's own.
///
/// Indexes are offsets in the list's first section, as in a SwiftUI
/// `ForEach`.
@MainActor
final class ListModifierController: ListDragDelegate, ListDropDelegate {
    var rowProvider: (@MainActor (Int) -> ItemProvider?)?
    var rowPreview: (@MainActor (Int) -> DragPreview)?
    var insertTypes: [UTType] = []
    var insert: (@MainActor (Int, [ItemProvider]) -> Void)?
    /// `onInsert`'s `validate`: false refuses a drag `insertTypes` admit.
    var validateInsert: (@MainActor (DropInfo) -> Bool)?
    var move: (@MainActor (IndexSet, Int) -> Void)?
    var transferInsert: ListTransferInsert?
    /// Fills in the toolkit's cell of a `dropDestination` placeholder
    /// (a toolkit sets it: GTK shows "Loading…").
    var placeholderCell: (@MainActor (AnyObject) -> Void)?
    var isTargeted: (@MainActor (Bool) -> Void)?
    private var hover = HoverTracker()

    static let section = 0

    // MARK: - Dragging rows

    func list(_ list: ListView, itemsForBeginning session: DragSession, at indexPath: IndexPath) -> [DragItem] {
        rowItems(list, session, at: indexPath)
    }

    /// The other selected rows of a lifted selection (see `ListView.dragsSelection`).
    func list(_ list: ListView, itemsForAddingTo session: DragSession, at indexPath: IndexPath, point: CGPoint) -> [DragItem] {
        rowItems(list, session, at: indexPath)
    }

    private func rowItems(_ list: ListView, _ session: DragSession, at indexPath: IndexPath) -> [DragItem] {
        guard indexPath.section == Self.section else { return [] }
        // A list that only reorders still drags its rows: with an empty
        // provider, which nothing outside the list takes.
        let made = rowProvider?(indexPath.item) ?? (move != nil ? ItemProvider() : nil)
        session.state.reportModifier(.itemProvider(provided: made != nil), in: list.node)
        guard let provider = made else { return [] }
        let item = DragItem(itemProvider: provider)
        if let rowPreview {
            let index = indexPath.item
            item.previewProvider = { rowPreview(index) }
        }
        return [item]
    }

    // MARK: - Dropping

    /// The rows of this list the drag carries, when it carries only those.
    private func reorderedRows(_ list: ListView, _ session: DropSession) -> [Int]? {
        guard move != nil else { return nil }
        let sources = session.items.map { list.dragDrop.sourceIndexPath(of: $0, in: session) }
        let rows = sources.compactMap { $0?.section == Self.section ? $0?.item : nil }
        return rows.count == sources.count && !rows.isEmpty ? rows : nil
    }

    private func inserts(_ list: ListView, _ session: DropSession) -> Bool {
        transferInsert?.offers(session) == true || insertsThroughOnInsert(list, session)
    }

    private func insertsThroughOnInsert(_ list: ListView, _ session: DropSession) -> Bool {
        guard insert != nil, session.hasItemsConforming(to: insertTypes) else { return false }
        guard let validateInsert else { return true }
        return validateInsert(DropInfo(session: session, in: list.node, acceptedTypes: insertTypes))
    }

    func list(_ list: ListView, canHandle session: DropSession) -> Bool {
        reorderedRows(list, session) != nil || inserts(list, session)
    }

    func list(_ list: ListView, dropSessionDidUpdate session: DropSession,
              withDestinationIndexPath destinationIndexPath: IndexPath?) -> ListDropProposal {
        if reorderedRows(list, session) != nil {
            return ListDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
        }
        if inserts(list, session), destinationIndexPath.map({ $0.section == Self.section }) ?? true {
            return ListDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
        }
        return ListDropProposal(operation: .cancel)
    }

    func list(_ list: ListView, performDropWith coordinator: ListDropCoordinator) {
        let count = list.dataSource?.numberOfItems(inSection: Self.section) ?? 0
        let destination = coordinator.destinationIndexPath?.item
        if let rows = reorderedRows(list, coordinator.session), coordinator.proposal.operation == .move {
            performMove(of: rows, to: destination, count: count, in: list, coordinator: coordinator)
        } else if let transferInsert, transferInsert.offers(coordinator.session) {
            transferInsert.perform(list, coordinator, destination ?? count, placeholderCell)
        } else if let insert, insertsThroughOnInsert(list, coordinator.session) {
            let providers = coordinator.items.map(\.dragItem.itemProvider).filter { provider in
                insertTypes.contains { provider.hasItemConforming(to: $0) }
            }
            insert(destination ?? count, providers)
            coordinator.session.state.reportModifier(
                .onInsert(index: destination ?? count, count: providers.count), in: list.node)
        }
    }

    /// Calls `onMove` with SwiftUI's offsets, then tells the list.
    ///
    /// The list gives a single row's reorder destination as the index the
    /// row ends at (UIKit's way); SwiftUI counts the rows before the move,
    /// so a row moving down lands one further. Several rows get the plain
    /// insertion index, which already counts that way.
    private func performMove(of rows: [Int], to destination: Int?, count: Int, in list: ListView,
                             coordinator: ListDropCoordinator) {
        guard let move else { return }
        let offset: Int
        if rows.count == 1, let final = destination {
            offset = rows[0] < final ? final + 1 : final
        } else {
            offset = destination ?? count
        }
        let source = IndexSet(rows)
        // Dropping a row where it is changes nothing, and SwiftUI does not
        // call for it.
        if rows.count == 1, offset == rows[0] || offset == rows[0] + 1 { return }
        move(source, offset)
        coordinator.session.state.reportModifier(.onMove(rows, offset), in: list.node)
        var order = Array(0..<count)
        order.move(fromOffsets: source, toOffset: offset)
        // Each moved row goes from where it was to where the new order puts
        // it; the rows between shift by themselves. As one batch, the
        // selection stays on the moved rows.
        let moves = rows.compactMap { row in
            order.firstIndex(of: row).map {
                ListItemMove(from: IndexPath(item: row, section: Self.section), to: IndexPath(item: $0, section: Self.section))
            }
        }
        do {
            try list.performBatchUpdates { batch in
                for move in moves { batch.moveItem(at: move.from, to: move.to) }
            }
        } catch {
            return  // the list re-read the model, which onMove already changed
        }
        for (item, move) in zip(coordinator.items, moves) where rows.count == coordinator.items.count {
            coordinator.drop(item.dragItem, toItemAt: move.to)
        }
    }

    func list(_ list: ListView, dropSessionDidEnter session: DropSession) {
        setHovering(list, session, true)
    }

    func list(_ list: ListView, dropSessionDidExit session: DropSession) {
        setHovering(list, session, false)
    }

    func list(_ list: ListView, dropSessionDidEnd session: DropSession) {
        setHovering(list, session, false)
    }

    private func setHovering(_ list: ListView, _ session: DropSession, _ isOver: Bool) {
        guard let isTargeted else { return }
        hover.set(session.id, isOver: isOver) { targeted in
            isTargeted(targeted)
            session.state.reportModifier(.isTargeted(targeted), in: list.node)
        }
    }
}
