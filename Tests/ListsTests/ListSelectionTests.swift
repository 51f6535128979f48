import DragAndDrop
import DragDropTesting
import Foundation
import Testing

/// A list's selection belongs to its items: clicks and keys choose rows,
/// and inserts, deletes, moves, drops and reloads keep the same items
/// selected.
@MainActor
@Suite struct ListSelectionTests {
    /// Names that know their own identity, so a reload keeps the selection.
    final class NamedRows: ListItemIdentifying {
        var names: [String]
        init(_ names: [String]) { self.names = names }
        func numberOfItems(inSection section: Int) -> Int { names.count }
        func itemIdentifier(at indexPath: IndexPath) -> AnyHashable? { names[indexPath.item] }
    }

    private func list(_ names: [String], multiple: Bool = true) -> (ListView, ListItems<String>) {
        let rows = ListItems(names)
        let list = ListView(name: "list", frame: CGRect(x: 0, y: 0, width: 200, height: 600), dataSource: rows,
                            layout: ListRowLayout(width: 200) { _ in 44 })
        list.allowsMultipleSelection = multiple
        return (list, rows)
    }

    @Test func clicksReplaceToggleAndExtend() {
        let (list, _) = list(["a", "b", "c", "d", "e"])
        list.select(at(1))
        #expect(list.indexPathsForSelectedItems == [at(1)])
        list.select(at(3), mode: .toggle)                      // Ctrl-click
        #expect(list.indexPathsForSelectedItems == [at(1), at(3)])
        list.select(at(1), mode: .toggle)
        #expect(list.indexPathsForSelectedItems == [at(3)])
        list.select(at(0), mode: .extend)                      // Shift-click from the anchor, row 1
        #expect(list.indexPathsForSelectedItems == [at(0), at(1)])
        list.select(at(4))
        #expect(list.indexPathsForSelectedItems == [at(4)])
        list.selectAll()
        #expect(list.indexPathsForSelectedItems.count == 5)
        list.select(at(2))                                     // a plain click after Ctrl+A
        #expect(list.indexPathsForSelectedItems == [at(2)])
    }

    @Test func singleSelectionKeepsOneRowWhateverTheMode() {
        let (list, _) = list(["a", "b", "c"], multiple: false)
        list.select(at(0))
        list.select(at(2), mode: .extend)
        list.select(at(1), mode: .toggle)
        list.selectAll()
        #expect(list.indexPathsForSelectedItems == [at(1)])
    }

    @Test func arrowKeysMoveTheFocusAndShiftExtends() {
        let (list, _) = list(["a", "b", "c", "d"])
        #expect(list.moveFocus(by: 1) == at(0))                // Down with nothing selected: the first row
        list.moveFocus(by: 1, mode: .extend)                   // Shift+Down
        list.moveFocus(by: 1, mode: .extend)
        #expect(list.indexPathsForSelectedItems == [at(0), at(1), at(2)])
        list.moveFocus(by: -1, mode: .extend)                  // Shift+Up shrinks back towards the anchor
        #expect(list.indexPathsForSelectedItems == [at(0), at(1)])
        list.moveFocus(by: 10)
        #expect(list.indexPathsForSelectedItems == [at(3)])
        list.moveFocusToEnd(last: false)
        #expect(list.selection.focus == at(0))
    }

    @Test func anInsertAboveKeepsTheSameItemSelected() throws {
        let (list, rows) = list(["a", "b", "c"])
        list.select(at(1))
        rows.insert("new", at: at(0))
        try list.insertItems(at: [at(0)])
        #expect(list.indexPathsForSelectedItems == [at(2)])
        #expect(rows[list.indexPathsForSelectedItems[0]] == "b")
    }

    @Test func aReorderCarriesTheSelectionWithTheRows() throws {
        let (list, rows) = list(["a", "b", "c", "d"])
        list.select(at(3))
        list.select(at(0), mode: .toggle)
        rows.moveItem(at: at(3), to: at(1))                   // a d b c
        try list.moveItem(at: at(3), to: at(1))
        #expect(list.indexPathsForSelectedItems.map { rows[$0] } == ["a", "d"])
    }

