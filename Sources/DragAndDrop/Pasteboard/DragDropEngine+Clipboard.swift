import Foundation
import ItemProviders

extension DragDropEngine {
    /// The item providers a drag lifted at `point` of `view` would carry,
    /// for a copy: the drag source is asked exactly as for a lift (a
    /// selected list row gives the whole selection), and the drag is then
    /// cancelled, so the source hears `willEnd` and `didEnd` with `.cancel`.
    /// Copy and drag so share one set of providers and rules.
    ///
    /// - Returns: The providers, empty when nothing there can be dragged.
    /// - Throws: `.pointerBusy` while `pointer` drags.
    public func copyItemProviders(from view: ViewNode, at point: CGPoint, pointer: PointerID = .keyboard)
        throws(DragDropError) -> [ItemProvider]
    {
        guard let session = try beginDrag(pointer, from: view, at: point) else { return [] }
        let providers = session.items.map(\.itemProvider)
        try cancel(pointer)
        return providers
    }

    /// Pastes `providers` at `point` of `view` as a drop from another
    /// process would land there: the target under the point is asked
    /// (`canHandle`, `sessionDidUpdate`) and, if it proposes a copy or a
    /// move, performs the drop, loading from the providers. So paste obeys
    /// the same rules as a drop and goes through the same code.
    ///
    /// - Returns: The operation (`.cancel` when the target refused).
    /// - Throws: `.pointerBusy` while `pointer` drags.
    @discardableResult
    public func paste(_ providers: [ItemProvider], into view: ViewNode, at point: CGPoint,
                      pointer: PointerID = .keyboard) throws(DragDropError) -> DropOperation
    {
        guard !providers.isEmpty else { return .cancel }
        try beginExternalDrag(pointer, items: providers, audience: .otherProcess, at: point, in: view)
        try move(pointer, to: point, in: view)
        return try drop(pointer)
    }
}
