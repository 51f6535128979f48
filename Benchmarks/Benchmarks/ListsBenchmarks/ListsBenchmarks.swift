import Benchmark
import DragAndDrop
import Foundation

// Lists: the row under a point in a list of 100,000 rows of varying height
// (binary search over running heights), against a linear scan of the same
// frames and the same lookup in 1,000 rows; and one reorder (data source
// move + checked batch update + layout update) at 1,000 and 100,000 rows,
// which must cost about the same, against a naive array remove + insert.

/// A list of `count` rows, 20 to 72 points high, and points spread over it.
@MainActor
final class TallList {
    let items: ListItems<Int>
    let list: ListView
    let frames: [CGRect]
    let points: [CGPoint]
    /// Rows to move, and whether each goes down or up, in a fixed order.
    let moves: [(from: Int, to: Int)]
    var next = 0

    init(count: Int) {
        items = ListItems(Array(0..<count))
        let layout = ListRowLayout(width: 320) { row in
            CGFloat(20 + ((row.itemIndexPath?.item ?? 0) &* 2_654_435_761) % 53)
        }
        list = ListView(dataSource: items, layout: layout)
        frames = (0..<count).map { layout.frameForItem(at: IndexPath(item: $0, section: 0))! }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        let height = layout.contentSize.height
        points = (0..<4096).map { _ in CGPoint(x: 160, y: CGFloat(random(Int(height)))) }
        // Moves of 8 rows, down then back up, so the list stays as it was.
        moves = (0..<2048).flatMap { _ -> [(from: Int, to: Int)] in
            let row = random(count - 8)
            return [(row, row + 8), (row + 8, row)]
        }
    }

    func nextPoint() -> CGPoint {
        next = (next + 1) & 4095
        return points[next]
    }

    func nextMove() -> (from: IndexPath, to: IndexPath) {
        next = (next + 1) & 4095
        let move = moves[next]
        return (IndexPath(item: move.from, section: 0), IndexPath(item: move.to, section: 0))
    }
}

@MainActor var rows1k: TallList?
@MainActor var rows100k: TallList?
@MainActor var plainArray = Array(0..<100_000)

@MainActor func list(_ count: Int) -> TallList {
    if count == 1_000 {
        if let rows1k { return rows1k }
        rows1k = TallList(count: count)
        return rows1k!
    }
    if let rows100k { return rows100k }
    rows100k = TallList(count: count)
    return rows100k!
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: 1_000,
        maxDuration: .seconds(2),
        maxIterations: 100_000
    )

    Benchmark("Baseline: linear scan for the row under a point, 100,000 rows") { benchmark in
        // The harness waits for this closure, so handing it to the main
        // actor for the measurement races with nothing.
        nonisolated(unsafe) let benchmark = benchmark
        await MainActor.run {
            let rows = list(100_000)
            let point = rows.nextPoint()
            benchmark.startMeasurement()
            let hit = rows.frames.firstIndex { $0.contains(point) }
            benchmark.stopMeasurement()
            blackHole(hit)
        }
    }

    // A lookup takes well under a microsecond, less than starting and
    // stopping a measurement; so each sample times 1,000 lookups at
    // successive points and the figures are per lookup (scaling factor kilo).
    let perLookup = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], warmupIterations: 10, scalingFactor: .kilo,
        maxDuration: .seconds(2), maxIterations: 10_000
    )
    for count in [1_000, 100_000] {
        Benchmark("Row under a point, \(count.formatted()) rows of varying height",
                  configuration: perLookup) { benchmark in
            nonisolated(unsafe) let benchmark = benchmark
            await MainActor.run {
                let rows = list(count)
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    blackHole(rows.list.indexPathForItem(at: rows.nextPoint()))
                }
                benchmark.stopMeasurement()
            }
        }
    }

    Benchmark("Baseline: array remove + insert of one row, 100,000 rows") { benchmark in
        // The harness waits for this closure, so handing it to the main
        // actor for the measurement races with nothing.
        nonisolated(unsafe) let benchmark = benchmark
        await MainActor.run {
            let rows = list(100_000)
            let move = rows.nextMove()
            benchmark.startMeasurement()
            plainArray.insert(plainArray.remove(at: move.from.item), at: move.to.item)
            benchmark.stopMeasurement()
        }
    }

    for count in [1_000, 100_000] {
        Benchmark("Reorder by 8 rows, \(count.formatted()) rows") { benchmark in
            nonisolated(unsafe) let benchmark = benchmark
            await MainActor.run {
                let rows = list(count)
                let move = rows.nextMove()
                benchmark.startMeasurement()
                try? rows.list.performBatchUpdates { batch in
                    rows.items.moveItem(at: move.from, to: move.to)
                    batch.moveItem(at: move.from, to: move.to)
                }
                benchmark.stopMeasurement()
            }
        }
    }
}
