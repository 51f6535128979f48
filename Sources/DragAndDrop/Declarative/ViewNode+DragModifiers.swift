import Foundation
import ItemProviders

/// SwiftUI's drag modifiers on a view node. Each returns the node, so
/// modifiers chain as in SwiftUI:
///
/// ```swift
/// let row = ViewNode(name: "row", frame: frame)
///     .onDrag { store.itemProvider(for: item) }
///     .onDrop(of: [.todoItem]) { providers in store.insert(providers, before: item) }
/// ```
///
/// A node has one modifier-made drag source: a later `onDrag`,
/// `itemProvider` or `draggable` replaces the earlier one.
extension ViewNode {
    /// Makes the node a drag source: each lift drags one item, from the
    /// provider `data` makes then (SwiftUI's `onDrag(_:preview:)`).
    ///
    /// - Parameters:
    ///   - data: Makes the dragged item's provider at each lift.
    ///   - preview: What to show under the pointer; nil shows the node
    ///     itself.
    @discardableResult
    public func onDrag(_ data: @escaping @MainActor () -> ItemProvider,
                       preview: (@MainActor () -> DragPreview)? = nil) -> ViewNode {
        setDragSource(preview: preview) { (data(), nil) }
    }

    /// Like ``onDrag(_:preview:)``, but `action` may return nil for no drag
    /// (SwiftUI's `itemProvider(_:)`); a nil `action` removes the drag
    /// source.
    @discardableResult
    public func itemProvider(_ action: (@MainActor () -> ItemProvider?)?,
                             preview: (@MainActor () -> DragPreview)? = nil) -> ViewNode {
        guard let action else {
            if let existing = modifierDragInteraction { removeInteraction(existing) }
            return self
        }
        return setDragSource(preview: preview) { action().map { ($0, nil) } }
    }

    /// Makes the node drag `payload` through its Transferable
    /// representations (SwiftUI's `draggable(_:preview:)`). `payload` is
    /// read at each lift, so the drag carries the value as it is then;
    /// destinations in this process also find it as the item's local object.
    ///
    /// ```swift
    /// row.draggable(item)     // TodoItem: Transferable
    /// ```
    @discardableResult
    public func draggable<T: Transferable>(_ payload: @autoclosure @escaping @MainActor () -> T,
                                           preview: (@MainActor () -> DragPreview)? = nil) -> ViewNode {
        setDragSource(preview: preview) {
            let value = payload()
            return (ItemProvider(transferable: value), value)
        }
    }

    private var modifierDragInteraction: DragInteraction? {
        dragInteractions.first { $0.itemProviderSource != nil }
    }

    private func setDragSource(preview: (@MainActor () -> DragPreview)?,
                               makeItem: @escaping @MainActor () -> (provider: ItemProvider, localObject: Any?)?)
        -> ViewNode
    {
        if let source = modifierDragInteraction?.itemProviderSource {
            source.makeItem = makeItem
            source.preview = preview
        } else {
            addInteraction(DragInteraction(source: ItemProviderDragSource(makeItem: makeItem, preview: preview)))
        }
        return self
    }
}
