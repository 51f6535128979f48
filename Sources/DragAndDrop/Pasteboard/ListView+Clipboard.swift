import Foundation
import ItemProviders

extension ListView {
    /// The providers a drag of the selection (or of `indexPath`) carries,
    /// for Ctrl+C: asked from the list's drag delegate as a lift would.
    public func copyItemProviders(
        at indexPath: IndexPath? = nil, engine: DragDropEngine, pointer: PointerID = .keyboard
    ) throws(DragDropError) -> [ItemProvider] {
        guard let row = indexPath ?? selection.focus ?? indexPathsForSelectedItems.first,
              let frame = frameForItem(at: presentedIndexPath(forItemAt: row)) else { return [] }
        return try engine.copyItemProviders(from: node, at: CGPoint(x: frame.midX, y: frame.midY), pointer: pointer)
    }

    /// Pastes `providers` after the focused row (at the start of an empty
    /// list) as a drop from another program there would land: through the
    /// list's drop delegate (or `onInsert`), with its rules.
    @discardableResult
    public func paste(
        _ providers: [ItemProvider], engine: DragDropEngine, pointer: PointerID = .keyboard
    ) throws(DragDropError) -> DropOperation {
        let point: CGPoint
        if let row = selection.focus ?? indexPathsForSelectedItems.last,
           let frame = frameForItem(at: presentedIndexPath(forItemAt: row)) {
            // The trailing edge of the focused row: the gap after it.
            point = layout.insertionAxis == .vertical
                ? CGPoint(x: frame.midX, y: frame.minY + frame.height * 0.9)
                : CGPoint(x: frame.minX + frame.width * 0.9, y: frame.midY)
        } else if let first = frameForItem(at: IndexPath(item: 0, section: 0)) {
            point = CGPoint(x: first.midX, y: first.minY + first.height * 0.1)
        } else {
            point = node.boundsCenter
        }
        return try engine.paste(providers, into: node, at: point, pointer: pointer)
    }
}