    @Test func deletingTheLastRowOfASectionNeverSelectsAnotherSection() throws {
        let rows = ListItems(sections: [["a"], ["b", "c"]])
        let list = ListView(name: "list", dataSource: rows, layout: ListRowLayout(width: 200) { _ in 44 })
        list.select(at(0, 0))
        rows.remove(at: at(0, 0))
        try list.deleteItems(at: [at(0, 0)])
        #expect(list.indexPathsForSelectedItems.isEmpty)
        #expect(list.selection.focus == nil)
    }

    @Test func aReloadKeepsNamedItemsSelectedAndForgetsUnnamedOnes() {
        let named = NamedRows(["a", "b", "c"])
        let list = ListView(name: "list", dataSource: named, layout: ListRowLayout(width: 200) { _ in 44 })
        list.allowsMultipleSelection = true
        list.select(at(1))
        list.select(at(2), mode: .toggle)
        named.names = ["z", "c", "a", "b"]
        list.reloadData()
        #expect(list.indexPathsForSelectedItems.map { named.names[$0.item] } == ["c", "b"])

        let (plain, rows) = self.list(["a", "b"])
        plain.select(at(1))
        rows.insert("x", at: at(0))
        plain.reloadData()
        #expect(plain.indexPathsForSelectedItems.isEmpty)
    }

    @Test func manySelectedItemsAreFoundAgainInOnePass() {
        let named = NamedRows((0..<2_000).map { "row \($0)" })
        let list = ListView(name: "list", dataSource: named, layout: ListRowLayout(width: 200) { _ in 44 })
        list.allowsMultipleSelection = true
        list.selectAll()
        named.names.insert("first", at: 0)
        list.reloadData()
        #expect(list.indexPathsForSelectedItems.count == 2_000)
        #expect(list.indexPathsForSelectedItems.first == at(1))
    }

    @Test func selectionChangesAreReportedOncePerChange() {
        let (list, _) = list(["a", "b"])
        var reports = 0
        list.onEvent = { if case .selectionChanged = $0 { reports += 1 } }
        list.select(at(0))
        list.select(at(0))
        list.select(at(1))
        #expect(reports == 2)
    }

    /// UIKit's drag delegate gets the lifted row in `itemsForBeginning`
    /// and each other selected row in `itemsForAddingTo`; the drop sees
    /// every item with its own source row.
    @Test func liftingASelectedRowDragsTheWholeSelection() async throws {
        let fixture = ScriptedList(["a", "b", "c", "d"])
        fixture.list.allowsMultipleSelection = true
        fixture.list.select(at(0))
        fixture.list.select(at(2), mode: .toggle)
        fixture.list.select(at(3), mode: .toggle)
        fixture.propose = { _, _ in .moveAt }
        var sources: [IndexPath?] = []
        fixture.performDrop = { coordinator in sources = coordinator.items.map(\.sourceIndexPath) }
        let drag = try fixture.harness.lift(from: "list", at: rowPoint(2))
        #expect(drag.dragSession?.items.count == 3)
        try drag.move(to: "list", at: rowPoint(1, 0.3))
        _ = try await drag.drop()
        #expect(Array(fixture.listCalls.prefix(3)) == [
            .itemsForBeginning(at(2), count: 1),
            .itemsForAdding(at(0), count: 1),
            .itemsForAdding(at(3), count: 1),
        ])
        // The items follow the list's order.
        #expect(sources == [at(0), at(2), at(3)])
    }

    @Test func liftingAnUnselectedRowDragsOnlyIt() throws {
        let fixture = ScriptedList(["a", "b", "c"])
        fixture.list.allowsMultipleSelection = true
        fixture.list.select(at(0))
        fixture.list.select(at(1), mode: .toggle)
        let drag = try fixture.harness.lift(from: "list", at: rowPoint(2))
        #expect(drag.dragSession?.items.count == 1)
    }
}
