import Foundation
import ItemProviders
import UniformTypes

/// SwiftUI's drop modifiers on a view node. Each adds a drop interaction
/// and returns the node. When a node has several, the last one added is
/// asked first; one whose types the drag does not carry lets the next one
/// try.
///
/// ```swift
/// header.onDrop(of: [.todoList, .utf8PlainText], isTargeted: { header.isHighlighted = $0 }) { providers in
///     store.addLists(from: providers)
///     return true
/// }
/// ```
extension ViewNode {
    /// Takes drops of items conforming to one of `types`, handing their
    /// providers to `perform` (SwiftUI's `onDrop(of:isTargeted:perform:)`).
    /// Drags carrying none of `types` pass the node by. `perform` returns
    /// false to refuse the drop; the providers' data is readable from
    /// `perform` on (`provider.loadObject(ofClass:)`).
    ///
    /// - Parameters:
    ///   - types: The types a drag's items must conform to.
    ///   - isTargeted: Told true when a drag starts hovering over the node,
    ///     false when it leaves or is dropped.
    ///   - perform: Handles the dropped items' providers; false refuses.
    @discardableResult
    public func onDrop(of types: [UTType], isTargeted: (@MainActor (Bool) -> Void)? = nil,
                       perform: @escaping @MainActor ([ItemProvider]) -> Bool) -> ViewNode {
        onDrop(of: types, isTargeted: isTargeted) { providers, _ in perform(providers) }
    }

    /// Like `onDrop(of:isTargeted:perform:)`,
    /// with the drop's location in the node's coordinates.
    @discardableResult
    public func onDrop(of types: [UTType], isTargeted: (@MainActor (Bool) -> Void)? = nil,
                       perform: @escaping @MainActor ([ItemProvider], CGPoint) -> Bool) -> ViewNode {
        addInteraction(DropInteraction(of: types, isTargeted: isTargeted, perform: perform))
        return self
    }

    /// Takes drops of items conforming to one of `types`, decided by
    /// `delegate` in SwiftUI's order (see ``DropDelegate``).
    @discardableResult
    public func onDrop(of types: [UTType], delegate: some DropDelegate) -> ViewNode {
        addInteraction(DropInteraction(of: types, delegate: delegate))
        return self
    }

    /// Takes drops of items importable as `T` (SwiftUI's
    /// `dropDestination(for:action:isTargeted:)`). On a drop every such
    /// item is decoded through `T`'s Transferable representations, best
    /// first; then `action` gets the values and the location in the node.
    ///
    /// All or nothing: when an item fails to decode, or `action` throws,
    /// `onFailure` gets a ``DropDestinationError`` and `action` is not
    /// called (or its throw changed nothing, by contract); returning false
    /// or failing refuses the drop. Decoding is asynchronous: `action` runs
    /// on the main actor after the drop, once every item has loaded.
    ///
    /// ```swift
    /// listNode.dropDestination(for: TodoItem.self) { items, location in
    ///     store.insert(items, at: store.index(at: location))
    ///     return true
    /// } onFailure: { error in
    ///     window.showError(error.description)
    /// }
    /// ```
    @discardableResult
    public func dropDestination<T: Transferable>(
        for type: T.Type = T.self,
        action: @escaping @MainActor ([T], CGPoint) throws -> Bool,
        isTargeted: (@MainActor (Bool) -> Void)? = nil,
        onFailure: (@MainActor (DropDestinationError) -> Void)? = nil
    ) -> ViewNode {
        addInteraction(DropInteraction(for: type, isTargeted: isTargeted, onFailure: onFailure, action: action))
        return self
    }
}
