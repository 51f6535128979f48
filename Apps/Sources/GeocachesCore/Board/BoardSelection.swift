/// The card the keyboard acts on (delete, move to the other lane): a lane
/// and a row. The steps keep it on a card that exists, or nil when the
/// lanes are empty.
public struct BoardSelection: Hashable, Sendable {
    public var lane: Lane
    public var index: Int

    public init(lane: Lane, index: Int) {
        self.lane = lane
        self.index = index
    }
}

extension CacheBoard {
    /// `selection` kept on a card: clamped to its lane, or the other lane's
    /// first card when its lane is empty; the first card when nil.
    public func valid(_ selection: BoardSelection?) -> BoardSelection? {
        let wanted = selection ?? BoardSelection(lane: .inProgress, index: 0)
        for lane in [wanted.lane, wanted.lane.other] {
            let count = self.lane(lane).items.rows.count
            if count > 0 {
                return BoardSelection(lane: lane, index: lane == wanted.lane ? min(max(wanted.index, 0), count - 1) : 0)
            }
        }
        return nil
    }

    /// The card `step` rows below (above, when negative) in the same lane.
    public func selection(_ selection: BoardSelection?, movedBy step: Int) -> BoardSelection? {
        guard let current = valid(selection) else { return nil }
        return valid(BoardSelection(lane: current.lane, index: current.index + step))
    }

    /// The card at the same row in the other lane (its last when shorter).
    public func selectionInOtherLane(_ selection: BoardSelection?) -> BoardSelection? {
        guard let current = valid(selection) else { return nil }
        let other = current.lane.other
        guard !lane(other).items.rows.isEmpty else { return current }
        return valid(BoardSelection(lane: other, index: current.index))
    }

    /// Moves the selected card to the end of the other lane (the keyboard's
    /// way to do what a drag does) and returns where it is now.
    public func moveToOtherLane(_ selection: BoardSelection?) throws(GeocacheError) -> BoardSelection? {
        guard let current = valid(selection) else { return nil }
        let other = current.lane.other
        let end = lane(other).items.rows.count
        try move(in: current.lane, at: current.index, to: other, at: end)
        return BoardSelection(lane: other, index: end)
    }
}
