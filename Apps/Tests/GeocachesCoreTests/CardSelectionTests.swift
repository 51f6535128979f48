import DragAndDrop
import DragDropTesting
import Foundation
import Testing
@testable import GeocachesCore

/// The selected card belongs to its geocache: it survives reorders, drops
/// and deletes; the trash, the keyboard moves and undo act on it.
@MainActor
@Suite struct CardSelectionTests {
    func selectedName(_ test: TestBoard) -> String? {
        test.board.selection.map { test.board.lane($0.lane).items.rows[$0.index].geocache.name }
    }

    @Test func theSelectionStaysOnItsCardWhenADragReordersTheLane() async throws {
        let test = try TestBoard()
        test.board.select(BoardSelection(lane: .inProgress, index: 1))
        #expect(selectedName(test) == "Oak")
        // Drag Tower above Bridge: Oak moves down a row, and stays selected.
        let drag = try test.harness.lift(from: "inProgress", at: rowPoint(3))
        #expect(try drag.move(to: "inProgress", at: rowPoint(0, 0.2)) == .move)
        #expect(try await drag.drop() == .move)
        await test.board.finishLoads()
        #expect(test.inProgress == ["Tower", "Bridge", "Oak", "Pier"])
        #expect(selectedName(test) == "Oak")
        #expect(test.board.selection == BoardSelection(lane: .inProgress, index: 2))
        // The trash deletes what is shown selected.
        #expect(try test.board.deleteSelected()?.name == "Oak")
        #expect(test.inProgress == ["Tower", "Bridge", "Pier"])
    }

    @Test func theSelectionStaysOnItsCardWhenTextIsDroppedAboveIt() async throws {
        let test = try TestBoard()
        test.board.select(BoardSelection(lane: .inProgress, index: 2))
        let drag = try test.harness.dragFromOtherProcess(objects: ["Lighthouse"])
        #expect(try drag.move(to: "inProgress", at: rowPoint(0, 0.25)) == .copy)
        #expect(try await drag.drop() == .copy)
        await test.board.finishLoads()
        #expect(test.inProgress == ["Lighthouse", "Bridge", "Oak", "Pier", "Tower"])
        #expect(selectedName(test) == "Pier")
        #expect(try test.board.deleteSelected()?.name == "Pier")
    }

    @Test func dragMovesAndDropsAreOneUndoStepEach() async throws {
        let test = try TestBoard()
        let reorder = try test.harness.lift(from: "inProgress", at: rowPoint(3))
        try reorder.move(to: "inProgress", at: rowPoint(0, 0.2))
        #expect(try await reorder.drop() == .move)
        let across = try test.harness.lift(from: "inProgress", at: rowPoint(0))
        try across.move(to: "completed", at: rowPoint(0, 0.2))
        #expect(try await across.drop() == .move)
        let text = try test.harness.dragFromOtherProcess(objects: ["Lighthouse"])
        try text.move(to: "completed", at: CGPoint(x: 100, y: 500))
        #expect(try await text.drop() == .copy)
        await test.board.finishLoads()
        #expect(test.inProgress == ["Bridge", "Oak", "Pier"])
        #expect(test.completed == ["Tower", "Lake", "Mill", "Lighthouse"])

        test.board.undoLast()
        #expect(test.completed == ["Tower", "Lake", "Mill"])
        test.board.undoLast()
        #expect(test.inProgress == ["Tower", "Bridge", "Oak", "Pier"])
        #expect(test.completed == ["Lake", "Mill"])
        test.board.undoLast()
        #expect(test.inProgress == ["Bridge", "Oak", "Pier", "Tower"])
        #expect(try test.reopened() == [.inProgress: ["Bridge", "Oak", "Pier", "Tower"], .completed: ["Lake", "Mill"]])
        test.board.redoLast()
        #expect(test.inProgress == ["Tower", "Bridge", "Oak", "Pier"])
    }

    @Test func deleteSelectsTheNeighbourInTheSameLaneAndUndoPutsItBack() throws {
        let test = try TestBoard(inProgress: ["Bridge", "Oak"], completed: ["Lake"])
        test.board.select(BoardSelection(lane: .completed, index: 0))
        #expect(try test.board.deleteSelected()?.name == "Lake")
        // The lane is empty: nothing is selected, not a card of the other lane.
        #expect(test.board.selectedID == nil)
        #expect(try test.board.deleteSelected() == nil)
        #expect(test.inProgress == ["Bridge", "Oak"])

        test.board.undoLast()
        #expect(test.completed == ["Lake"])
        #expect(selectedName(test) == "Lake")
        #expect(try test.reopened()[.completed] == ["Lake"])

        test.board.select(BoardSelection(lane: .inProgress, index: 1))
        try test.board.deleteSelected()
        #expect(selectedName(test) == "Bridge")
        test.board.undoLast()
        #expect(test.inProgress == ["Bridge", "Oak"])
        #expect(selectedName(test) == "Oak")
        test.board.redoLast()
        #expect(test.inProgress == ["Bridge"])
        #expect(try test.reopened()[.inProgress] == ["Bridge"])
    }

    @Test func theKeyboardReordersAndMovesTheSelectedCard() throws {
        let test = try TestBoard()
        test.board.select(BoardSelection(lane: .inProgress, index: 2))
        try test.board.moveSelected(by: -1)
        #expect(test.inProgress == ["Bridge", "Pier", "Oak", "Tower"])
        #expect(selectedName(test) == "Pier")
        try test.board.moveSelected(by: -5)
        #expect(test.inProgress == ["Pier", "Bridge", "Oak", "Tower"])
        try test.board.moveSelectedToOtherLane()
        #expect(test.completed == ["Pier", "Lake", "Mill"])
        #expect(selectedName(test) == "Pier")
        #expect(try test.reopened() == [.inProgress: ["Bridge", "Oak", "Tower"], .completed: ["Pier", "Lake", "Mill"]])

        test.board.undoLast()
        #expect(test.inProgress == ["Pier", "Bridge", "Oak", "Tower"])
        test.board.undoLast()
        test.board.undoLast()
        #expect(test.inProgress == ["Bridge", "Oak", "Pier", "Tower"])
        #expect(selectedName(test) == "Pier")
        #expect(try test.reopened()[.inProgress] == ["Bridge", "Oak", "Pier", "Tower"])
    }

    @Test func theArrowsMoveTheSelectionWithinAndAcrossLanes() throws {
        let test = try TestBoard(inProgress: ["Bridge", "Oak", "Pier"], completed: ["Lake"])
        test.board.selectNext(by: 1)
        #expect(selectedName(test) == "Bridge")
        test.board.selectNext(by: 5)
        #expect(selectedName(test) == "Pier")
        test.board.selectInOtherLane()
        #expect(selectedName(test) == "Lake")
    }

    @Test func aNewGeocacheNeedsANameAndIsSelectedAndUndoable() throws {
        let test = try TestBoard(inProgress: ["Bridge"], completed: [])
        #expect(throws: GeocacheError(.emptyName, "Type a name for the new geocache first, then press Enter.")) {
            try test.board.addNamed("   ")
        }
        let added = try test.board.addNamed("  Old Mill \n")
        #expect(added.name == "Old Mill")
        #expect(added.summary == "Unknown")
        #expect(selectedName(test) == "Old Mill")
        test.board.undoLast()
        #expect(test.inProgress == ["Bridge"])
        test.board.redoLast()
        #expect(test.inProgress == ["Bridge", "Old Mill"])
        #expect(try test.reopened()[.inProgress] == ["Bridge", "Old Mill"])
    }
}
