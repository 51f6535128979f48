import Foundation
import ItemProviders

/// The engine's input events as values, for toolkits and tools that queue
/// or replay them; ``DragDropEngine/handle(_:)`` applies one. Each case
/// matches an engine method of the same name.
public enum DragDropInput: Sendable {
    /// ``DragDropEngine/beginDrag(_:at:)``
    case beginDrag(PointerID, at: CGPoint)
    /// ``DragDropEngine/beginDrag(_:from:at:)``
    case beginDragFromView(PointerID, view: ViewNode, at: CGPoint)
    /// ``DragDropEngine/beginExternalDrag(_:items:audience:at:in:)``
    case beginExternalDrag(PointerID, items: [ItemProvider], audience: ProviderAudience, at: CGPoint, in: ViewNode?)
    /// ``DragDropEngine/addItems(to:at:)``
    case addItems(PointerID, at: CGPoint)
    /// ``DragDropEngine/addItems(to:from:at:)``
    case addItemsFromView(PointerID, view: ViewNode, at: CGPoint)
    /// ``DragDropEngine/move(_:to:)``
    case move(PointerID, to: CGPoint)
    /// ``DragDropEngine/move(_:to:in:)``
    case moveInView(PointerID, to: CGPoint, in: ViewNode?)
    /// ``DragDropEngine/drop(_:)``
    case drop(PointerID)
    /// ``DragDropEngine/cancel(_:)``
    case cancel(PointerID)
    /// ``DragDropEngine/endOutside(_:with:)``
    case endOutside(PointerID, with: DropOperation)
    /// ``DragDropEngine/tick()``
    case tick
}

extension DragDropEngine {
    /// Applies `input` by calling the matching method.
    ///
    /// - Returns: The effective proposal for the event's pointer afterwards
    ///   (nil once its drag has ended or when it is over no target).
    @discardableResult
    public func handle(_ input: DragDropInput) throws(DragDropError) -> DropProposal? {
        switch input {
        case .beginDrag(let pointer, let point):
            try beginDrag(pointer, at: point)
            return proposal(for: pointer)
        case .beginDragFromView(let pointer, let view, let point):
            try beginDrag(pointer, from: view, at: point)
            return proposal(for: pointer)
        case .beginExternalDrag(let pointer, let items, let audience, let point, let view):
            try beginExternalDrag(pointer, items: items, audience: audience, at: point, in: view)
            return nil
        case .addItems(let pointer, let point):
            try addItems(to: pointer, at: point)
            return proposal(for: pointer)
        case .addItemsFromView(let pointer, let view, let point):
            try addItems(to: pointer, from: view, at: point)
            return proposal(for: pointer)
        case .move(let pointer, let point):
            return try move(pointer, to: point)
        case .moveInView(let pointer, let point, let view):
            return try move(pointer, to: point, in: view)
        case .drop(let pointer):
            try drop(pointer)
            return nil
        case .cancel(let pointer):
            try cancel(pointer)
            return nil
        case .endOutside(let pointer, let operation):
            try endOutside(pointer, with: operation)
            return nil
        case .tick:
            tick()
            return nil
        }
    }
}
