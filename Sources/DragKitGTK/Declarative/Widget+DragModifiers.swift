import DragAndDrop
import Foundation
import ItemProviders

/// SwiftUI's drag modifiers on GTK widgets: the same as on a ``ViewNode``
/// (``DragAndDrop/ViewNode/onDrag(_:preview:)``), on the widget's view node,
/// with the widget made a GTK drag source, so the drag works in a window,
/// between windows and to other processes. Each returns the widget.
///
/// ```swift
/// let row = Label(item.title)
///     .onDrag { store.itemProvider(for: item) }
/// ```
extension Widget {
    /// Makes the widget a drag source: each drag carries one item, from the
    /// provider `data` makes then (SwiftUI's `onDrag`).
    @discardableResult
    public func onDrag(_ data: @escaping @MainActor () -> ItemProvider,
                       preview: (@MainActor () -> DragPreview)? = nil) -> Self {
        viewNode.onDrag(data, preview: preview)
        return bindingDragSource()
    }

    /// Like ``onDrag(_:preview:)``; `action` may return nil for no drag, and
    /// a nil `action` removes the drag source (SwiftUI's `itemProvider`).
    @discardableResult
    public func itemProvider(_ action: (@MainActor () -> ItemProvider?)?,
                             preview: (@MainActor () -> DragPreview)? = nil) -> Self {
        viewNode.itemProvider(action, preview: preview)
        return bindingDragSource()
    }

    /// Makes the widget drag `payload` through its Transferable
    /// representations (SwiftUI's `draggable`).
    @discardableResult
    public func draggable<T: Transferable>(_ payload: @autoclosure @escaping @MainActor () -> T,
                                           preview: (@MainActor () -> DragPreview)? = nil) -> Self {
        viewNode.draggable(payload(), preview: preview)
        return bindingDragSource()
    }

    private func bindingDragSource() -> Self {
        DesktopDragDrop.shared.bindSource(self, node: viewNode)
        return self
    }
}
