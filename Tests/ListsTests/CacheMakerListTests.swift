import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing

/// The geocache board's list flows, step by step: the model, every delegate
/// call (lists' and interactions') and every proposal, in UIKit's order.
@MainActor
@Suite struct CacheMakerListTests {
    @Test func rowDragsOutAsItsNameInPlainText() async throws {
        let board = Board()
        let drag = try board.harness.lift(from: "in-progress", at: rowPoint(1))
        #expect(board.inProgress.list.hasActiveDrag)
        #expect(try drag.move(to: "notes") == .copy)
        #expect(try await drag.drop() == .copy)

        #expect(board.notes.texts == ["Oak"])
        #expect(board.inProgress.exports.value == 1)
        #expect(board.inProgress.names == ["Bridge", "Oak", "Pier", "Tower"])
        #expect(!board.inProgress.list.hasActiveDrag)
        #expect(board.harness.transcript.calls == listLiftCalls("in-progress", at: at(1)) + [
            .destination("notes", .canHandle(true)),
            .destination("notes", .didEnter),
            .destination("notes", .didUpdate(.copy)),
            .source("in-progress", .didMove),
            .source("in-progress", .willEnd(.copy)),
            .destination("notes", .performDrop),
            .destination("notes", .concludeDrop),
            .list("in-progress", .dragSessionDidEnd),
            .source("in-progress", .didEnd(.copy)),
            .destination("notes", .didEnd),
            .source("in-progress", .didTransferItems),
        ])
    }

    @Test func textFromAnotherProcessIsCopiedAtTheDestinationRow() async throws {
        let board = Board()
        let drag = try board.harness.dragFromOtherProcess([textProvider("Lighthouse")])
        #expect(try drag.move(to: "in-progress", at: rowPoint(1, 0.25)) == .copy)
        #expect(board.inProgress.list.dropHover == .gap(before: at(1)))
        #expect(board.inProgress.list.hasActiveDrop)
        #expect(try await drag.drop() == .copy)
        await board.inProgress.finishLoads()

        #expect(board.inProgress.names == ["Bridge", "Lighthouse", "Oak", "Pier", "Tower"])
        #expect(board.harness.transcript.calls == listEnterCalls("in-progress", destination: at(1), proposal: .copyAt) + [
            .list("in-progress", .performDrop(at(1), .copyAt)),
            .destination("in-progress", .performDrop),
            .destination("in-progress", .concludeDrop),
            .list("in-progress", .dropSessionDidEnd),
            .destination("in-progress", .didEnd),
        ])
        #expect(board.inProgress.list.dropHover == nil)
        #expect(!board.inProgress.list.hasActiveDrop)
    }

    @Test func textDroppedBelowTheLastRowIsAppended() async throws {
        let board = Board()
        let drag = try board.harness.dragFromOtherProcess([textProvider("Lighthouse")])
        #expect(try drag.move(to: "in-progress", at: CGPoint(x: 100, y: 500)) == .copy)
        // Below the last row the gap shows after it, where the drop lands.
        #expect(board.inProgress.list.dropHover == .gap(before: at(4)))
        #expect(try await drag.drop() == .copy)
        await board.inProgress.finishLoads()

        #expect(board.inProgress.names == ["Bridge", "Oak", "Pier", "Tower", "Lighthouse"])
        #expect(board.harness.transcript.listCalls(on: "in-progress") == [
            .canHandle(true), .dropSessionDidEnter,
            .dropSessionDidUpdate(nil, .copyAt),
            .performDrop(nil, .copyAt),
            .dropSessionDidEnd,
        ])
    }

    @Test func singleLocalItemIsProposedAsMoveAndSeveralAreCancelled() async throws {
        let board = Board()
        let drag = try board.harness.lift(from: "in-progress", at: rowPoint(0))
        #expect(try drag.move(to: "completed", at: rowPoint(1, 0.25)) == .move)
        #expect(board.completed.list.hasActiveDrop)
        #expect(board.completed.list.dropHover == .gap(before: at(1)))

        #expect(try drag.addItems(from: "in-progress", at: rowPoint(2)) == 1)
        #expect(try drag.move(to: "completed", at: rowPoint(1, 0.3)) == .cancel)
        #expect(board.completed.list.dropHover == nil)
        #expect(try await drag.drop() == .cancel)

        #expect(board.harness.transcript.calls == listLiftCalls("in-progress", at: at(0))
            + listEnterCalls("completed", destination: at(1), proposal: .moveAt) + [
                .source("in-progress", .didMove),
                .list("in-progress", .itemsForAdding(at(2), count: 1)),
                .source("in-progress", .itemsForAdding(1)),
            ] + listUpdateCalls("completed", destination: at(1), proposal: .cancel)
            + [.source("in-progress", .didMove)]
            + listCancelEndCalls(from: "in-progress", over: "completed"))
        #expect(board.inProgress.names == ["Bridge", "Oak", "Pier", "Tower"])
        #expect(board.completed.names == ["Lake", "Mill"])
    }

    @Test func dragWithinALaneReordersIt() async throws {
        let board = Board()
        let lane = board.inProgress
        let drag = try board.harness.lift(from: "in-progress", at: rowPoint(0))
        // The lower half of "Pier": the gap opens after it, and once "Bridge"
        // has left the top, that is index 2.
        #expect(try drag.move(to: "in-progress", at: rowPoint(2, 0.75)) == .move)
        #expect(lane.list.dropHover == .gap(before: at(3)))
        #expect(try await drag.drop() == .move)

        #expect(lane.names == ["Oak", "Pier", "Bridge", "Tower"])
        // A reorder deletes nothing when the drag ends.
        #expect(lane.caches.items.map(\.id) == [1, 2, 0, 3])
        #expect(board.harness.transcript.calls == listLiftCalls("in-progress", at: at(0))
            + listEnterCalls("in-progress", destination: at(2), proposal: .moveAt)
            + [.source("in-progress", .didMove)]
            + listDropEndCalls(from: "in-progress", onto: "in-progress", operation: .move,
                               destination: at(2), proposal: .moveAt))
    }

    @Test func reorderUpwardsLandsAtTheHoveredRow() async throws {
        let board = Board()
        let lane = board.inProgress
        let drag = try board.harness.lift(from: "in-progress", at: rowPoint(3))
        #expect(try drag.move(to: "in-progress", at: rowPoint(1, 0.2)) == .move)
        #expect(lane.list.dropHover == .gap(before: at(1)))
        #expect(try await drag.drop() == .move)
        #expect(lane.names == ["Bridge", "Tower", "Oak", "Pier"])
        // A row moving up lands where the gap was: nothing above it left.
        #expect(board.harness.transcript.listCalls(on: "in-progress").filter { call in
            if case .dropSessionDidUpdate = call { true } else if case .performDrop = call { true } else { false }
        } == [.dropSessionDidUpdate(at(1), .moveAt), .performDrop(at(1), .moveAt)])
    }

    @Test func moveToAnotherLaneDeletesAtTheSourceOnlyOnceTheDropCommitted() async throws {
        let board = Board()
        let drag = try board.harness.lift(from: "in-progress", at: rowPoint(1))
        #expect(try drag.move(to: "completed", at: rowPoint(0, 0.75)) == .move)
        #expect(board.completed.list.dropHover == .gap(before: at(1)))
        #expect(try await drag.drop() == .move)

        #expect(board.completed.names == ["Lake", "Oak", "Mill"])
        #expect(board.completed.caches.items[1].id == 1)
        #expect(board.inProgress.names == ["Bridge", "Pier", "Tower"])
        // The destination commits in performDrop; the source deletes in
        // dragSessionDidEnd, which comes after it.
        #expect(board.harness.transcript.calls == listLiftCalls("in-progress", at: at(1))
            + listEnterCalls("completed", destination: at(1), proposal: .moveAt)
            + [.source("in-progress", .didMove)]
            + listDropEndCalls(from: "in-progress", onto: "completed", operation: .move,
                               destination: at(1), proposal: .moveAt))
        #expect(board.inProgress.list.numberOfItems(inSection: 0) == 3)
        #expect(!board.inProgress.list.hasActiveDrag)
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
        #expect(try drag.move(to: "completed", at: rowPoint(0, 0.25)) == .move)
        try drag.cancel()

        #expect(board.inProgress.names == ["Bridge", "Oak", "Pier", "Tower"])
        #expect(board.completed.names == ["Lake", "Mill"])
        #expect(board.harness.transcript.calls == listLiftCalls("in-progress", at: at(1))
            + listEnterCalls("completed", destination: at(0), proposal: .moveAt)
            + [.source("in-progress", .didMove)]
            + listCancelEndCalls(from: "in-progress", over: "completed"))
    }

    @Test func moveThatEndsOverNothingDeletesNothing() async throws {
        let board = Board()
        let drag = try board.harness.lift(from: "in-progress", at: rowPoint(1))
        try drag.move(to: "completed", at: rowPoint(0, 0.25))
        #expect(try drag.moveOutside() == nil)
        #expect(try await drag.drop() == .cancel)

        #expect(board.inProgress.names == ["Bridge", "Oak", "Pier", "Tower"])
        #expect(board.completed.names == ["Lake", "Mill"])
        #expect(board.harness.transcript.listCalls(on: "completed") == [
            .canHandle(true), .dropSessionDidEnter, .dropSessionDidUpdate(at(0), .moveAt),
            .dropSessionDidExit, .dropSessionDidEnd,
        ])
    }

    @Test func copyWithinTheAppUsesTheLocalObjectWithoutLoading() async throws {
        let board = Board()
        board.completed.localOperation = .copy
        let drag = try board.harness.lift(from: "in-progress", at: rowPoint(2))
        #expect(try drag.move(to: "completed", at: rowPoint(1, 0.9)) == .copy)
        #expect(board.completed.list.dropHover == .gap(before: at(2)))
        #expect(try await drag.drop() == .copy)

        #expect(board.completed.names == ["Lake", "Mill", "Pier"])
        #expect(board.completed.caches.items[2] == Geocache(id: 2, name: "Pier"))
        #expect(board.inProgress.exports.value == 0)
        // A copy leaves the source as it was.
        #expect(board.inProgress.names == ["Bridge", "Oak", "Pier", "Tower"])
        let copyAt = ListDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
        #expect(board.harness.transcript.listCalls(on: "completed") == [
            .canHandle(true), .dropSessionDidEnter, .dropSessionDidUpdate(at(2), copyAt),
            .performDrop(at(2), copyAt), .dropSessionDidEnd,
        ])
    }

    @Test func placeholderShowsLoadingThenBecomesTheLoadedItem() async throws {
        let board = Board()
        let lane = board.inProgress
        let drag = try board.harness.dragFromOtherProcess([textProvider("Lighthouse")])
        #expect(try drag.move(to: "in-progress", at: rowPoint(2, 0.1)) == .copy)
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
        #expect(board.harness.transcript.listCalls(on: "in-progress") == [
            .canHandle(true), .dropSessionDidEnter, .dropSessionDidUpdate(at(2), .copyAt),
            .performDrop(at(2), .copyAt), .dropSessionDidEnd,
        ])
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
        #expect(board.harness.transcript.listCalls(on: "in-progress") == [
            .canHandle(true), .dropSessionDidEnter, .dropSessionDidUpdate(at(1), .copyAt),
            .performDrop(at(1), .copyAt), .dropSessionDidEnd,
        ])
    }
}
