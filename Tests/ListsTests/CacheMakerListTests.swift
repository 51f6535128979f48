import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing

/// The geocache board's list flows, step by step.
@MainActor
@Suite struct CacheMakerListTests {
    @Test func rowDragsOutAsItsNameInPlainText() async throws {
        let board = Board()
        let drag = try board.harness.lift(from: "in-progress", at: rowPoint(1))
        #expect(board.inProgress.list.hasActiveDrag)
        try drag.move(to: "notes")
        let operation = try await drag.drop()

        #expect(operation == .copy)
        #expect(board.notes.texts == ["Oak"])
        #expect(board.inProgress.exports.value == 1)
        #expect(board.inProgress.calls == [.itemsForBeginning(at(1)), .dragWillBegin, .dragDidEnd])
        #expect(board.inProgress.names == ["Bridge", "Oak", "Pier", "Tower"])
        #expect(!board.inProgress.list.hasActiveDrag)
    }

    @Test func textFromAnotherProcessIsCopiedAtTheDestinationRow() async throws {
        let board = Board()
        let drag = try board.harness.dragFromOtherProcess([textProvider("Lighthouse")])
        let proposal = try drag.move(to: "in-progress", at: rowPoint(1, 0.25))
        #expect(proposal?.operation == .copy)
        #expect(board.inProgress.list.dropHover == .gap(before: at(1)))
        #expect(try await drag.drop() == .copy)
        await board.inProgress.finishLoads()

        #expect(board.inProgress.names == ["Bridge", "Lighthouse", "Oak", "Pier", "Tower"])
        #expect(board.inProgress.calls == [
            .canHandle(true), .dropDidEnter,
            .dropDidUpdate(at(1), .copyAt),
            .performDrop(at(1), .copyAt),
            .dropDidEnd,
        ])
        // What the engine saw of the list: the plain interaction calls.
        #expect(board.harness.transcript.calls(on: "in-progress") == [
            .destination("in-progress", .canHandle(true)),
            .destination("in-progress", .didEnter),
            .destination("in-progress", .didUpdate(.copy)),
            .destination("in-progress", .performDrop),
            .destination("in-progress", .concludeDrop),
            .destination("in-progress", .didEnd),
        ])
        #expect(board.inProgress.list.dropHover == nil)
        #expect(!board.inProgress.list.hasActiveDrop)
    }

    @Test func textDroppedBelowTheLastRowIsAppended() async throws {
        let board = Board()
        let drag = try board.harness.dragFromOtherProcess([textProvider("Lighthouse")])
        try drag.move(to: "in-progress", at: CGPoint(x: 100, y: 500))
        #expect(board.inProgress.list.dropHover == nil)
        #expect(try await drag.drop() == .copy)
        await board.inProgress.finishLoads()

        #expect(board.inProgress.names == ["Bridge", "Oak", "Pier", "Tower", "Lighthouse"])
        #expect(board.inProgress.calls.contains(.performDrop(nil, .copyAt)))
    }

    @Test func singleLocalItemIsProposedAsMoveAndSeveralAreCancelled() async throws {
        let board = Board()
        let drag = try board.harness.lift(from: "in-progress", at: rowPoint(0))
        #expect(try drag.move(to: "completed", at: rowPoint(1, 0.25))?.operation == .move)
        #expect(board.completed.list.hasActiveDrop)

        #expect(try drag.addItems(from: "in-progress", at: rowPoint(2)) == 1)
        #expect(try drag.move(to: "completed", at: rowPoint(1, 0.3))?.operation == .cancel)
        #expect(board.completed.list.dropHover == nil)
        #expect(try await drag.drop() == .cancel)

        #expect(board.inProgress.calls == [
            .itemsForBeginning(at(0)), .dragWillBegin, .itemsForAdding(at(2)), .dragDidEnd,
        ])
        #expect(board.completed.calls == [
            .canHandle(true), .dropDidEnter,
            .dropDidUpdate(at(1), .moveAt),
            .dropDidUpdate(at(1), .cancel),
            .dropDidExit, .dropDidEnd,
        ])
        #expect(board.inProgress.names == ["Bridge", "Oak", "Pier", "Tower"])
        #expect(board.completed.names == ["Lake", "Mill"])
    }

    @Test func dragWithinALaneReordersIt() async throws {
        let board = Board()
        let lane = board.inProgress
        let drag = try board.harness.lift(from: "in-progress", at: rowPoint(0))
        // The lower half of "Pier": the gap opens after it, and once "Bridge"
        // has left the top, that is index 2.
        #expect(try drag.move(to: "in-progress", at: rowPoint(2, 0.75))?.operation == .move)
        #expect(lane.list.dropHover == .gap(before: at(3)))
        #expect(try await drag.drop() == .move)

        #expect(lane.names == ["Oak", "Pier", "Bridge", "Tower"])
        #expect(lane.calls == [
            .itemsForBeginning(at(0)), .dragWillBegin,
            .canHandle(true), .dropDidEnter,
            .dropDidUpdate(at(2), .moveAt),
            .performDrop(at(2), .moveAt),
            .dragDidEnd, .dropDidEnd,
        ])
        // A reorder deletes nothing when the drag ends.
        #expect(lane.caches.items.map(\.id) == [1, 2, 0, 3])
    }

    @Test func reorderUpwardsLandsAtTheHoveredRow() async throws {
        let board = Board()
        let lane = board.inProgress
        let drag = try board.harness.lift(from: "in-progress", at: rowPoint(3))
        try drag.move(to: "in-progress", at: rowPoint(1, 0.2))
        #expect(lane.list.dropHover == .gap(before: at(1)))
        #expect(try await drag.drop() == .move)
        #expect(lane.names == ["Bridge", "Tower", "Oak", "Pier"])
    }

    @Test func moveToAnotherLaneDeletesAtTheSourceWhenTheDragEnds() async throws {
        let board = Board()
        let drag = try board.harness.lift(from: "in-progress", at: rowPoint(1))
        try drag.move(to: "completed", at: rowPoint(0, 0.75))
        #expect(board.completed.list.dropHover == .gap(before: at(1)))
        #expect(try await drag.drop() == .move)

        #expect(board.completed.names == ["Lake", "Oak", "Mill"])
        #expect(board.completed.caches.items[1].id == 1)
        #expect(board.inProgress.names == ["Bridge", "Pier", "Tower"])
        #expect(board.completed.calls.contains(.performDrop(at(1), .moveAt)))
        #expect(board.inProgress.calls.last == .dragDidEnd)
    }

    @Test func laneLetsGoOfDraggedItemsWhenTheDragEnds() async throws {
        let board = Board()
        weak var dragged: DragItem?
        weak var session: DragSession?
        do {
            let drag = try board.harness.lift(from: "in-progress", at: rowPoint(1))
            dragged = drag.dragSession?.items.first
            session = drag.dragSession
            #expect(dragged != nil)
            #expect(session != nil)
            try drag.move(to: "notes")
            #expect(try await drag.drop() == .copy)
        }
        withExtendedLifetime(board) {
            #expect(dragged == nil)
            #expect(session == nil)
        }
    }

    @Test func moveThatIsCancelledDeletesNothing() async throws {
        let board = Board()
        let drag = try board.harness.lift(from: "in-progress", at: rowPoint(1))
        try drag.move(to: "completed", at: rowPoint(0))
        try drag.cancel()

        #expect(board.inProgress.names == ["Bridge", "Oak", "Pier", "Tower"])
        #expect(board.completed.names == ["Lake", "Mill"])
        #expect(!board.completed.calls.contains { if case .performDrop = $0 { true } else { false } })
    }

    @Test func copyWithinTheAppUsesTheLocalObjectWithoutLoading() async throws {
        let board = Board()
        board.completed.localOperation = .copy
        let drag = try board.harness.lift(from: "in-progress", at: rowPoint(2))
        #expect(try drag.move(to: "completed", at: rowPoint(2, 0.1))?.operation == .copy)
        #expect(try await drag.drop() == .copy)

        #expect(board.completed.names == ["Lake", "Mill", "Pier"])
        #expect(board.completed.caches.items[2] == Geocache(id: 2, name: "Pier"))
        #expect(board.inProgress.exports.value == 0)
        // A copy leaves the source as it was.
        #expect(board.inProgress.names == ["Bridge", "Oak", "Pier", "Tower"])
    }

    @Test func placeholderShowsLoadingThenBecomesTheLoadedItem() async throws {
        let board = Board()
        let lane = board.inProgress
        let drag = try board.harness.dragFromOtherProcess([textProvider("Lighthouse")])
        try drag.move(to: "in-progress", at: rowPoint(2, 0.1))
        #expect(try await drag.drop() == .copy)
        await lane.finishLoads()

        let snapshot = try #require(lane.placeholderSnapshots.first)
        #expect(snapshot.rows == 5)
        #expect(snapshot.uncommitted)
        #expect(snapshot.cellTitle == "Loading…")
        #expect(lane.names == ["Bridge", "Oak", "Lighthouse", "Pier", "Tower"])
        #expect(lane.list.numberOfItems(inSection: 0) == 5)
        #expect(!lane.list.hasUncommittedUpdates)
        #expect(lane.list.row(at: at(2))?.itemIndexPath == at(2))
    }

    @Test func placeholderIsRemovedWhenLoadingFails() async throws {
        let board = Board()
        let lane = board.inProgress
        let drag = try board.harness.dragFromOtherProcess([failingTextProvider()])
        try drag.move(to: "in-progress", at: rowPoint(1, 0.1))
        #expect(try await drag.drop() == .copy)
        await lane.finishLoads()

        #expect(lane.placeholderSnapshots.first?.rows == 5)
        #expect(lane.loadErrors.count == 1)
        #expect(lane.names == ["Bridge", "Oak", "Pier", "Tower"])
        #expect(lane.list.numberOfItems(inSection: 0) == 4)
        #expect(!lane.list.hasUncommittedUpdates)
    }
}
