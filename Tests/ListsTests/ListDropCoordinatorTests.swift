import DragAndDrop
import DragDropTesting
import Foundation
import Testing

/// What the drop coordinator tells about the dropped items.
@MainActor
@Suite struct ListDropCoordinatorTests {
    /// Offers each row as one item whose preview has a set size.
    @MainActor
    final class PreviewSource: ListDragDelegate {
        func list(_ list: ListView, itemsForBeginning session: DragSession, at indexPath: IndexPath) -> [DragItem] {
            let item = DragItem(itemProvider: textProvider("other \(indexPath.item)"))
            item.previewProvider = { DragPreview(size: CGSize(width: 80, height: 30)) }
            return [item]
        }
    }

    func reorderingList(_ names: [String]) -> ScriptedList {
        let scripted = ScriptedList(names)
        scripted.propose = { _, _ in .moveAt }
        return scripted
    }

    @Test func rowOfThisListComesWithItsSourceAndRowSize() async throws {
        let scripted = reorderingList(["a", "b", "c", "d"])
        let drag = try scripted.harness.lift(from: "list", at: rowPoint(1))
        #expect(scripted.list.hasActiveDrag)
        try drag.move(to: "list", at: rowPoint(3, 0.8))
        #expect(scripted.list.hasActiveDrop)
        #expect(try await drag.drop() == .move)

        let coordinator = try #require(scripted.coordinators.first)
        #expect(coordinator.items.map(\.sourceIndexPath) == [at(1)])
        #expect(coordinator.items.first?.previewSize == CGSize(width: 200, height: 44))
        // After the last row, less the row that leaves its place above.
        #expect(coordinator.destinationIndexPath == at(3))
        #expect(coordinator.proposal == .moveAt)
        #expect(coordinator.list === scripted.list)
        #expect(!scripted.list.hasActiveDrag)
        #expect(!scripted.list.hasActiveDrop)
    }

    @Test func rowsLiftedAsALazyListAreMadeAtTheDropInOrderWithTheirSource() async throws {
        let scripted = ScriptedList(["a", "b", "c", "d"])
        scripted.propose = { _, _ in .copyAt }
        var made: [Int] = []
        scripted.itemList = { indexPath in
            DragItemList(count: 3) { index in
                made.append(index)
                return DragItem(itemProvider: textProvider("\(indexPath.item)-\(index)"))
            }
        }
        let drag = try scripted.harness.lift(from: "list", at: rowPoint(1))
        #expect(scripted.harness.transcript.calls == listLiftCalls("list", at: at(1), items: 3))
        try drag.move(to: "list", at: rowPoint(3, 0.8))
        #expect(made.isEmpty)
        #expect(try await drag.drop() == .copy)

        let coordinator = try #require(scripted.coordinators.first)
        #expect(made == [0, 1, 2])
        #expect(coordinator.items.map(\.sourceIndexPath) == [at(1), at(1), at(1)])
        var names: [String] = []
        for item in coordinator.items {
            names.append(try await item.dragItem.itemProvider.loadObject(ofClass: String.self))
        }
        #expect(names == ["1-0", "1-1", "1-2"])
    }

