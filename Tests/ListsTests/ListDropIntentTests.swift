import DragAndDrop
import Foundation
import Testing

/// What each intent shows while hovering and where the drop lands.
@MainActor
@Suite struct ListDropIntentTests {
    @Test func automaticPicksIntoInTheMiddleAndAtOnTheEdges() async throws {
        let scripted = ScriptedList(["a", "b", "c"])
        scripted.propose = { _, _ in ListDropProposal(operation: .copy, intent: .automatic) }
        let drag = try scripted.harness.dragFromOtherProcess([textProvider("x")])

        try drag.move(to: "list", at: rowPoint(1, 0.1))
        #expect(scripted.list.dropHover == .gap(before: at(1)))
        try drag.move(to: "list", at: rowPoint(1, 0.5))
        #expect(scripted.list.dropHover == .highlight(at(1)))
        try drag.move(to: "list", at: rowPoint(1, 0.9))
        #expect(scripted.list.dropHover == .gap(before: at(2)))
        try drag.move(to: "list", at: rowPoint(1, 0.6))
        #expect(try await drag.drop() == .copy)

        let automatic = ListDropProposal(operation: .copy, intent: .automatic)
        #expect(scripted.listCalls == [
            .canHandle(true), .dropSessionDidEnter,
            // The first update has no earlier intent: an insertion by halves.
            .dropSessionDidUpdate(at(1), automatic),
            .dropSessionDidUpdate(at(1), automatic),
            .dropSessionDidUpdate(at(2), automatic),
            .dropSessionDidUpdate(at(1), automatic),
            .performDrop(at(1), ListDropProposal(operation: .copy, intent: .insertIntoDestinationIndexPath)),
            .dropSessionDidEnd,
        ])
        #expect(scripted.list.dropHover == nil)
    }

    @Test func intoHighlightsTheRowUnderThePointer() async throws {
        let scripted = ScriptedList(["a", "b", "c"])
        let into = ListDropProposal(operation: .copy, intent: .insertIntoDestinationIndexPath)
        scripted.propose = { _, _ in into }
        scripted.performDrop = { coordinator in
            coordinator.drop(coordinator.items[0].dragItem, intoItemAt: coordinator.destinationIndexPath!,
                             rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        let drag = try scripted.harness.dragFromOtherProcess([textProvider("x")])
        try drag.move(to: "list", at: rowPoint(2, 0.8))
        #expect(scripted.list.dropHover == .highlight(at(2)))
        try drag.move(to: "list", at: rowPoint(2, 0.8))
        #expect(try await drag.drop() == .copy)

        #expect(scripted.listCalls == [
            .canHandle(true), .dropSessionDidEnter,
            // The first update has no earlier intent: an insertion after the row.
            .dropSessionDidUpdate(at(3), into), .dropSessionDidUpdate(at(2), into),
            .performDrop(at(2), into), .dropSessionDidEnd,
        ])
        #expect(scripted.coordinators.first?.animations.map(\.target)
            == [.into(at(2), rect: CGRect(x: 0, y: 0, width: 10, height: 10))])
    }

    @Test func unspecifiedShowsNothingAndNamesTheRow() async throws {
        let scripted = ScriptedList(["a", "b", "c"])
        let unspecified = ListDropProposal(operation: .copy, intent: .unspecified)
        scripted.propose = { _, _ in unspecified }
        let drag = try scripted.harness.dragFromOtherProcess([textProvider("x")])
        try drag.move(to: "list", at: rowPoint(1, 0.9))
        #expect(scripted.list.dropHover == nil)
        #expect(try await drag.drop() == .copy)
        #expect(scripted.listCalls.suffix(2) == [.performDrop(at(1), unspecified), .dropSessionDidEnd])
    }

    @Test func refusedDropsShowNoGap() throws {
        let scripted = ScriptedList(["a", "b"])
        var operation = DropOperation.forbidden
        scripted.propose = { _, _ in ListDropProposal(operation: operation, intent: .insertAtDestinationIndexPath) }
        let drag = try scripted.harness.dragFromOtherProcess([textProvider("x")])
        try drag.move(to: "list", at: rowPoint(0))
        #expect(scripted.list.dropHover == nil)
        // Another process's drag cannot be moved: the engine takes it as a cancel.
        operation = .move
        #expect(try drag.move(to: "list", at: rowPoint(1))?.operation == .cancel)
        #expect(scripted.list.dropHover == nil)
        operation = .copy
        try drag.move(to: "list", at: rowPoint(1))
        #expect(scripted.list.dropHover == .gap(before: at(2)))
        try drag.moveOutside()
        #expect(scripted.list.dropHover == nil)
        #expect(!scripted.list.hasActiveDrop)
    }

    @Test func gridPicksByTheLeftAndRightEdgesOfACell() async throws {
        let grid = ListGridLayout(itemSize: CGSize(width: 40, height: 40), columns: 4, spacing: 10)
        let scripted = ScriptedList((0..<10).map(String.init), layout: grid)
        scripted.propose = { _, _ in ListDropProposal(operation: .copy, intent: .automatic) }
        let drag = try scripted.harness.dragFromOtherProcess([textProvider("x")])
        // Cell 5: second row, second column, at x 50...90, y 50...90.
        try drag.move(to: "list", at: CGPoint(x: 52, y: 70))
        #expect(scripted.list.dropHover == .gap(before: at(5)))
        try drag.move(to: "list", at: CGPoint(x: 70, y: 52))
        #expect(scripted.list.dropHover == .highlight(at(5)))
        try drag.move(to: "list", at: CGPoint(x: 88, y: 70))
        #expect(scripted.list.dropHover == .gap(before: at(6)))
        // The spacing between cells is no cell: the drop goes at the end,
        // and the gap shows there.
        try drag.move(to: "list", at: CGPoint(x: 45, y: 70))
        #expect(scripted.list.dropHover == .gap(before: at(10)))
        #expect(try await drag.drop() == .copy)
        #expect(scripted.listCalls.suffix(2) == [.performDrop(nil, .copyAt), .dropSessionDidEnd])
    }

    @Test func nothingGoesIntoAPlaceholder() async throws {
        let scripted = ScriptedList(["a", "b", "c"])
        scripted.propose = { _, _ in ListDropProposal(operation: .copy, intent: .insertIntoDestinationIndexPath) }
        scripted.performDrop = { coordinator in
            _ = try? coordinator.drop(
                coordinator.items[0].dragItem,
                to: DropPlaceholder(insertionIndexPath: coordinator.destinationIndexPath!, reuseIdentifier: "Cell"))
        }
        try await scripted.dropText("one", at: rowPoint(1, 0.5))
        #expect(scripted.list.row(at: at(1))?.placeholder != nil)

        let drag = try scripted.harness.dragFromOtherProcess([textProvider("two")])
        try drag.move(to: "list", at: rowPoint(1, 0.3))
        try drag.move(to: "list", at: rowPoint(1, 0.3))
        // Over the placeholder the drop goes beside it, before the row it stands for.
        #expect(scripted.list.dropHover == .gap(before: at(1)))
        // Over "c", presented below the placeholder, the destination counts data rows only.
        try drag.move(to: "list", at: rowPoint(3, 0.5))
        try drag.move(to: "list", at: rowPoint(3, 0.5))
        #expect(scripted.list.dropHover == .highlight(at(3)))
        #expect(scripted.listCalls.last == .dropSessionDidUpdate(at(2), ListDropProposal(operation: .copy, intent: .insertIntoDestinationIndexPath)))
        try drag.cancel()
    }
}
