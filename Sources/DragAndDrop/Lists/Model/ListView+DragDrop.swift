import Foundation

extension ListView {
    /// Whether a drag that carries rows of this list is going on.
    public var hasActiveDrag: Bool { !dragDrop.activeDrags.isEmpty }

    /// Whether a drag is over this list (entered and not yet left or ended).
    public var hasActiveDrop: Bool { !dragDrop.activeDrops.isEmpty }

    /// The data source index path of the item row under `point`, nil over
    /// empty space or a placeholder.
    func itemIndexPath(at point: CGPoint) -> IndexPath? {
        layout.indexPathForItem(at: point).flatMap { row(at: $0)?.itemIndexPath }
    }

    /// Where a drop session's current location lands for `intent`.
    func dropTargeting(for session: DropSession, intent: ListDropIntent) -> ListDropTargeting {
        let point = session.location(in: node)
        let row = layout.indexPathForItem(at: point)
        var fraction: CGFloat = 0.5
        if let row, let frame = layout.frameForItem(at: row) {
            fraction = switch layout.insertionAxis {
            case .vertical: frame.height > 0 ? (point.y - frame.minY) / frame.height : 0.5
            case .horizontal: frame.width > 0 ? (point.x - frame.minX) / frame.width : 0.5
            }
        }
        return ListDropTargeting.resolve(
            row: row, fraction: fraction, intent: intent, state: state, reorderSource: reorderSource(of: session))
    }

    /// The source row when the session drags exactly one row of this list.
    private func reorderSource(of session: DropSession) -> IndexPath? {
        let items = session.items
        guard items.count == 1 else { return nil }
        return dragDrop.sourceIndexPath(of: items[0], in: session)
    }

    func previewSize(of item: DragItem, from source: IndexPath?) -> CGSize {
        if let source, let frame = frameForItem(at: presentedIndexPath(forItemAt: source)) { return frame.size }
        return (item.sourceItem ?? item).previewProvider?()?.size ?? .zero
    }
}
