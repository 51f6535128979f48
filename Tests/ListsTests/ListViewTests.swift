import DragAndDrop
import Foundation
import Testing

/// Batch updates: what the list accepts, what it tells the toolkit, and how
/// it refuses updates that do not add up.
@MainActor
@Suite struct ListViewTests {
    @Test func countsComeFromTheDataSource() {
        let fixture = ScriptedList([], sections: [["a", "b"], [], ["c"]])
        #expect(fixture.list.numberOfSections == 3)
        #expect((0..<3).map(fixture.list.numberOfItems(inSection:)) == [2, 0, 1])
        #expect(fixture.list.row(at: at(1))?.itemIndexPath == at(1))
        #expect(fixture.list.row(at: at(2)) == nil)
    }

    @Test func batchOfEveryKindIsAppliedAndReported() throws {
        let fixture = ScriptedList(["a", "b", "c", "d"])
        let names = fixture.names
        try fixture.list.performBatchUpdates { batch in
            names.remove(at: at(0))                 // b c d
            names.moveItem(at: at(2), to: at(0))    // d b c
            names.insert("e", at: at(3))            // d b c e
            batch.deleteItems(at: [at(0)])
            batch.moveItem(at: at(3), to: at(0))
            batch.insertItems(at: [at(3)])
            batch.reloadItems(at: [at(1)])
        }
        #expect(names.items == ["d", "b", "c", "e"])
        #expect(fixture.list.numberOfItems(inSection: 0) == 4)
        #expect(fixture.changes == [ListChange(
            deletedItems: [at(0)], insertedItems: [at(3)],
            movedItems: [ListItemMove(from: at(3), to: at(0))], reloadedItems: [at(1)])])
    }

    @Test func itemCountThatDoesNotAddUpIsRefusedNamingTheSection() {
        let fixture = ScriptedList([], sections: [["a"], ["b", "c", "d"]])
        let names = fixture.names
        let error = #expect(throws: ListUpdateError.self) {
            try fixture.list.performBatchUpdates { batch in
                names.insert("x", at: at(0, 1))
                names.insert("y", at: at(0, 1))
                batch.insertItems(at: [at(0, 1)])
            }
        }
        #expect(error?.code == .itemCountMismatch)
        #expect(error?.section == 1)
        #expect(error?.expectedCount == 4)
        #expect(error?.actualCount == 5)
        #expect(error?.description.contains("section 1") == true)
        #expect(error?.description.contains("5 items") == true)
        // The list shows what the data source holds; the app lost nothing.
        #expect(fixture.list.numberOfItems(inSection: 1) == 5)
        #expect(fixture.changes.last?.isReload == true)
        #expect(names.sections[1] == ["y", "x", "b", "c", "d"])
    }

    @Test func indexPathsOutsideTheListAreRefused() {
        let fixture = ScriptedList(["a", "b"])
        let names = fixture.names
        let deletion = #expect(throws: ListUpdateError.self) {
            try fixture.list.performBatchUpdates { batch in
                names.remove(at: at(1))
                batch.deleteItems(at: [at(2)])
            }
        }
        #expect(deletion?.code == .indexPathOutOfRange)
        #expect(deletion?.indexPath == at(2))
        #expect(deletion?.description.contains("before the update") == true)

        let section = #expect(throws: ListUpdateError.self) { try fixture.list.reloadItems(at: [at(0, 3)]) }
        #expect(section?.code == .indexPathOutOfRange)
        #expect(section?.description.contains("section 3") == true)

        let malformed = #expect(throws: ListUpdateError.self) { try fixture.list.reloadItems(at: [IndexPath(index: 0)]) }
        #expect(malformed?.code == .indexPathOutOfRange)
    }

    @Test func anItemNamedByTwoChangesIsRefused() {
        let fixture = ScriptedList(["a", "b", "c"])
        let names = fixture.names
        let error = #expect(throws: ListUpdateError.self) {
            try fixture.list.performBatchUpdates { batch in
                names.remove(at: at(1))
                names.insert("b", at: at(1))
                batch.deleteItems(at: [at(1)])
                batch.moveItem(at: at(1), to: at(0))
            }
        }
        #expect(error?.code == .conflictingUpdates)
        #expect(fixture.names.items == ["a", "b", "c"])
    }

    @Test func addingSectionsNeedsReloadData() {
        let fixture = ScriptedList([], sections: [["a"]])
        let error = #expect(throws: ListUpdateError.self) {
            try fixture.list.performBatchUpdates { _ in fixture.names.insertSection(["b"], at: 1) }
        }
        #expect(error?.code == .sectionCountMismatch)
        #expect(error?.description.contains("reloadData()") == true)
        #expect(fixture.list.numberOfSections == 2)
        #expect(fixture.list.numberOfItems(inSection: 1) == 1)
    }

    @Test func reorderMovesOnlyTheRowsBetweenInTheLayout() throws {
        let fixture = ScriptedList((0..<6).map { "row \($0)" })
        let names = fixture.names
        try fixture.list.performBatchUpdates { batch in
            names.moveItem(at: at(4), to: at(1))
            batch.moveItem(at: at(4), to: at(1))
        }
        #expect(names.items == ["row 0", "row 4", "row 1", "row 2", "row 3", "row 5"])
        #expect(fixture.list.frameForItem(at: at(5)) == CGRect(x: 0, y: 220, width: 200, height: 44))
        #expect(fixture.list.indexPathForItem(at: CGPoint(x: 10, y: 50)) == at(1))
    }
}
