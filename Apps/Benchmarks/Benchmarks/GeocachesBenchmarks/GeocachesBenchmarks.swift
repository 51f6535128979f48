import Benchmark
import Foundation
import GeocachesCore

// CacheMaker's core on a big board: starting (open the store, read both
// lanes, build the lane lists) and moving one geocache to the other lane
// with the move persisted, each at 1,000 and 10,000 geocaches. Starting
// reads every row, so it grows with the board; a move writes one row and
// must cost about the same at both sizes (ratio under 2).

/// A board folder holding `count` geocaches, half in each lane, made once
/// per run.
@MainActor var folders: [Int: URL] = [:]

@MainActor func boardFolder(_ count: Int) -> URL {
    if let folder = folders[count] { return folder }
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("geocaches-bench-\(count)-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.removeItem(at: folder)
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let store = try! GeocacheStore(folder: folder, samples: [])
    for lane in Lane.allCases {
        try! store.append((0..<count / 2).map { number in
            Geocache(name: "\(lane.title) \(number)", summary: "Cache number \(number)",
                     latitude: Double(number % 180) - 90, longitude: Double(number % 360) - 180)
        }, to: lane)
    }
    folders[count] = folder
    return folder
}

/// An open board per size, for the moves.
@MainActor var boards: [Int: CacheBoard] = [:]
@MainActor var moveCount = 0

@MainActor func openBoard(_ count: Int) -> CacheBoard {
    if let board = boards[count] { return board }
    let board = try! CacheBoard(store: GeocacheStore(folder: boardFolder(count)))
    boards[count] = board
    return board
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: 3,
        maxDuration: .seconds(3),
        maxIterations: 1_000
    )

    for count in [1_000, 10_000] {
        Benchmark("Board start: open store and load lanes, \(count.formatted()) geocaches") { benchmark in
            // The harness waits for this closure, so handing it to the main
            // actor for the measurement races with nothing.
            nonisolated(unsafe) let benchmark = benchmark
            await MainActor.run {
                let folder = boardFolder(count)
                benchmark.startMeasurement()
                let board = try! CacheBoard(store: GeocacheStore(folder: folder))
                benchmark.stopMeasurement()
                blackHole(board)
            }
        }
    }

    Benchmark("Baseline: the store's one-row write alone (no lanes), 10,000 geocaches") { benchmark in
        nonisolated(unsafe) let benchmark = benchmark
        await MainActor.run {
            let board = openBoard(10_000)
            let row = board.completed.items.rows[0]
            moveCount += 1
            benchmark.startMeasurement()
            try! board.store.move(id: row.geocache.id!, to: .completed, position: row.position - Double(moveCount) / 1e6)
            benchmark.stopMeasurement()
        }
    }

    for count in [1_000, 10_000] {
        Benchmark("Move between lanes, persisted, \(count.formatted()) geocaches") { benchmark in
            nonisolated(unsafe) let benchmark = benchmark
            await MainActor.run {
                let board = openBoard(count)
                // Middle of one lane to the middle of the other, alternating
                // directions so the lanes keep their sizes.
                moveCount += 1
                let (from, to): (Lane, Lane) = moveCount.isMultiple(of: 2) ? (.inProgress, .completed) : (.completed, .inProgress)
                let index = board.lane(from).items.rows.count / 2
                let destination = board.lane(to).items.rows.count / 2
                benchmark.startMeasurement()
                try! board.move(in: from, at: index, to: to, at: destination)
                benchmark.stopMeasurement()
            }
        }
    }
}
