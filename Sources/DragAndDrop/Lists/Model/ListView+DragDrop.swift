import Foundation

extension ListView {
    /// Whether a drag that carries rows of this list is going on.
    public var hasActiveDrag: Bool { dragDrop.hasActiveDrag }

    /// Whether a drag is over this list (entered and not yet left or ended).
    public var hasActiveDrop: Bool { !dragDrop.activeDrops.isEmpty }

    /// The data source index path of the item row under `point`, nil over
    /// empty space or a placeholder.
    func itemIndexPath(at point: CGPoint) -> IndexPath? {
        layout.indexPathForItem(at: point).flatMap { row(at: $0)?.itemIndexPath }
    }

    /// Where a drop session's current location lands after `proposal` (nil:
    /// the session has not been proposed for yet here).
    ///
    /// The intent places the drop (an insertion until one is proposed). A
    /// single row of this list that is being moved counts as a reorder, its
    /// destination given as if the row had left its place already: UIKit
    /// takes a drag from the same list as a reorder until it is told
    /// otherwise, and a copy leaves the source row where it is.
    func dropTargeting(for session: DropSession, following proposal: ListDropProposal?) -> ListDropTargeting {
        let point = session.location(in: node)
        let row = layout.indexPathForItem(at: point)
        var fraction: CGFloat = 0.5
        if let row, let frame = layout.frameForItem(at: row) {
            fraction = switch layout.insertionAxis {
            case .vertical: frame.height > 0 ? (point.y - frame.minY) / frame.height : 0.5
            case .horizontal: frame.width > 0 ? (point.x - frame.minX) / frame.width : 0.5
            }
        }
        let placement = Self.placement(of: proposal)
        return ListDropTargeting.resolve(
            row: row, fraction: fraction, intent: placement.intent, state: state,
            reorderSource: placement.moves ? reorderSource(of: session) : nil)
    }

    /// What of a proposal decides where a drop lands: its intent, and
    /// whether it moves (a reorder, for a row of this list). Before any
    /// proposal: an insertion, and a move.
    static func placement(of proposal: ListDropProposal?) -> (intent: ListDropIntent, moves: Bool) {
        (proposal?.intent ?? .insertAtDestinationIndexPath, (proposal?.operation ?? .move) == .move)
    }

    /// The source row when the session drags exactly one row of this list.
    private func reorderSource(of session: DropSession) -> IndexPath? {
        guard session.itemCount == 1 else { return nil }
        return dragDrop.sourceIndexPath(of: session.item(at: 0), in: session)
    }

    func previewSize(of item: DragItem, from source: IndexPath?) -> CGSize {
        if let source, let frame = frameForItem(at: presentedIndexPath(forItemAt: source)) { return frame.size }
        return (item.sourceItem ?? item).previewProvider?()?.size ?? .zero
    }
}

extension ListView {
    /// How the lifted row of the item at `indexPath` is framed while it is
    /// dragged: the drag delegate's parameters, or nil for the default
    /// framing. Toolkits ask when they draw the preview.
    public func dragPreviewParameters(forItemAt indexPath: IndexPath) -> DragPreviewParameters? {
        dragDelegate?.list(self, dragPreviewParametersForItemAt: indexPath)
    }
}
