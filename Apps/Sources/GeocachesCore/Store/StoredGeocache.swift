/// A geocache as the board's store keeps it: in a lane, at a position.
public struct StoredGeocache: Hashable, Sendable {
    public var geocache: Geocache
    public var lane: Lane
    /// The row's place in its lane; see ``LanePosition``.
    public var position: Double

    public init(geocache: Geocache, lane: Lane, position: Double) {
        self.geocache = geocache
        self.lane = lane
        self.position = position
    }
}
