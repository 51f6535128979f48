import DragAndDrop
import Foundation
import ItemProviders
import UniformTypes

/// SwiftUI's drop modifiers on GTK widgets: the same as on a ``ViewNode``
/// (``DragAndDrop/ViewNode/onDrop(of:isTargeted:perform:)``), with the
/// widget made a GTK drop target, so drops come from this window, other
/// windows and other processes (DragKit apps or any GTK app). Locations are
/// in the widget's coordinates. Each returns the widget.
///
/// ```swift
/// basket.onDrop(of: [.utf8PlainText], isTargeted: { basket.setHighlighted($0) }) { providers in
///     store.add(from: providers)
///     return true
/// }
/// ```
extension Widget {
    /// Takes drops of items conforming to one of `types` (SwiftUI's
    /// `onDrop(of:isTargeted:perform:)`); `perform` returns false to refuse.
    @discardableResult
    public func onDrop(of types: [UTType], isTargeted: (@MainActor (Bool) -> Void)? = nil,
                       perform: @escaping @MainActor ([ItemProvider]) -> Bool) -> Self {
        viewNode.onDrop(of: types, isTargeted: isTargeted, perform: perform)
        return bindingDropTarget()
    }

    /// Like `onDrop(of:isTargeted:perform:)`,
    /// with the drop's location in the widget.
    @discardableResult
    public func onDrop(of types: [UTType], isTargeted: (@MainActor (Bool) -> Void)? = nil,
                       perform: @escaping @MainActor ([ItemProvider], CGPoint) -> Bool) -> Self {
        viewNode.onDrop(of: types, isTargeted: isTargeted, perform: perform)
        return bindingDropTarget()
    }

    /// Takes drops decided by a SwiftUI-style `DropDelegate`.
    @discardableResult
    public func onDrop(of types: [UTType], delegate: some DropDelegate) -> Self {
        viewNode.onDrop(of: types, delegate: delegate)
        return bindingDropTarget()
    }

    /// Takes drops of items importable as `T`, decoded before `action` runs
    /// (SwiftUI's `dropDestination`); see
    /// `ViewNode/dropDestination(for:action:isTargeted:onFailure:)`.
    @discardableResult
    public func dropDestination<T: Transferable>(
        for type: T.Type = T.self,
        action: @escaping @MainActor ([T], CGPoint) throws -> Bool,
        isTargeted: (@MainActor (Bool) -> Void)? = nil,
        onFailure: (@MainActor (DropDestinationError) -> Void)? = nil
    ) -> Self {
        viewNode.dropDestination(for: type, action: action, isTargeted: isTargeted, onFailure: onFailure)
        return bindingDropTarget()
    }

    private func bindingDropTarget() -> Self {
        DesktopDragDrop.shared.bindTarget(self, node: viewNode)
        return self
    }
}
