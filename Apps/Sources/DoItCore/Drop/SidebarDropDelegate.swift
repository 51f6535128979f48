import DragAndDrop
import Foundation
import ItemProviders
import UniformTypes

/// The drop delegate of Home's lists in the sidebar: a drag of to-do items
/// over a list's row goes *into* that list (the row is highlighted, no
/// insertion gap opens), and a drop moves the items to the end of the
/// list as one undo step. Everything else (reordering lists, a list or
/// text from another app making a new list) goes to the delegate the
/// SwiftUI-style modifiers made, which opens the gap as before.
///
/// What it will refuse, it refuses while the drag hovers (a `.cancel`
/// proposal: no highlight, no gap), so a drop is never accepted on hover
/// and then refused on release: items over empty space or between rows,
/// items all already in the row's list, and drags that mix items with
/// lists (see ``DropRules/acceptsOnListRow(_:)``).
///
/// ```swift
/// let sidebar = SidebarDropDelegate(app: app, windowID: 1, lists: { home.lists }, fallback: listsView.dropDelegate!)
/// listsView.dropDelegate = sidebar          // held weakly by the list: keep `sidebar`
/// ```
@MainActor
public final class SidebarDropDelegate: ListDropDelegate {
    private unowned let app: DoItApp
    private let windowID: Int
    private let lists: @MainActor () -> [TodoList]
    private let fallback: any ListDropDelegate

    init(app: DoItApp, windowID: Int, lists: @escaping @MainActor () -> [TodoList], fallback: any ListDropDelegate) {
        self.app = app
        self.windowID = windowID
        self.lists = lists
        self.fallback = fallback
    }

    private static func types(of session: DropSession) -> [[UTType]] {
        session.items.map { $0.itemProvider.registeredContentTypes }
    }

    /// The list whose row is under the drag, when it takes this drag.
    ///
    /// The row comes from the pointer, not from the destination the list
    /// passes: that one follows the previous proposal (UIKit's way), so
    /// before the first "into" proposal it can name the row after the one
    /// under the pointer.
    func targetList(for session: DropSession, in list: ListView) -> TodoList? {
        let indexPath = list.indexPathForItem(at: session.location(in: list.node))
        let shown = lists()
        guard let indexPath, indexPath.section == 0, shown.indices.contains(indexPath.item),
              DropRules.acceptsOnListRow(Self.types(of: session)) else { return nil }
        let list = shown[indexPath.item]
        // Items that are all in this list already would not move.
        // The drop side's providers are sealed stand-ins; the drag session
        // of this process holds the ones the app made, and knows their items.
        if let local = session.localDragSession {
            let ids = local.items.map { app.itemID(draggedBy: $0.itemProvider) }
            if ids.allSatisfy({ $0 != nil }), ids.allSatisfy({ app.store.item(withID: $0!)?.listID == list.id }) {
                return nil
            }
        }
        return list
    }

    public func list(_ list: ListView, canHandle session: DropSession) -> Bool {
        DropRules.carriesItems(Self.types(of: session)) ? true : fallback.list(list, canHandle: session)
    }

    public func list(_ list: ListView, dropSessionDidUpdate session: DropSession,
                     withDestinationIndexPath destinationIndexPath: IndexPath?) -> ListDropProposal {
        guard DropRules.carriesItems(Self.types(of: session)) else {
            return fallback.list(list, dropSessionDidUpdate: session, withDestinationIndexPath: destinationIndexPath)
        }
        guard targetList(for: session, in: list) != nil else { return ListDropProposal(operation: .cancel) }
        let moves = session.localDragSession != nil && session.allowsMoveOperation
        return ListDropProposal(operation: moves ? .move : .copy, intent: .insertIntoDestinationIndexPath)
    }

    public func list(_ list: ListView, performDropWith coordinator: ListDropCoordinator) {
        let session = coordinator.session
        guard DropRules.carriesItems(Self.types(of: session)) else {
            fallback.list(list, performDropWith: coordinator)
            return
        }
        guard let target = targetList(for: session, in: list) else { return }
        let providers = coordinator.items.map(\.dragItem.itemProvider)
        app.drop(providers, at: Int.max, on: .list(target.id), in: windowID)
    }

    public func list(_ list: ListView, dropSessionDidEnter session: DropSession) {
        fallback.list(list, dropSessionDidEnter: session)
    }

    public func list(_ list: ListView, dropSessionDidExit session: DropSession) {
        fallback.list(list, dropSessionDidExit: session)
    }

    public func list(_ list: ListView, dropSessionDidEnd session: DropSession) {
        fallback.list(list, dropSessionDidEnd: session)
    }
}
