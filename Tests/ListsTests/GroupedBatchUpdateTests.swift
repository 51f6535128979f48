import DragAndDrop
import DragDropTesting
import Foundation
import Testing

/// `performBatchUpdates` with UIKit's semantics: the list's own
/// `insertItems`, `deleteItems`, `moveItem` and `reloadItems` called inside
/// the block are gathered into one group, checked against the data source
/// once, after the block.
@MainActor
@Suite struct GroupedBatchUpdateTests {
    @Test func aMoveWrittenAsDeleteAndInsertIsOneValidChange() throws {
        let fixture = ScriptedList(["a", "b", "c", "d"])
        let names = fixture.names, list = fixture.list
        try list.performBatchUpdates { () throws(ListUpdateError) in
            names.moveItem(at: at(0), to: at(2))       // b c a d
            try list.deleteItems(at: [at(0)])
            try list.insertItems(at: [at(2)])
        }
        #expect(names.items == ["b", "c", "a", "d"])
        #expect(fixture.changes == [ListChange(deletedItems: [at(0)], insertedItems: [at(2)])])
        #expect(list.numberOfItems(inSection: 0) == 4)
    }

    @Test func callsOutsideABatchAreStillCheckedOneByOne() {
        let fixture = ScriptedList(["a", "b"])
        fixture.names.moveItem(at: at(0), to: at(1))
        // Deleting alone while the data source still holds two items does not add up.
        let error = #expect(throws: ListUpdateError.self) { try fixture.list.deleteItems(at: [at(0)]) }
        #expect(error?.code == .itemCountMismatch)
    }

    @Test func theGroupIsCheckedOnceAtTheEndAndRefusedWhole() {
        let fixture = ScriptedList(["a", "b", "c"])
        let names = fixture.names, list = fixture.list
        let error = #expect(throws: ListUpdateError.self) {
            try list.performBatchUpdates { () throws(ListUpdateError) in
                names.remove(at: at(0))
                try list.deleteItems(at: [at(0)])
                try list.deleteItems(at: [at(1)])   // the data source deleted only one
            }
        }
        #expect(error?.code == .itemCountMismatch)
        #expect(error?.expectedCount == 1)
        #expect(error?.actualCount == 2)
        // Nothing of the group was applied: the list re-read the counts.
        #expect(fixture.changes.count == 1)
        #expect(fixture.changes[0].isReload)
        #expect(list.numberOfItems(inSection: 0) == 2)
    }

    @Test func aBatchInsideABatchJoinsIt() throws {
        let fixture = ScriptedList(["a", "b"])
        let names = fixture.names, list = fixture.list
        try list.performBatchUpdates { () throws(ListUpdateError) in
            names.insert("x", at: at(0))
            try list.performBatchUpdates { batch in batch.insertItems(at: [at(0)]) }
            names.insert("y", at: at(3))
            try list.insertItems(at: [at(3)])
        }
        #expect(fixture.changes == [ListChange(insertedItems: [at(0), at(3)])])
    }

    @Test func theRecordFormAndTheListsCallsMixInOneBlock() throws {
        let fixture = ScriptedList(["a", "b", "c"])
        let names = fixture.names, list = fixture.list
        try list.performBatchUpdates { batch in
            names.remove(at: at(2))
            names.insert("z", at: at(0))
            batch.deleteItems(at: [at(2)])
            try? list.insertItems(at: [at(0)])
        }
        #expect(names.items == ["z", "a", "b"])
        #expect(fixture.changes == [ListChange(deletedItems: [at(2)], insertedItems: [at(0)])])
    }

    /// Seed 000's reorder: within one lane the drop delegate moves the
    /// geocache in its data source, then deletes the source row and
    /// inserts the destination row inside one batch.
    @Test func aReorderDropInTheSeedsPatternCommits() async throws {
        let fixture = ScriptedList(["Bridge", "Oak", "Pier", "Tower"])
        fixture.propose = { _, _ in .moveAt }
        let names = fixture.names, list = fixture.list
        var failure: ListUpdateError?
        fixture.performDrop = { coordinator in
            guard let destination = coordinator.destinationIndexPath,
                  let item = coordinator.items.first, let source = item.sourceIndexPath else { return }
            do throws(ListUpdateError) {
                try list.performBatchUpdates { () throws(ListUpdateError) in
                    names.moveItem(at: source, to: destination)
                    try list.deleteItems(at: [source])
                    try list.insertItems(at: [destination])
                }
                coordinator.drop(item.dragItem, toItemAt: destination)
            } catch {
                failure = error
            }
        }
        let drag = try fixture.harness.lift(from: "list", at: rowPoint(0))
        try drag.move(to: "list", at: rowPoint(2, 0.75))
        #expect(try await drag.drop() == .move)
        #expect(failure == nil)
        #expect(names.items == ["Oak", "Pier", "Bridge", "Tower"])
        let performed = fixture.listCalls.compactMap { call -> IndexPath?? in
            if case .performDrop(let destination, _) = call { destination } else { nil }
        }
        #expect(performed == [at(2)])
        #expect(fixture.changes.last == ListChange(deletedItems: [at(0)], insertedItems: [at(2)]))
    }
}
