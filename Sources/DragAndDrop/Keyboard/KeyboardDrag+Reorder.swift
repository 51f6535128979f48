import Foundation

extension KeyboardDrag {
    /// Moves the row at `indexPath` (a data source index path) of `list`
    /// up (`offset` -1) or down (+1) by one place, as a drag to that place
    /// would: the row is lifted, moved to the insertion point one row away
    /// and dropped, so the list's drag and drop delegates (or its `onMove`)
    /// make the move, with their rules and undo. Alt+Up and Alt+Down in
    /// toolkits.
    ///
    /// A selected row moves with the rest of the selection, as a drag of it
    /// would.
    ///
    /// - Returns: The operation the drag ended with: `.move` when the list
    ///   moved the row, `.cancel` when its delegate refused the place (or
    ///   the row is already at that end).
    /// - Throws: `.pointerBusy` while a keyboard drag is going on.
    @discardableResult
    public func reorder(rowAt indexPath: IndexPath, of list: ListView, by offset: Int) throws(DragDropError) -> DropOperation {
        let presented = list.presentedIndexPath(forItemAt: indexPath)
        let count = list.numberOfItems(inSection: presented.section)
        let neighbour = presented.item + (offset < 0 ? -1 : 1)
        guard offset != 0, (0..<count).contains(neighbour),
              let frame = list.frameForItem(at: IndexPath(item: neighbour, section: presented.section))
        else { return .cancel }
        // Up: the leading edge of the row above (insert before it). Down:
        // the trailing edge of the row below (insert after it).
        let fraction: CGFloat = offset < 0 ? 0.1 : 0.9
        let point = list.layout.insertionAxis == .vertical
            ? CGPoint(x: frame.midX, y: frame.minY + frame.height * fraction)
            : CGPoint(x: frame.minX + frame.width * fraction, y: frame.midY)
        let announcer = self.announcer
        self.announcer = nil
        defer { self.announcer = announcer }
        guard try lift(rowAt: indexPath, of: list) != nil else { return .cancel }
        let proposal = try engine.move(pointer, to: point, in: list.node)
        guard let proposal, proposal.operation == .move else {
            try cancel()
            announcer?(KeyboardDragAnnouncement(event: .cancelled, text: "Cannot move \(rowName(indexPath, of: list)) there."))
            return .cancel
        }
        let place = offset < 0 ? "up" : "down"
        let name = rowName(indexPath, of: list)
        try engine.drop(pointer)
        finishReorder()
        announcer?(KeyboardDragAnnouncement(event: .dropped, text: "Moved \(name) \(place)."))
        return .move
    }

    private func rowName(_ indexPath: IndexPath, of list: ListView) -> String {
        list.accessibilityRowLabel?(indexPath) ?? "item \(indexPath.item + 1)"
    }
}
