import Foundation
import ItemProviders
import UniformTypes

/// SwiftUI's list modifiers (`ForEach`'s `onInsert`, `onMove`, and
/// `onDrag`/`itemProvider` on its rows) on a ``ListView``. Indexes are
/// offsets in the list's first section, as in one `ForEach`.
///
/// ```swift
/// let list = ListView(name: "items", dataSource: rows, layout: ListRowLayout(width: 320) { _ in 44 })
///     .itemProvider { index in store.itemProvider(for: rows.items[index]) }
///     .onMove { offsets, destination in store.move(fromOffsets: offsets, toOffset: destination) }
///     .onInsert(of: [.todoItem, .utf8PlainText]) { index, providers in store.insert(providers, at: index) }
/// ```
///
/// The modifiers make the list's ``ListView/dragDelegate`` and
/// ``ListView/dropDelegate`` (replacing ones set before), so the list's own
/// machinery runs the drag: the insertion gap while hovering, reorder
/// destinations, auto-scrolling in toolkits. Each returns the list.
extension ListView {
    /// Makes each row a drag source: a lift on the row at `index` drags one
    /// item, from the provider `data` makes (SwiftUI's `onDrag`).
    @discardableResult
    public func onDrag(_ data: @escaping @MainActor (_ index: Int) -> ItemProvider,
                       preview: (@MainActor (_ index: Int) -> DragPreview)? = nil) -> ListView {
        itemProvider(data, preview: preview)
    }

    /// Like ``onDrag(_:preview:)``, but `action` may return nil for rows
    /// that do not drag (SwiftUI's `itemProvider`); nil removes it.
    @discardableResult
    public func itemProvider(_ action: (@MainActor (_ index: Int) -> ItemProvider?)?,
                             preview: (@MainActor (_ index: Int) -> DragPreview)? = nil) -> ListView {
        let controller = installModifierController()
        controller.rowProvider = action
        controller.rowPreview = preview
        return self
    }

    /// Takes drops from elsewhere (another list, view, window or process) of
    /// items conforming to one of `types` (SwiftUI's `onInsert(of:perform:)`).
    ///
    /// `perform` gets the offset the items go in at (the gap shown while
    /// hovering; the end when dropped below the last row) and the providers
    /// of the conforming items, readable from then on. Load them and insert
    /// into the model, then tell the list (``insertItems(at:)`` or
    /// ``reloadData()``), as for any model change.
    ///
    /// - Parameters:
    ///   - types: The types a drag's items must conform to.
    ///   - isTargeted: Told true when a drag starts hovering over the list,
    ///     false when it leaves or is dropped.
    ///   - validate: Asked while a drag with conforming items hovers (from
    ///     its types and ``DropSession/localDragSession`` only, as
    ///     SwiftUI's `DropDelegate.validateDrop(info:)`); false refuses the
    ///     drag there and then: no gap, a `.cancel` proposal, and `perform`
    ///     is not called. For drops the types alone cannot rule out, such
    ///     as an item that must not be dropped where it already is:
    ///
    ///     ```swift
    ///     list.onInsert(of: [.todoItem, .utf8PlainText], validate: { info in
    ///         !info.hasItemsConforming(to: [.todoItemID])
    ///     }) { index, providers in store.insert(providers, at: index) }
    ///     ```
    ///   - perform: Inserts the dropped items' providers at the offset.
    @discardableResult
    public func onInsert(of types: [UTType], isTargeted: (@MainActor (Bool) -> Void)? = nil,
                         validate: (@MainActor (DropInfo) -> Bool)? = nil,
                         perform: @escaping @MainActor (_ index: Int, _ providers: [ItemProvider]) -> Void) -> ListView {
        let controller = installModifierController()
        controller.insertTypes = types
        controller.insert = perform
        controller.validateInsert = validate
        if let isTargeted { controller.isTargeted = isTargeted }
        return self
    }

    /// Takes drops from elsewhere of items importable as `T`, decoded
    /// before `action` sees them (SwiftUI's `ForEach.dropDestination(for:action:)`).
    ///
    /// While the items load, the list shows a placeholder row per item at
    /// the gap, whose toolkit cell `placeholderCell` fills in (GTK's
    /// `ListWidget` shows "Loading…"). Then the
    /// placeholders go and `action` gets every value and the insertion
    /// offset; insert them into the model there and tell the list
    /// (``insertItems(at:)``). All or nothing: an item that fails to decode,
    /// or an `action` that throws, reaches `onFailure` as a
    /// ``DropDestinationError`` and nothing is inserted. Drags with items
    /// conforming to ``onInsert(of:isTargeted:validate:perform:)``'s types too go
    /// here first.
    ///
    /// ```swift
    /// list.dropDestination(for: TodoItem.self) { items, index in
    ///     store.insert(items, at: index)
    ///     try list.insertItems(at: items.indices.map { IndexPath(item: index + $0, section: 0) })
    /// } onFailure: { error in
    ///     window.showError(error.description)
    /// }
    /// ```
    @discardableResult
    public func dropDestination<T: Transferable>(
        for type: T.Type = T.self,
        action: @escaping @MainActor (_ items: [T], _ index: Int) throws -> Void,
        isTargeted: (@MainActor (Bool) -> Void)? = nil,
        onFailure: (@MainActor (DropDestinationError) -> Void)? = nil,
        placeholderCell: (@MainActor (AnyObject) -> Void)? = nil
    ) -> ListView {
        let controller = installModifierController()
        controller.transferInsert = ListTransferInsert(type, action: action, onFailure: onFailure)
        controller.placeholderCell = placeholderCell
        if let isTargeted { controller.isTargeted = isTargeted }
        return self
    }

    /// Lets the user reorder rows by dragging them within the list
    /// (SwiftUI's `onMove(perform:)`).
    ///
    /// `action` gets the offsets of the moved rows and the destination
    /// counted before the move, as SwiftUI gives them: moving the first of
    /// three rows to the end gives `([0], 3)`; ``Swift/Array/move(fromOffsets:toOffset:)``
    /// applies exactly that. Change the model there; the list then moves
    /// its row itself (with its other changes since, if any, read again).
    /// A row dropped where it was is no move and `action` is not called.
    @discardableResult
    public func onMove(perform action: (@MainActor (_ source: IndexSet, _ destination: Int) -> Void)?) -> ListView {
        installModifierController().move = action
        return self
    }

    private func installModifierController() -> ListModifierController {
        let controller = modifierController ?? ListModifierController()
        modifierController = controller
        dragDelegate = controller
        dropDelegate = controller
        return controller
    }
}
