/// Where a geocache sits in its lane: a number between its neighbours'
/// numbers, so moving one geocache rewrites only its own row.
///
/// New rows at either end step `spacing` away from the end; a row dropped
/// between two others takes the midpoint. After about fifty drops into the
/// same gap the midpoint stops being distinct; then the lane is renumbered
/// once (every row `spacing` apart) and the drop goes in the fresh gap.
public enum LanePosition {
    /// The distance between neighbours after a renumbering, and the step
    /// taken past either end of a lane.
    public static let spacing = 1024.0

    /// The position for a row between `before` and `after` (nil for the
    /// lane's ends), or nil when there is no room left between them and the
    /// lane must be renumbered first.
    public static func between(_ before: Double?, _ after: Double?) -> Double? {
        switch (before, after) {
        case (nil, nil):
            return 0
        case (let before?, nil):
            return before + spacing
        case (nil, let after?):
            return after - spacing
        case (let before?, let after?):
            let middle = before + (after - before) / 2
            // Too close to tell apart: two rows would share a place.
            guard middle > before, middle < after, after - before > 1e-9 else { return nil }
            return middle
        }
    }

    /// Positions for `count` rows in order, evenly spaced.
    public static func renumbered(count: Int) -> [Double] {
        (0..<count).map { Double($0) * spacing }
    }
}
