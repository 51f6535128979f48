import DragAndDrop
import Foundation
import Testing
@testable import DragKitGTK

/// Where a list draws the position a hovering drag would drop at, from
/// its layout alone (no display needed).
@Suite("List drop indicator") @MainActor
struct ListDropIndicatorTests {
    private let fruits = ListItems(["Apple", "Banana", "Cherry"])

    private func rows() -> ListView {
        ListView(dataSource: fruits, layout: ListRowLayout(width: 200) { _ in 30 })
    }

    @Test("A gap between rows is a 4-point line across the list, centred on their boundary")
    func gapBetweenRows() throws {
        let list = rows()
        let indicator = try #require(list.dropIndicator(for: .gap(before: IndexPath(item: 1, section: 0))))
        #expect(indicator.frame == CGRect(x: 0, y: 28, width: 200, height: 4))
        #expect(indicator.hover == .gap(before: IndexPath(item: 1, section: 0)))
    }

    @Test("A gap before the first row starts at the top; one after the last sits on its bottom edge")
    func gapsAtTheEnds() throws {
        let list = rows()
        #expect(list.dropIndicator(for: .gap(before: IndexPath(item: 0, section: 0)))?.frame == CGRect(x: 0, y: 0, width: 200, height: 4))
        #expect(list.dropIndicator(for: .gap(before: IndexPath(item: 3, section: 0)))?.frame == CGRect(x: 0, y: 88, width: 200, height: 4))
    }

    @Test("An empty list's gap is at its top")
    func emptyList() throws {
        let list = ListView(dataSource: ListItems<String>(), layout: ListRowLayout(width: 120) { _ in 30 })
        #expect(list.dropIndicator(for: .gap(before: IndexPath(item: 0, section: 0)))?.frame.origin == .zero)
    }

    @Test("A row taking the drop is indicated by its frame; a row that is not there by nothing")
    func highlight() {
        let list = rows()
        #expect(list.dropIndicator(for: .highlight(IndexPath(item: 2, section: 0)))?.frame == CGRect(x: 0, y: 60, width: 200, height: 30))
        #expect(list.dropIndicator(for: .highlight(IndexPath(item: 7, section: 0))) == nil)
    }

    @Test("In a grid the line stands upright at the cell's leading edge, as tall as the cell")
    func gridGap() throws {
        let grid = ListView(dataSource: ListItems(["a", "b", "c", "d", "e"]),
                            layout: ListGridLayout(itemSize: CGSize(width: 50, height: 40), columns: 3))
        let frame = try #require(grid.dropIndicator(for: .gap(before: IndexPath(item: 4, section: 0)))?.frame)
        #expect(frame == CGRect(x: 48, y: 40, width: 4, height: 40))
        // After the last cell: its trailing edge.
        #expect(grid.dropIndicator(for: .gap(before: IndexPath(item: 5, section: 0)))?.frame == CGRect(x: 98, y: 40, width: 4, height: 40))
    }
}
