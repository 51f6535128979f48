import ArgumentParser
import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders

/// `dragkit demo`: drives scripted drags through the engine on a two-lane
/// board, headlessly, and prints the board and every delegate call.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run scripted drags on a geocache board without a display and print what happened."
    )

    @Flag(name: .long, help: "Print every delegate call the engine made.")
    var transcript = false

    @MainActor
    func run() async throws {
        let board = DemoBoard(inProgress: ["Old Mill", "Lighthouse", "Quarry"], completed: ["Bridge"])
        let harness = DragDropHarness(root: board.window)
        print("Board:\n\(board.rendering)")

        try await step("Reorder: drag \(board.name(lane: 0, row: 2)) above \(board.name(lane: 0, row: 0))", board, harness) {
            let drag = try harness.lift(at: board.point(lane: 0, row: 2))
            try drag.move(to: board.point(lane: 0, row: 0), steps: 4)
            return try await drag.drop()
        }
        try await step("Move: drag \(board.name(lane: 0, row: 2)) to the top of Completed", board, harness) {
            let drag = try harness.lift(at: board.point(lane: 0, row: 2))
            try drag.move(to: board.point(lane: 1, row: 0), steps: 4)
            return try await drag.drop()
        }
        try await step("Copy: text \"Castle Ruin\" from another process, dropped before \(board.name(lane: 1, row: 1))", board, harness) {
            let drag = try harness.dragFromOtherProcess(objects: ["Castle Ruin"])
            try drag.move(to: board.point(lane: 1, row: 1))
            return try await drag.drop()
        }
        try await step("Cancel: drag \(board.name(lane: 1, row: 0)) and let go over nothing", board, harness) {
            let drag = try harness.lift(at: board.point(lane: 1, row: 0))
            try drag.moveOutside()
            return try await drag.drop()
        }
    }

    @MainActor
    private func step(_ title: String, _ board: DemoBoard, _ harness: DragDropHarness,
                      _ body: @MainActor () async throws -> DropOperation) async throws {
        harness.clearTranscript()
        let operation = try await body()
        for lane in board.lanes { await lane.finishLoads() }
        print("\n\(title) -> \(operation)\n\(board.rendering)")
        if transcript {
            print(harness.transcript.lines.map { "    \($0)" }.joined(separator: "\n"))
        }
    }
}