    @Test func copyWithinTheSameListLandsAtTheGapItShowed() async throws {
        let scripted = ScriptedList(["a", "b", "c", "d"])
        scripted.propose = { _, _ in .copyAt }
        scripted.performDrop = { coordinator in
            let destination = coordinator.destinationIndexPath ?? at(scripted.names.items.count)
            try? scripted.list.performBatchUpdates { batch in
                scripted.names.insert("b copy", at: destination)
                batch.insertItems(at: [destination])
            }
        }
        let drag = try scripted.harness.lift(from: "list", at: rowPoint(1))
        // The lower half of "c": the gap opens after it. A copy leaves "b"
        // in place, so that gap is index 3 (a reorder would make it 2).
        #expect(try drag.move(to: "list", at: rowPoint(2, 0.75)) == .copy)
        #expect(scripted.list.dropHover == .gap(before: at(3)))
        #expect(try drag.move(to: "list", at: rowPoint(2, 0.8)) == .copy)
        #expect(try await drag.drop() == .copy)

        #expect(scripted.names.items == ["a", "b", "c", "b copy", "d"])
        #expect(scripted.coordinators.first?.items.map(\.sourceIndexPath) == [at(1)])
        #expect(scripted.listCalls.filter { call in
            switch call {
            case .dropSessionDidUpdate, .performDrop: true
            default: false
            }
        } == [
            // Until the list hears otherwise, a row of its own is a reorder.
            .dropSessionDidUpdate(at(2), .copyAt),
            .dropSessionDidUpdate(at(3), .copyAt),
            .performDrop(at(3), .copyAt),
        ])
    }

    @Test func aDragThatLeavesAndComesBackStartsAfresh() throws {
        let scripted = ScriptedList(["a", "b", "c"])
        let into = ListDropProposal(operation: .copy, intent: .insertIntoDestinationIndexPath)
        scripted.propose = { _, _ in into }
        let drag = try scripted.harness.dragFromOtherProcess([textProvider("x")])
        try drag.move(to: "list", at: rowPoint(1, 0.8))
        try drag.move(to: "list", at: rowPoint(1, 0.8))
        try drag.moveOutside()
        #expect(!scripted.list.hasActiveDrop)
        try drag.move(to: "list", at: rowPoint(1, 0.8))
        try drag.cancel()
        #expect(scripted.listCalls == [
            .canHandle(true), .dropSessionDidEnter,
            .dropSessionDidUpdate(at(2), into), .dropSessionDidUpdate(at(1), into),
            .dropSessionDidExit,
            // Back again: asked again, and with no earlier intent.
            .canHandle(true), .dropSessionDidEnter,
            .dropSessionDidUpdate(at(2), into),
            .dropSessionDidExit, .dropSessionDidEnd,
        ])
    }

    @Test func itemFromAnotherListHasNoSourceInThisOne() async throws {
        let scripted = reorderingList(["a", "b"])
        let source = PreviewSource()
        let other = ListView(
            name: "other", frame: CGRect(x: 300, y: 0, width: 200, height: 600), dataSource: ListItems(["z"]),
            layout: ListRowLayout(width: 200) { _ in 44 })
        other.dragDelegate = source
        scripted.window.addChild(other.node)

        let drag = try scripted.harness.lift(from: "other", at: rowPoint(0))
        #expect(other.hasActiveDrag)
        #expect(!scripted.list.hasActiveDrag)
        try drag.move(to: "list", at: rowPoint(0, 0.9))
        #expect(try await drag.drop() == .move)

        let coordinator = try #require(scripted.coordinators.first)
        #expect(coordinator.items.map(\.sourceIndexPath) == [nil])
        #expect(coordinator.items.first?.previewSize == CGSize(width: 80, height: 30))
        #expect(coordinator.destinationIndexPath == at(1))
    }

    @Test func sourceRowFollowsUpdatesMadeDuringTheDrag() async throws {
        let scripted = reorderingList(["a", "b", "c"])
        let names = scripted.names
        let drag = try scripted.harness.lift(from: "list", at: rowPoint(2))
        try scripted.list.performBatchUpdates { batch in
            names.insert("x", at: at(0))
            batch.insertItems(at: [at(0)])
        }
        try drag.move(to: "list", at: rowPoint(0, 0.1))
        #expect(try await drag.drop() == .move)
        #expect(scripted.coordinators.first?.items.map(\.sourceIndexPath) == [at(3)])
    }

    @Test func sourceRowDeletedDuringTheDragIsNoLongerThisLists() async throws {
        let scripted = reorderingList(["a", "b", "c"])
        let names = scripted.names
        let drag = try scripted.harness.lift(from: "list", at: rowPoint(1))
        try scripted.list.performBatchUpdates { batch in
            names.remove(at: at(1))
            batch.deleteItems(at: [at(1)])
        }
        try drag.move(to: "list", at: rowPoint(0, 0.1))
        #expect(try await drag.drop() == .move)
        #expect(scripted.coordinators.first?.items.map(\.sourceIndexPath) == [nil])
    }

    @Test func dragDelegateDecidesMovesAndRestriction() async throws {
        let scripted = reorderingList(["a", "b"])
        scripted.allowsMove = false
        scripted.restrictedToApp = true
        let drag = try scripted.harness.lift(from: "list", at: rowPoint(0))
        #expect(drag.dragSession?.allowsMoveOperation == false)
        #expect(drag.dragSession?.isRestrictedToDraggingApplication == true)
        // A move the session does not allow is a cancel, and shows no gap.
        #expect(try drag.move(to: "list", at: rowPoint(1, 0.8))?.operation == .cancel)
        #expect(scripted.list.dropHover == nil)
        #expect(try await drag.drop() == .cancel)
        #expect(scripted.coordinators.isEmpty)
    }

    @Test func liftOverEmptySpaceOrAPlaceholderStartsNoDrag() async throws {
        let scripted = ScriptedList(["a"])
        scripted.performDrop = { coordinator in
            _ = try? coordinator.drop(
                coordinator.items[0].dragItem, to: DropPlaceholder(insertionIndexPath: at(0), reuseIdentifier: "Cell"))
        }
        let overNothing = #expect(throws: HarnessError.self) { try scripted.harness.lift(from: "list", at: rowPoint(3)) }
        #expect(overNothing?.code == .nothingToDrag)
        try await scripted.dropText("new", at: rowPoint(0, 0.1))
        #expect(scripted.list.row(at: at(0))?.placeholder != nil)
        let overPlaceholder = #expect(throws: HarnessError.self) { try scripted.harness.lift(from: "list", at: rowPoint(0)) }
        #expect(overPlaceholder?.code == .nothingToDrag)
        #expect(!scripted.listCalls.contains { if case .itemsForBeginning = $0 { true } else { false } })
        #expect(!scripted.list.hasActiveDrag)
        // The item below the placeholder still drags, by its own index path.
        scripted.harness.clearTranscript()
        _ = try scripted.harness.lift(from: "list", at: rowPoint(1))
        #expect(scripted.listCalls.first == .itemsForBeginning(at(0), count: 1))
        #expect(scripted.list.hasActiveDrag)
    }

    @Test func rowTheDelegateGivesNoItemsForStartsNoDragAndLeavesNoneActive() throws {
        let scripted = ScriptedList(["a", "b"])
        scripted.offersItems = false
        let error = #expect(throws: HarnessError.self) { try scripted.harness.lift(from: "list", at: rowPoint(1)) }
        #expect(error?.code == .nothingToDrag)
        #expect(!scripted.list.hasActiveDrag)
        #expect(scripted.harness.transcript.calls == [
            .list("list", .itemsForBeginning(at(1), count: 0)),
            .source("list", .itemsForBeginning(0)),
        ])
    }
}
