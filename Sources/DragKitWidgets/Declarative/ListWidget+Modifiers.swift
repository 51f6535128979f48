import DragAndDrop
import DragKitGTK
import Foundation
import ItemProviders
import UniformTypes

/// SwiftUI's list modifiers on a GTK list: they act on the list's model
/// (``DragAndDrop/ListView/onInsert(of:isTargeted:validate:perform:)`` and the
/// rest), whose drags the widget already carries between windows and
/// processes, with its insertion gap and auto-scrolling. Each returns the
/// widget.
///
/// ```swift
/// let list = ListWidget(model) { names[$0] }
///     .onDrag { index in ItemProvider(object: names.items[index]) }
///     .onMove { offsets, destination in names.move(fromOffsets: offsets, toOffset: destination) }
///     .onInsert(of: [.utf8PlainText]) { index, providers in store.insert(providers, at: index) }
/// ```
extension ListWidget {
    /// Each row drags the provider `data` makes for its index.
    @discardableResult
    public func onDrag(_ data: @escaping @MainActor (_ index: Int) -> ItemProvider,
                       preview: (@MainActor (_ index: Int) -> DragPreview)? = nil) -> ListWidget {
        model.onDrag(data, preview: preview)
        return self
    }

    /// Rows drag the provider `action` makes (nil: that row does not drag).
    @discardableResult
    public func itemProvider(_ action: (@MainActor (_ index: Int) -> ItemProvider?)?,
                             preview: (@MainActor (_ index: Int) -> DragPreview)? = nil) -> ListWidget {
        model.itemProvider(action, preview: preview)
        return self
    }

    /// Drops from elsewhere of items conforming to `types` go in at the
    /// shown gap (SwiftUI's `onInsert(of:perform:)`); `validate` false
    /// refuses a drag while it hovers.
    @discardableResult
    public func onInsert(of types: [UTType], isTargeted: (@MainActor (Bool) -> Void)? = nil,
                         validate: (@MainActor (DropInfo) -> Bool)? = nil,
                         perform: @escaping @MainActor (_ index: Int, _ providers: [ItemProvider]) -> Void) -> ListWidget {
        model.onInsert(of: types, isTargeted: isTargeted, validate: validate, perform: perform)
        return self
    }

    /// Drops from elsewhere of items importable as `T` show "Loading…"
    /// rows at the gap while they decode, then go to `action` (SwiftUI's
    /// `ForEach.dropDestination`); see
    /// `ListView/dropDestination(for:action:isTargeted:onFailure:)`.
    @discardableResult
    public func dropDestination<T: Transferable>(
        for type: T.Type = T.self,
        action: @escaping @MainActor (_ items: [T], _ index: Int) throws -> Void,
        isTargeted: (@MainActor (Bool) -> Void)? = nil,
        onFailure: (@MainActor (DropDestinationError) -> Void)? = nil
    ) -> ListWidget {
        model.dropDestination(for: type, action: action, isTargeted: isTargeted, onFailure: onFailure,
                              placeholderCell: { cell in (cell as? Label)?.text = "Loading…" })
        return self
    }

    /// Rows dragged within the list reorder it (SwiftUI's `onMove(perform:)`).
    @discardableResult
    public func onMove(perform action: (@MainActor (_ source: IndexSet, _ destination: Int) -> Void)?) -> ListWidget {
        model.onMove(perform: action)
        return self
    }
}
