import DragAndDrop
import Foundation
import Testing

/// Placeholders a drop inserts: where they show, how they keep their place
/// through other updates, and how they end.
@MainActor
@Suite struct PlaceholderContextTests {
    /// A list whose drops insert a placeholder at the destination and keep
    /// its context for the test to finish.
    @MainActor
    final class Fixture {
        let scripted: ScriptedList
        var contexts: [PlaceholderContext] = []
        var placeholderErrors: [ListUpdateError] = []

        init(_ names: [String], rowHeight: CGFloat? = nil) {
            scripted = ScriptedList(names)
            scripted.performDrop = { [unowned self] coordinator in
                let destination = coordinator.destinationIndexPath ?? at(scripted.names.items.count)
                let placeholder = DropPlaceholder(
                    insertionIndexPath: destination, reuseIdentifier: "Cell", rowHeight: rowHeight)
                placeholder.cellUpdateHandler = { ($0 as? TestCell)?.title = "Loading…" }
                do throws(ListUpdateError) {
                    contexts.append(try coordinator.drop(coordinator.items[0].dragItem, to: placeholder))
                } catch {
                    placeholderErrors.append(error)
                }
            }
        }

        var list: ListView { scripted.list }
        var names: ListItems<String> { scripted.names }
    }

    @Test func placeholderIsARowOfItsOwnUntilCommitted() async throws {
        let fixture = Fixture(["a", "b", "c"])
        let coordinator = try await fixture.scripted.dropText("new", at: rowPoint(1, 0.2))
        let context = try #require(fixture.contexts.first)

        #expect(fixture.list.numberOfItems(inSection: 0) == 4)
        #expect(fixture.names.items == ["a", "b", "c"])
        #expect(fixture.list.hasUncommittedUpdates)
        #expect(context.presentedIndexPath == at(1))
        #expect(context.insertionIndexPath == at(1))
        let shown = try #require(fixture.list.row(at: at(1))?.placeholder)
        #expect(shown === context.placeholder)
        let cell = TestCell()
        shown.updateCell(cell)
        #expect(cell.title == "Loading…")
        #expect(fixture.list.row(at: at(2))?.itemIndexPath == at(1))
        #expect(fixture.list.presentedIndexPath(forItemAt: at(1)) == at(2))
        #expect(coordinator?.animations.map(\.target) == [.placeholder(at(1))])

        try context.commitInsertion { fixture.names.insert("new", at: $0) }
        #expect(fixture.names.items == ["a", "new", "b", "c"])
        #expect(fixture.list.numberOfItems(inSection: 0) == 4)
        #expect(!fixture.list.hasUncommittedUpdates)
        #expect(!context.isActive)
        #expect(fixture.scripted.changes.last == ListChange(deletedItems: [at(1)], insertedItems: [at(1)]))
    }

    @Test func commitUsesThePlaceholdersPlaceAfterRowsWereInsertedAboveIt() async throws {
        let fixture = Fixture(["a", "b", "c", "d"])
        try await fixture.scripted.dropText("new", at: rowPoint(2, 0.2))
        let context = try #require(fixture.contexts.first)
        #expect(context.insertionIndexPath == at(2))

        let names = fixture.names
        try fixture.list.performBatchUpdates { batch in
            names.insert("x", at: at(0))
            names.insert("y", at: at(1))
            names.append("z")
            batch.insertItems(at: [at(0), at(1), at(6)])
        }
        #expect(context.presentedIndexPath == at(4))
        #expect(fixture.list.row(at: at(4))?.placeholder === context.placeholder)

        var handedOver: IndexPath?
        try context.commitInsertion { indexPath in
            handedOver = indexPath
            names.insert("new", at: indexPath)
        }
        #expect(handedOver == at(4))
        #expect(names.items == ["x", "y", "a", "b", "new", "c", "d", "z"])
    }

    @Test func rowInsertedAtThePlaceholdersIndexGoesAboveIt() async throws {
        let fixture = Fixture(["a", "b", "c"])
        try await fixture.scripted.dropText("new", at: rowPoint(2, 0.2))
        let context = try #require(fixture.contexts.first)
        try fixture.list.performBatchUpdates { batch in
            fixture.names.insert("x", at: at(2))
            batch.insertItems(at: [at(2)])
        }
        #expect(fixture.scripted.changes.last == ListChange(insertedItems: [at(2)]))
        #expect(context.presentedIndexPath == at(3))
        try context.commitInsertion { fixture.names.insert("new", at: $0) }
        #expect(fixture.names.items == ["a", "b", "x", "new", "c"])
    }

    @Test func placeholderMovesUpWhenRowsAboveItAreDeleted() async throws {
        let fixture = Fixture(["a", "b", "c", "d"])
        try await fixture.scripted.dropText("new", at: rowPoint(3, 0.2))
        let context = try #require(fixture.contexts.first)
        let names = fixture.names
        try fixture.list.performBatchUpdates { batch in
            names.remove(at: at(1))
            names.remove(at: at(0))
            batch.deleteItems(at: [at(0), at(1)])
        }
        #expect(context.insertionIndexPath == at(1))
        try context.commitInsertion { names.insert("new", at: $0) }
        #expect(names.items == ["c", "new", "d"])
    }

