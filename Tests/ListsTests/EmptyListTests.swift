import DragAndDrop
import Foundation
import Testing

/// Drops onto a list with no rows at all.
@MainActor
@Suite struct EmptyListTests {
    @Test func textFromAnotherProcessBecomesTheFirstRow() async throws {
        let board = Board(completedNames: [])
        let lane = board.completed
        let drag = try board.harness.dragFromOtherProcess([textProvider("Lighthouse")])
        #expect(try drag.move(to: "completed", at: rowPoint(0))?.operation == .copy)
        // An empty list shows where the first row will go.
        #expect(lane.list.dropHover == .gap(before: at(0)))
        #expect(try await drag.drop() == .copy)
        await lane.finishLoads()

        #expect(lane.names == ["Lighthouse"])
        #expect(board.harness.transcript.listCalls(on: "completed") == [
            .canHandle(true), .dropSessionDidEnter, .dropSessionDidUpdate(nil, .copyAt),
            .performDrop(nil, .copyAt), .dropSessionDidEnd,
        ])
        #expect(lane.list.numberOfItems(inSection: 0) == 1)
    }

    @Test func cacheMovedFromAnotherLaneLeavesItsLane() async throws {
        let board = Board(completedNames: [])
        let drag = try board.harness.lift(from: "in-progress", at: rowPoint(1))
        #expect(try drag.move(to: "completed", at: rowPoint(3))?.operation == .move)
        #expect(try await drag.drop() == .move)

        #expect(board.completed.names == ["Oak"])
        #expect(board.inProgress.names == ["Bridge", "Pier", "Tower"])
        #expect(board.harness.transcript.listCalls(on: "completed") == [
            .canHandle(true), .dropSessionDidEnter, .dropSessionDidUpdate(nil, .moveAt),
            .performDrop(nil, .moveAt), .dropSessionDidEnd,
        ])
    }

    @Test func gridWithoutCellsTakesDropsAtTheEnd() async throws {
        let grid = ListGridLayout(itemSize: CGSize(width: 40, height: 40), columns: 3)
        let scripted = ScriptedList([], layout: grid)
        scripted.performDrop = { coordinator in
            let destination = coordinator.destinationIndexPath ?? at(scripted.names.items.count)
            try? scripted.list.performBatchUpdates { batch in
                scripted.names.insert("x", at: destination)
                batch.insertItems(at: [destination])
            }
        }
        #expect(grid.contentSize == CGSize(width: 120, height: 0))
        try await scripted.dropText("x", at: CGPoint(x: 20, y: 20))
        #expect(scripted.names.items == ["x"])
        #expect(grid.contentSize == CGSize(width: 120, height: 40))
        #expect(scripted.listCalls == [
            .canHandle(true), .dropSessionDidEnter, .dropSessionDidUpdate(nil, .copyAt),
            .performDrop(nil, .copyAt), .dropSessionDidEnd,
        ])
    }
}
