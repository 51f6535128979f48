import Benchmark
import DragAndDrop
import Foundation
import ItemProviders

// One move update of a running drag (hit test + drop delegate calls +
// proposal) over a window holding 10,000 drop targets in a 100 × 100 grid,
// with one drag and with ten at once. Baselines in the same run: a bare hit
// test of the same tree, and a linear scan of the 10,000 frames (what a
// hit test without the spatial index would cost).

/// Accepts everything and proposes a copy.
@MainActor
final class CopyEverything: DragInteractionDelegate, DropInteractionDelegate {
    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
        [DragItem(itemProvider: ItemProvider(object: "tea"))]
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        .copy
    }
}

/// A window of `side × side` drop targets, 10 points square each, and an
/// engine with `drags` drags running over it.
@MainActor
final class Grid {
    static let cell: CGFloat = 10
    let delegate = CopyEverything()
    let window: ViewNode
    let engine: DragDropEngine
    let pointers: [PointerID]
    /// Centers of pseudo-random cells, so consecutive moves change target.
    let points: [CGPoint]
    let frames: [CGRect]
    var next = 0

    /// `makeTarget` makes each cell a drop target; by default with the
    /// grid's copy-everything delegate.
    init(side: Int, drags: Int, makeTarget: ((ViewNode) -> Void)? = nil) {
        window = ViewNode(name: "window", frame: CGRect(x: 0, y: 0, width: CGFloat(side) * Self.cell,
                                                         height: CGFloat(side) * Self.cell))
        window.addInteraction(DragInteraction(delegate: delegate))
        for row in 0..<side {
            for column in 0..<side {
                let target = ViewNode(frame: CGRect(x: CGFloat(column) * Self.cell, y: CGFloat(row) * Self.cell,
                                                    width: Self.cell, height: Self.cell))
                if let makeTarget {
                    makeTarget(target)
                } else {
                    let drop = DropInteraction(delegate: delegate)
                    drop.allowsSimultaneousDropSessions = true
                    target.addInteraction(drop)
                }
                window.addChild(target)
            }
        }
        frames = window.children.map(\.frame)
        engine = DragDropEngine(root: window)
        pointers = (0..<drags).map { PointerID(rawValue: $0) }
        for pointer in pointers {
            _ = try? engine.beginDrag(pointer, at: CGPoint(x: 1, y: 1))
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        points = (0..<4096).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let cell = Int(state >> 33) % (side * side)
            return CGPoint(x: (CGFloat(cell % side) + 0.5) * Self.cell, y: (CGFloat(cell / side) + 0.5) * Self.cell)
        }
        // Build the spatial index before measuring.
        _ = window.hitTest(points[0])
    }

    func nextPoint() -> CGPoint {
        next = (next + 1) & 4095
        return points[next]
    }
}

@MainActor var oneDrag: Grid?
@MainActor var tenDrags: Grid?

@MainActor func gridWithOneDrag() -> Grid {
    if let grid = oneDrag { return grid }
    let grid = Grid(side: 100, drags: 1)
    oneDrag = grid
    return grid
}

@MainActor func gridWithTenDrags() -> Grid {
    if let grid = tenDrags { return grid }
    let grid = Grid(side: 100, drags: 10)
    tenDrags = grid
    return grid
}

/// Runs one iteration on the main actor (the engine's), timing only
/// `measured`, not the hop to the main actor or `prepare`.
func onMainActor<Input>(
    _ benchmark: Benchmark,
    prepare: @escaping @MainActor @Sendable () -> Input,
    measured: @escaping @MainActor @Sendable (Input) -> Void
) async {
    // The runner awaits this call and does not touch `benchmark` until it
    // returns, so the main actor has it to itself meanwhile.
    nonisolated(unsafe) let benchmark = benchmark
    await MainActor.run {
        let input = prepare()
        benchmark.startMeasurement()
        measured(input)
        benchmark.stopMeasurement()
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: 1_000,
        maxDuration: .seconds(3),
        maxIterations: 100_000
    )

    Benchmark("Baseline: linear scan of 10,000 frames") { benchmark in
        await onMainActor(benchmark, prepare: { () -> (Grid, CGPoint) in
            let grid = gridWithOneDrag()
            return (grid, grid.nextPoint())
        }, measured: { grid, point in
            var hit = -1
            for (index, frame) in grid.frames.enumerated().reversed() where frame.contains(point) {
                hit = index
                break
            }
            blackHole(hit)
        })
    }

    Benchmark("Baseline: hit test, 10,000 targets") { benchmark in
        await onMainActor(benchmark, prepare: { () -> (Grid, CGPoint) in
            let grid = gridWithOneDrag()
            return (grid, grid.nextPoint())
        }, measured: { grid, point in
            blackHole(grid.window.hitTest(point))
        })
    }

    Benchmark("Move update to a new target, 10,000 targets, 1 drag") { benchmark in
        await onMainActor(benchmark, prepare: { () -> (Grid, CGPoint) in
            let grid = gridWithOneDrag()
            return (grid, grid.nextPoint())
        }, measured: { grid, point in
            blackHole(try? grid.engine.move(0, to: point))
        })
    }

    Benchmark("Move update within one target, 10,000 targets, 1 drag") { benchmark in
        await onMainActor(benchmark, prepare: { () -> (Grid, CGPoint) in
            let grid = gridWithOneDrag()
            grid.next += 1
            let center = grid.points[0]
            return (grid, CGPoint(x: center.x + CGFloat(grid.next & 3) - 2, y: center.y))
        }, measured: { grid, point in
            blackHole(try? grid.engine.move(0, to: point))
        })
    }

    Benchmark("Move update to a new target, 10,000 targets, 10 drags") { benchmark in
        await onMainActor(benchmark, prepare: { () -> (Grid, CGPoint, PointerID) in
            let grid = gridWithTenDrags()
            let point = grid.nextPoint()
            return (grid, point, grid.pointers[grid.next % grid.pointers.count])
        }, measured: { grid, point, pointer in
            blackHole(try? grid.engine.move(pointer, to: point))
        })
    }

    declarativeBenchmarks()

    Benchmark("All 10 drags move once, 10,000 targets") { benchmark in
        await onMainActor(benchmark, prepare: { () -> (Grid, [CGPoint]) in
            let grid = gridWithTenDrags()
            return (grid, grid.pointers.map { _ in grid.nextPoint() })
        }, measured: { grid, points in
            for (pointer, point) in zip(grid.pointers, points) {
                blackHole(try? grid.engine.move(pointer, to: point))
            }
        })
    }
}
