import Benchmark
import DragAndDrop
import Foundation
import ItemProviders
import UniformTypes

// What the SwiftUI-style modifiers cost on top of the interactions they are
// made of: one move update of a drag carrying text to a new target, over
// 10,000 targets written either as UIKit-style delegates that check the type
// and propose a copy (the baseline, in the same run), or as
// `onDrop(of: [.plainText])`, with and without an `isTargeted` closure. Each
// move asks the new target (validateDrop), leaves the old one (dropExited),
// and enters and updates the new one.

/// The UIKit-style target: the decisions `onDrop(of:)` makes.
@MainActor
final class TextTarget: DropInteractionDelegate {
    func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
        session.hasItemsConforming(to: [.plainText])
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        .copy
    }
}

@MainActor let textTarget = TextTarget()
@MainActor var textGrids: [String: Grid] = [:]

/// A 100 × 100 grid of text targets of one kind, with one drag of text.
@MainActor func textGrid(_ kind: String) -> Grid {
    if let grid = textGrids[kind] { return grid }
    let grid = Grid(side: 100, drags: 1) { target in
        switch kind {
        case "uikit": target.addInteraction(DropInteraction(delegate: textTarget))
        case "onDrop": target.onDrop(of: [.plainText]) { _ in true }
        default: target.onDrop(of: [.plainText], isTargeted: { blackHole($0) }) { _ in true }
        }
    }
    textGrids[kind] = grid
    return grid
}

func declarativeBenchmarks() {
    for (name, kind) in [
        ("Baseline: move to a new target, 10,000 UIKit-style text targets", "uikit"),
        ("Move to a new target, 10,000 onDrop(of:) targets", "onDrop"),
        ("Move to a new target, 10,000 onDrop(of:isTargeted:) targets", "isTargeted"),
    ] {
        Benchmark(name) { benchmark in
            await onMainActor(benchmark, prepare: { () -> (Grid, CGPoint) in
                let grid = textGrid(kind)
                return (grid, grid.nextPoint())
            }, measured: { grid, point in
                blackHole(try? grid.engine.move(0, to: point))
            })
        }
    }
}
