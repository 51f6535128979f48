import Foundation

/// A uniform grid over a node's children's frames, so that hit testing a
/// node with thousands of children looks at the few whose frames overlap
/// the point's cell instead of all of them.
///
/// Children whose frames span many cells are kept in a separate list that
/// every query also checks, so one huge child cannot blow up the grid.
struct ChildHitIndex: Sendable {
    /// Below this many children a plain scan is as fast as the index.
    static let minimumChildCount = 24

    private let originX: Double
    private let originY: Double
    private let cellWidth: Double
    private let cellHeight: Double
    private let columns: Int
    private let rows: Int
    /// Compressed rows: cell `c`'s children are
    /// `cellItems[cellStarts[c]..<cellStarts[c + 1]]`, ascending.
    private let cellStarts: [Int32]
    private let cellItems: [Int32]
    /// Children checked on every query, ascending.
    private let spanning: [Int32]

    init(frames: [CGRect]) {
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        var usable: [Int] = []
        usable.reserveCapacity(frames.count)
        for (i, raw) in frames.enumerated() {
            let frame = raw.standardized
            guard frame.width > 0, frame.height > 0,
                  frame.minX.isFinite, frame.minY.isFinite, frame.maxX.isFinite, frame.maxY.isFinite
            else { continue }
            usable.append(i)
            minX = min(minX, Double(frame.minX)); minY = min(minY, Double(frame.minY))
            maxX = max(maxX, Double(frame.maxX)); maxY = max(maxY, Double(frame.maxY))
        }
        let side = max(1, min(512, Int(Double(usable.count).squareRoot().rounded(.up))))
        columns = side
        rows = side
        originX = usable.isEmpty ? 0 : minX
        originY = usable.isEmpty ? 0 : minY
        cellWidth = usable.isEmpty ? 1 : max((maxX - minX) / Double(side), .leastNonzeroMagnitude)
        cellHeight = usable.isEmpty ? 1 : max((maxY - minY) / Double(side), .leastNonzeroMagnitude)

        // A child overlapping more than this many cells goes to `spanning`.
        let spanLimit = max(16, (side * side) / 8)
        var ranges: [(index: Int32, c0: Int, c1: Int, r0: Int, r1: Int)] = []
        ranges.reserveCapacity(usable.count)
        var spanning: [Int32] = []
        var counts = [Int32](repeating: 0, count: side * side + 1)
        for i in usable {
            let frame = frames[i].standardized
            let c0 = Self.clamp((Double(frame.minX) - originX) / cellWidth, side)
            let c1 = Self.clamp((Double(frame.maxX) - originX) / cellWidth, side)
            let r0 = Self.clamp((Double(frame.minY) - originY) / cellHeight, side)
            let r1 = Self.clamp((Double(frame.maxY) - originY) / cellHeight, side)
            if (c1 - c0 + 1) * (r1 - r0 + 1) > spanLimit {
                spanning.append(Int32(i))
                continue
            }
            ranges.append((Int32(i), c0, c1, r0, r1))
            for r in r0...r1 {
                for c in c0...c1 { counts[r * side + c + 1] += 1 }
            }
        }
        for c in 1..<counts.count { counts[c] += counts[c - 1] }
        var fill = counts
        var items = [Int32](repeating: 0, count: Int(counts[side * side]))
        for range in ranges {
            for r in range.r0...range.r1 {
                for c in range.c0...range.c1 {
                    let cell = r * side + c
                    items[Int(fill[cell])] = range.index
                    fill[cell] += 1
                }
            }
        }
        self.cellStarts = counts
        self.cellItems = items
        self.spanning = spanning
    }

    private static func clamp(_ value: Double, _ limit: Int) -> Int {
        guard value.isFinite else { return value > 0 ? limit - 1 : 0 }
        return min(limit - 1, max(0, Int(value.rounded(.down))))
    }

    /// Calls `body` with the indices of the children that may contain
    /// `point`, front-most (highest index) first, until it returns true.
    func forEachCandidate(at point: CGPoint, _ body: (Int) -> Bool) {
        let x = (Double(point.x) - originX) / cellWidth
        let y = (Double(point.y) - originY) / cellHeight
        var cellSlice: ArraySlice<Int32> = []
        if x >= 0, y >= 0, x < Double(columns), y < Double(rows) {
            let cell = Int(y) * columns + Int(x)
            cellSlice = cellItems[Int(cellStarts[cell])..<Int(cellStarts[cell + 1])]
        }
        // Merge the two ascending lists from the back, so the front-most
        // child is always tried first.
        var a = cellSlice.endIndex
        var b = spanning.endIndex
        while a > cellSlice.startIndex || b > spanning.startIndex {
            let next: Int32
            if b == spanning.startIndex || (a > cellSlice.startIndex && cellSlice[a - 1] > spanning[b - 1]) {
                a -= 1
                next = cellSlice[a]
            } else {
                b -= 1
                next = spanning[b]
            }
            if body(Int(next)) { return }
        }
    }
}
