/// A place on the board: a lane and a row. The selected card is kept by
/// its geocache's id (``CacheBoard/selectedID``); a place says where it is
/// now (``CacheBoard/selection``) or where a command puts it.
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
}