    @Test func commitThatInsertsNothingIsRefusedAndThePlaceholderStays() async throws {
        let fixture = Fixture(["a", "b"])
        try await fixture.scripted.dropText("new", at: rowPoint(0, 0.2))
        let context = try #require(fixture.contexts.first)

        let error = #expect(throws: ListUpdateError.self) { try context.commitInsertion { _ in } }
        #expect(error?.code == .itemCountMismatch)
        #expect(error?.expectedCount == 3)
        #expect(error?.actualCount == 2)
        #expect(context.isActive)
        #expect(fixture.list.numberOfItems(inSection: 0) == 3)

        #expect(context.deletePlaceholder())
        #expect(fixture.list.numberOfItems(inSection: 0) == 2)
        #expect(fixture.names.items == ["a", "b"])
    }

    @Test func deletedPlaceholderCannotBeCommitted() async throws {
        let fixture = Fixture(["a", "b"])
        try await fixture.scripted.dropText("new", at: rowPoint(1, 0.2))
        let context = try #require(fixture.contexts.first)
        #expect(context.deletePlaceholder())
        #expect(!context.deletePlaceholder())
        #expect(fixture.scripted.changes.last == ListChange(deletedItems: [at(1)]))

        var called = false
        let error = #expect(throws: ListUpdateError.self) { try context.commitInsertion { _ in called = true } }
        #expect(error?.code == .placeholderNotActive)
        #expect(!called)
        #expect(fixture.names.items == ["a", "b"])
    }

    @Test func reloadDataDiscardsPlaceholders() async throws {
        let fixture = Fixture(["a", "b"])
        try await fixture.scripted.dropText("new", at: rowPoint(1, 0.2))
        let context = try #require(fixture.contexts.first)
        fixture.list.reloadData()
        #expect(!context.isActive)
        #expect(!fixture.list.hasUncommittedUpdates)
        #expect(fixture.list.numberOfItems(inSection: 0) == 2)
        #expect(throws: ListUpdateError.self) { try context.commitInsertion { fixture.names.insert("new", at: $0) } }
    }

    @Test func placeholderOutsideTheListIsRefused() async throws {
        let scripted = ScriptedList(["a"])
        var caught: ListUpdateError?
        scripted.performDrop = { coordinator in
            do throws(ListUpdateError) {
                _ = try coordinator.drop(
                    coordinator.items[0].dragItem, to: DropPlaceholder(insertionIndexPath: at(5), reuseIdentifier: "Cell"))
            } catch {
                caught = error
            }
        }
        try await scripted.dropText("new", at: rowPoint(0))
        #expect(caught?.code == .indexPathOutOfRange)
        #expect(caught?.description.contains("0...1") == true)
        #expect(scripted.list.numberOfItems(inSection: 0) == 1)
        #expect(!scripted.list.hasUncommittedUpdates)
    }

    @Test func twoPlaceholdersEachKeepTheirPlace() async throws {
        let fixture = Fixture(["a", "b", "c"])
        try await fixture.scripted.dropText("one", at: rowPoint(1, 0.2))
        // Row 3 as presented is "c" now: the placeholder sits at 1.
        try await fixture.scripted.dropText("two", at: rowPoint(3, 0.2))
        #expect(fixture.contexts.map(\.insertionIndexPath) == [at(1), at(2)])
        #expect(fixture.contexts.map(\.presentedIndexPath) == [at(1), at(3)])

        try fixture.contexts[0].commitInsertion { fixture.names.insert("one", at: $0) }
        #expect(fixture.contexts[1].insertionIndexPath == at(3))
        try fixture.contexts[1].commitInsertion { fixture.names.insert("two", at: $0) }
        #expect(fixture.names.items == ["a", "one", "b", "two", "c"])
    }

    @Test func placeholderRowHasItsOwnHeightAndAsksForCellUpdates() async throws {
        let fixture = Fixture(["a", "b"], rowHeight: 60)
        try await fixture.scripted.dropText("new", at: rowPoint(1, 0.2))
        let context = try #require(fixture.contexts.first)
        #expect(fixture.list.frameForItem(at: at(1)) == CGRect(x: 0, y: 44, width: 200, height: 60))
        #expect(fixture.list.frameForItem(at: at(2)) == CGRect(x: 0, y: 104, width: 200, height: 44))

        context.setNeedsCellUpdate()
        guard case .placeholderNeedsCellUpdate(let placeholder, let indexPath)? = fixture.scripted.events.last else {
            Issue.record("No cell update event")
            return
        }
        #expect(placeholder === context.placeholder)
        #expect(indexPath == at(1))
    }
}
