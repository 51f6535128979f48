import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
@testable import GeocachesCore

/// The seed's board, step by step, through the engine: the lanes, the
/// store, every delegate call and proposal in UIKit's order.
@MainActor
@Suite struct CacheBoardDragTests {
    // MARK: - Drag out

    @Test func aRowDragsOutAsItsNameToATextApp() async throws {
        let test = try TestBoard()
        let drag = try test.harness.lift(from: "inProgress", at: rowPoint(1))
        #expect(try drag.move(to: "notes") == .copy)
        #expect(try await drag.drop() == .copy)
        await test.notes.finishLoads()

        #expect(test.notes.texts == ["Oak"])
        #expect(test.inProgress == ["Bridge", "Oak", "Pier", "Tower"])
        #expect(test.harness.transcript.calls == liftCalls("inProgress", at: at(1)) + [
            .destination("notes", .canHandle(true)),
            .destination("notes", .didEnter),
            .destination("notes", .didUpdate(.copy)),
            .source("inProgress", .didMove),
            .source("inProgress", .willEnd(.copy)),
            .destination("notes", .performDrop),
            .destination("notes", .concludeDrop),
            .list("inProgress", .dragSessionDidEnd),
            .source("inProgress", .didEnd(.copy)),
            .destination("notes", .didEnd),
            .source("inProgress", .didTransferItems),
        ])
    }

    @Test func aRowWithAPictureDragsOutAsPNGToAPhotoApp() async throws {
        let test = try TestBoard()
        let drag = try test.harness.lift(from: "inProgress", at: rowPoint(0))
        #expect(try drag.move(to: "photos") == .copy)
        #expect(try await drag.drop() == .copy)
        await test.photos.finishLoads()
        #expect(test.photos.received == [tinyPNG])
    }

    @Test func aRowWithoutAPictureIsRefusedByAPhotoApp() throws {
        let test = try TestBoard()
        let drag = try test.harness.lift(from: "inProgress", at: rowPoint(1))
        #expect(try drag.move(to: "photos") == nil)
        try drag.cancel()
        #expect(test.inProgress == ["Bridge", "Oak", "Pier", "Tower"])
    }

    // MARK: - Copies from other apps

    @Test func textFromAnotherAppIsCopiedAtTheDropRowThroughAPlaceholder() async throws {
        let test = try TestBoard()
        let lane = test.board.inProgress
        let gate = LoadGate()
        let drag = try test.harness.dragFromOtherProcess([gatedTextProvider("Lighthouse", gate: gate)])
        #expect(try drag.move(to: "inProgress", at: rowPoint(1, 0.25)) == .copy)
        #expect(lane.list.dropHover == .gap(before: at(1)))
        // The load is held back, so the drop is looked at without waiting.
        #expect(try await drag.drop(waitingForLoads: false) == .copy)

        // While the text loads: a "Loading…" row where it will go; the
        // store and the data source do not have it yet.
        #expect(lane.list.numberOfItems(inSection: 0) == 5)
        #expect(lane.list.hasUncommittedUpdates)
        let cell = TestCell()
        try #require(lane.list.row(at: at(1))?.placeholder).updateCell(cell)
        #expect(cell.text == "Loading…")
        #expect(test.inProgress == ["Bridge", "Oak", "Pier", "Tower"])

        gate.open()
        await test.board.finishLoads()
        #expect(!lane.list.hasUncommittedUpdates)
        #expect(test.inProgress == ["Bridge", "Lighthouse", "Oak", "Pier", "Tower"])
        #expect(lane.geocaches[1].summary == "Unknown")
        #expect(lane.geocaches[1].latitude == 0 && lane.geocaches[1].longitude == 0)
        #expect(try test.reopened()[.inProgress] == ["Bridge", "Lighthouse", "Oak", "Pier", "Tower"])
        #expect(test.harness.transcript.calls == enterCalls("inProgress", destination: at(1), proposal: .copyAt) + [
            .list("inProgress", .performDrop(at(1), .copyAt)),
            .destination("inProgress", .performDrop),
            .destination("inProgress", .concludeDrop),
            .list("inProgress", .dropSessionDidEnd),
            .destination("inProgress", .didEnd),
        ])
    }

    @Test func aDropBelowTheLastRowIsAppended() async throws {
        let test = try TestBoard()
        let drag = try test.harness.dragFromOtherProcess([textProvider("Lighthouse")])
        #expect(try drag.move(to: "completed", at: CGPoint(x: 100, y: 500)) == .copy)
        #expect(try await drag.drop() == .copy)
        await test.board.finishLoads()
        #expect(test.completed == ["Lake", "Mill", "Lighthouse"])
        #expect(test.harness.transcript.listCalls(on: "completed") == [
            .canHandle(true), .dropSessionDidEnter, .dropSessionDidUpdate(nil, .copyAt),
            .performDrop(nil, .copyAt), .dropSessionDidEnd,
        ])
    }

    @Test func aGeocacheFromTheEditorArrivesWhole() async throws {
        let test = try TestBoard()
        let edited = Geocache(name: "Lighthouse Steps", summary: "Under the last step", latitude: 53.445,
                              longitude: 5.6287, image: tinyPNG)
        let drag = try test.harness.dragFromOtherProcess(objects: [edited])
        #expect(try drag.move(to: "completed", at: rowPoint(0, 0.2)) == .copy)
        #expect(try await drag.drop() == .copy)
        await test.board.finishLoads()

        let arrived = try #require(test.board.completed.geocaches.first)
        #expect(arrived.detached == edited)
        #expect(arrived.id != nil)
        #expect(try GeocacheStore(folder: test.folder).loadBoard()[.completed]?.first?.geocache == arrived)
    }

    @Test func badGeocacheDataLeavesTheBoardAsItWasAndSaysWhy() async throws {
        let test = try TestBoard()
        let drag = try test.harness.dragFromOtherProcess([geocacheTypeProvider(Data(#"{"name":"Oak"}"#.utf8))])
        #expect(try drag.move(to: "inProgress", at: rowPoint(2)) == .copy)
        #expect(try await drag.drop() == .copy)
        await test.board.finishLoads()

        #expect(test.inProgress == ["Bridge", "Oak", "Pier", "Tower"])
        #expect(!test.board.inProgress.list.hasUncommittedUpdates)
        #expect(test.board.inProgress.list.numberOfItems(inSection: 0) == 4)
        #expect(test.board.errors.map(\.code) == [.invalidData])
        #expect(test.board.errors.first?.description.contains("\"summary\" is missing") == true)
        #expect(try test.reopened()[.inProgress] == ["Bridge", "Oak", "Pier", "Tower"])
    }

    @Test func aSourceThatQuitsMidDropAddsNothingAndLosesNothing() async throws {
        let test = try TestBoard()
        let drag = try test.harness.dragFromOtherProcess([deadSourceProvider()])
        try drag.move(to: "inProgress", at: rowPoint(1))
        #expect(try await drag.drop() == .copy)
        await test.board.finishLoads()

        #expect(test.inProgress == ["Bridge", "Oak", "Pier", "Tower"])
        #expect(test.board.inProgress.list.numberOfItems(inSection: 0) == 4)
        #expect(test.board.errors.map(\.code) == [.loadFailed])
        #expect(test.board.errors.first?.description.contains("Nothing was added") == true)
        #expect(try test.reopened() == [.inProgress: ["Bridge", "Oak", "Pier", "Tower"], .completed: ["Lake", "Mill"]])
    }

    @Test func anImageAloneIsNotAGeocache() throws {
        let test = try TestBoard()
        let image = ItemProvider()
        image.registerDataRepresentation(for: .png) { tinyPNG }
        let drag = try test.harness.dragFromOtherProcess([image])
        #expect(try drag.move(to: "inProgress", at: rowPoint(1)) == nil)
        try drag.cancel()
        #expect(test.harness.transcript.listCalls(on: "inProgress").first == .canHandle(false))
    }

    // MARK: - Several items

    @Test func severalItemsFromThisAppAreRefused() async throws {
        let test = try TestBoard()
        let drag = try test.harness.lift(from: "inProgress", at: rowPoint(0))
        #expect(try drag.move(to: "completed", at: rowPoint(1, 0.25)) == .move)
        #expect(try drag.addItems(from: "inProgress", at: rowPoint(2)) == 1)
        #expect(try drag.move(to: "completed", at: rowPoint(1, 0.3)) == .cancel)
        #expect(try await drag.drop() == .cancel)

        #expect(test.inProgress == ["Bridge", "Oak", "Pier", "Tower"])
        #expect(test.completed == ["Lake", "Mill"])
        #expect(try test.reopened() == [.inProgress: ["Bridge", "Oak", "Pier", "Tower"], .completed: ["Lake", "Mill"]])
    }

    @Test func severalItemsFromAnotherAppAreRefused() async throws {
        let test = try TestBoard()
        let drag = try test.harness.dragFromOtherProcess([textProvider("One"), textProvider("Two")])
        #expect(try drag.move(to: "inProgress", at: rowPoint(1, 0.25)) == .cancel)
        #expect(try await drag.drop() == .cancel)
        await test.board.finishLoads()
        #expect(test.inProgress == ["Bridge", "Oak", "Pier", "Tower"])
        #expect(test.harness.transcript.listCalls(on: "inProgress") == [
            .canHandle(true), .dropSessionDidEnter, .dropSessionDidUpdate(at(1), .cancel),
            .dropSessionDidExit, .dropSessionDidEnd,
        ])
    }

    // MARK: - Moves within the app

    @Test func aDragWithinALaneReordersItAndWritesOneRow() async throws {
        let test = try TestBoard()
        let written = try test.board.store.rowsWritten()
        let drag = try test.harness.lift(from: "inProgress", at: rowPoint(0))
        #expect(try drag.move(to: "inProgress", at: rowPoint(2, 0.75)) == .move)
        #expect(try await drag.drop() == .move)

        #expect(test.inProgress == ["Oak", "Pier", "Bridge", "Tower"])
        #expect(try test.board.store.rowsWritten() - written == 1)
        #expect(try test.reopened()[.inProgress] == ["Oak", "Pier", "Bridge", "Tower"])
        #expect(test.harness.transcript.calls == liftCalls("inProgress", at: at(0))
            + enterCalls("inProgress", destination: at(2), proposal: .moveAt)
            + [.source("inProgress", .didMove)]
            + dropEndCalls(from: "inProgress", onto: "inProgress", operation: .move,
                           destination: at(2), proposal: .moveAt))
    }

    @Test func aReorderDroppedBelowTheLastRowGoesLast() async throws {
        let test = try TestBoard()
        let drag = try test.harness.lift(from: "inProgress", at: rowPoint(1))
        try drag.move(to: "inProgress", at: CGPoint(x: 100, y: 500))
        #expect(try await drag.drop() == .move)
        #expect(test.inProgress == ["Bridge", "Pier", "Tower", "Oak"])
        #expect(try test.reopened()[.inProgress] == ["Bridge", "Pier", "Tower", "Oak"])
    }

    @Test func aMoveToTheOtherLaneLeavesTheSourceOnlyOnceTheDropCommitted() async throws {
        let test = try TestBoard()
        let oak = test.board.inProgress.geocaches[1]
        var sourceAtDrop: [String] = []
        test.board.completed.list.onEvent = { _ in sourceAtDrop = test.inProgress }
        let written = try test.board.store.rowsWritten()

        let drag = try test.harness.lift(from: "inProgress", at: rowPoint(1))
        #expect(try drag.move(to: "completed", at: rowPoint(0, 0.75)) == .move)
        #expect(try await drag.drop() == .move)

        // When the completed lane took it, the source still showed it.
        #expect(sourceAtDrop == ["Bridge", "Oak", "Pier", "Tower"])
        #expect(test.completed == ["Lake", "Oak", "Mill"])
        #expect(test.inProgress == ["Bridge", "Pier", "Tower"])
        // The in-memory geocache moved, not a copy decoded from its data.
        #expect(test.board.completed.geocaches[1] == oak)
        #expect(try test.board.store.rowsWritten() - written == 1)
        #expect(try test.reopened() == [.inProgress: ["Bridge", "Pier", "Tower"], .completed: ["Lake", "Oak", "Mill"]])
        #expect(test.harness.transcript.calls == liftCalls("inProgress", at: at(1))
            + enterCalls("completed", destination: at(1), proposal: .moveAt)
            + [.source("inProgress", .didMove)]
            + dropEndCalls(from: "inProgress", onto: "completed", operation: .move,
                           destination: at(1), proposal: .moveAt))
    }

    @Test func aMoveThatIsCancelledOrEndsOverNothingChangesNothing() async throws {
        let test = try TestBoard()
        let cancelled = try test.harness.lift(from: "inProgress", at: rowPoint(1))
        #expect(try cancelled.move(to: "completed", at: rowPoint(0, 0.25)) == .move)
        try cancelled.cancel()

        let outside = try test.harness.lift(from: "inProgress", at: rowPoint(2))
        try outside.move(to: "completed", at: rowPoint(0, 0.25))
        #expect(try outside.moveOutside() == nil)
        #expect(try await outside.drop() == .cancel)

        #expect(test.inProgress == ["Bridge", "Oak", "Pier", "Tower"])
        #expect(test.completed == ["Lake", "Mill"])
        #expect(try test.reopened() == [.inProgress: ["Bridge", "Oak", "Pier", "Tower"], .completed: ["Lake", "Mill"]])
    }

    @Test func aDestinationThatCannotSaveKeepsTheGeocacheInItsSourceLane() async throws {
        let test = try TestBoard()
        try makeReadOnly(test.board.store)
        let drag = try test.harness.lift(from: "inProgress", at: rowPoint(1))
        #expect(try drag.move(to: "completed", at: rowPoint(0)) == .move)
        _ = try await drag.drop()

        #expect(test.inProgress == ["Bridge", "Oak", "Pier", "Tower"])
        #expect(test.completed == ["Lake", "Mill"])
        #expect(test.board.errors.map(\.code) == [.storeFailed])
        #expect(try test.reopened() == [.inProgress: ["Bridge", "Oak", "Pier", "Tower"], .completed: ["Lake", "Mill"]])
    }

    @Test func aCopyThatCannotBeSavedRemovesItsPlaceholder() async throws {
        let test = try TestBoard()
        try makeReadOnly(test.board.store)
        let drag = try test.harness.dragFromOtherProcess([textProvider("Lighthouse")])
        try drag.move(to: "completed", at: rowPoint(0))
        #expect(try await drag.drop() == .copy)
        await test.board.finishLoads()

        #expect(test.completed == ["Lake", "Mill"])
        #expect(!test.board.completed.list.hasUncommittedUpdates)
        #expect(test.board.completed.list.numberOfItems(inSection: 0) == 2)
        #expect(test.board.errors.map(\.code) == [.storeFailed])
    }

    // MARK: - Without a drag

    @Test func addAndDeleteAreStoredAndInvalidGeocachesRefused() throws {
        let test = try TestBoard()
        try test.board.add(Geocache(name: "Fort", summary: "", latitude: 10, longitude: 20), to: .inProgress, at: 1)
        try test.board.delete(in: .completed, at: 0)
        #expect(test.inProgress == ["Bridge", "Fort", "Oak", "Pier", "Tower"])
        #expect(test.completed == ["Mill"])
        let error = try #require(throws: GeocacheError.self) {
            try test.board.add(Geocache(name: "Far", summary: "", latitude: 100, longitude: 0), to: .completed)
        }
        #expect(error.code == .invalidLatitude)
        #expect(try test.reopened() == [.inProgress: ["Bridge", "Fort", "Oak", "Pier", "Tower"], .completed: ["Mill"]])
    }
}
