import Foundation

/// What a drag from a lane carries as its session's local context: where it
/// started, and which lane a committed move put the geocache in. The source
/// lane lets go of the geocache when the drag ends, and only if a drop in
/// another lane committed.
@MainActor
final class LaneDrag {
    let sourceLane: Lane
    let geocacheID: Int64
    /// The lane a committed drop moved the geocache to; nil until then, and
    /// the source lane itself for a reorder.
    var committedLane: Lane?

    init(sourceLane: Lane, geocacheID: Int64) {
        self.sourceLane = sourceLane
        self.geocacheID = geocacheID
    }
}
