import Foundation
import ItemProviders
import UniformTypes

/// What the source side (``DragSession``) and the destination side
/// (``DropSession``) of a drag have in common (`UIDragDropSession`): the
/// items, where the drag is, and what the source allows. Code that only asks
/// about types can take either.
///
/// ```swift
/// func takesText(_ session: some DragDropSession) -> Bool {
///     session.hasItemsConforming(to: .plainText) && session.items.count == 1
/// }
/// ```
@MainActor
public protocol DragDropSession: AnyObject {
    /// The dragged items, in the order they joined the drag.
    var items: [DragItem] { get }

    /// Whether a destination may move the items rather than copy them.
    var allowsMoveOperation: Bool { get }

    /// Whether the items must stay in the application the drag started in.
    var isRestrictedToDraggingApplication: Bool { get }

    /// The drag's current location in `view`'s coordinate space (screen
    /// space when nil).
    func location(in view: ViewNode?) -> CGPoint
}

extension DragDropSession {
    /// Whether any item has a representation conforming to one of `types`.
    /// Only asks about types, so it works while the data is sealed.
    public func hasItemsConforming(to types: [UTType]) -> Bool {
        items.contains { item in types.contains { item.itemProvider.hasItemConforming(to: $0) } }
    }

    /// Whether any item has a representation conforming to `type`.
    public func hasItemsConforming(to type: UTType) -> Bool {
        hasItemsConforming(to: [type])
    }

    /// Whether any item can be loaded as `type`. Only asks about types, so
    /// it works while the data is sealed.
    public func canLoadObjects<T: ItemProviderReading>(ofClass type: T.Type) -> Bool {
        items.contains { $0.itemProvider.canLoadObject(ofClass: type) }
    }
}
