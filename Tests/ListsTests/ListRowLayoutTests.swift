import DragAndDrop
import Foundation
import Testing

/// Rows of varying height: the row under a point, and geometry that stays
/// right through updates.
@MainActor
@Suite struct ListRowLayoutTests {
    /// A list of `count` rows whose heights come from `heights`, keyed by an
    /// id that travels with the row.
    @MainActor
    final class Fixture {
        let items: ListItems<Int>
        let list: ListView
        let layout: ListRowLayout

        init(sections: [[Int]], spacing: CGFloat = 0) {
            items = ListItems(sections: sections)
            let items = items
            layout = ListRowLayout(width: 100, sectionSpacing: spacing) { row in
                guard let indexPath = row.itemIndexPath else { return 30 }
                return Self.height(ofID: items[indexPath])
            }
            list = ListView(dataSource: items, layout: layout)
        }

        static func height(ofID id: Int) -> CGFloat { CGFloat(10 + (id * 7919) % 53) }

        /// Every row's frame, computed from scratch.
        func expectedFrames() -> [[CGRect]] {
            var top: CGFloat = 0
            return items.sections.map { section in
                defer { top += layout.sectionSpacing }
                return section.map { id in
                    defer { top += Self.height(ofID: id) }
                    return CGRect(x: 0, y: top, width: 100, height: Self.height(ofID: id))
                }
            }
        }

        /// Checks the row under points all over the list (and past it)
        /// against a scan of the expected frames.
        func expectLookupsMatchAScan(sourceLocation: SourceLocation = #_sourceLocation) {
            let frames = expectedFrames()
            let height = frames.compactMap(\.last?.maxY).max() ?? 0
            for step in 0..<1000 {
                let point = CGPoint(x: 50, y: CGFloat(step) * (height + 40) / 1000 - 20)
                var expected: IndexPath?
                for (section, rows) in frames.enumerated() {
                    if let item = rows.firstIndex(where: { $0.minY <= point.y && point.y < $0.maxY }) {
                        expected = at(item, section)
                    }
                }
                #expect(list.indexPathForItem(at: point) == expected, "at y \(point.y)", sourceLocation: sourceLocation)
            }
        }

        func frames() -> [[CGRect]] {
            items.sections.indices.map { section in
                items.sections[section].indices.map { list.frameForItem(at: at($0, section))! }
            }
        }
    }

    @Test func rowUnderAPointMatchesAScanOfTheFrames() {
        let fixture = Fixture(sections: [Array(0..<300), [], Array(300..<350)], spacing: 12)
        #expect(fixture.frames() == fixture.expectedFrames())
        #expect(fixture.layout.contentSize.height == fixture.expectedFrames()[2].last!.maxY)
        fixture.expectLookupsMatchAScan()
        #expect(fixture.list.indexPathForItem(at: CGPoint(x: 100, y: 5)) == nil)
        #expect(fixture.list.indexPathForItem(at: CGPoint(x: -1, y: 5)) == nil)
    }

    @Test func reordersKeepTheGeometryRight() throws {
        let fixture = Fixture(sections: [Array(0..<200)])
        let items = fixture.items
        for (from, to) in [(0, 199), (199, 0), (5, 6), (70, 3), (17, 17), (63, 64), (64, 63), (130, 140)] {
            try fixture.list.performBatchUpdates { batch in
                items.moveItem(at: at(from), to: at(to))
                batch.moveItem(at: at(from), to: at(to))
            }
            #expect(fixture.frames() == fixture.expectedFrames(), "after moving \(from) to \(to)")
            fixture.expectLookupsMatchAScan()
        }
    }

    @Test func rowsRemovedFromTheEndLeaveNoStaleGeometry() throws {
        let fixture = Fixture(sections: [Array(0..<130)])
        let items = fixture.items
        try fixture.list.performBatchUpdates { batch in
            items.remove(at: at(129))
            items.remove(at: at(128))
            batch.deleteItems(at: [at(128), at(129)])
        }
        fixture.expectLookupsMatchAScan()
        try fixture.list.performBatchUpdates { batch in
            items.append(500)
            batch.insertItems(at: [at(128)])
        }
        #expect(fixture.frames() == fixture.expectedFrames())
        fixture.expectLookupsMatchAScan()
    }

    @Test func mixedBatchesKeepTheGeometryRight() throws {
        let fixture = Fixture(sections: [Array(0..<20), Array(20..<30)], spacing: 8)
        let items = fixture.items
        try fixture.list.performBatchUpdates { batch in
            items.remove(at: at(3))
            items.remove(at: at(0))                     // 1 2 4 5 ...
            items.insert(100, at: at(1))                // 1 100 2 4 ...
            items.moveItem(at: at(0, 1), to: at(5))     // section 1 element 20 into section 0
            items[at(2)] = 200                          // old row 2 reloaded with a new height
            batch.deleteItems(at: [at(0), at(3)])
            batch.insertItems(at: [at(1)])
            batch.moveItem(at: at(0, 1), to: at(5))
            batch.reloadItems(at: [at(2)])
        }
        #expect(items.sections[0].prefix(6) == [1, 100, 200, 4, 5, 20])
        #expect(fixture.frames() == fixture.expectedFrames())
        #expect(fixture.layout.contentSize.height == fixture.expectedFrames()[1].last!.maxY)
    }

    @Test func manyScatteredDeletionsAndInsertionsInOneBatchKeepTheGeometryRight() throws {
        let fixture = Fixture(sections: [Array(0..<300), Array(300..<310)], spacing: 8)
        let items = fixture.items
        let deleted = stride(from: 0, to: 300, by: 7).map { at($0) }
        // A block at the top, rows between others, and rows after the last.
        let inserted = (0..<40).map { at($0) } + stride(from: 60, to: 200, by: 5).map { at($0) } + (292..<300).map { at($0) }
        try fixture.list.performBatchUpdates { batch in
            for indexPath in deleted.reversed() { items.remove(at: indexPath) }
            for (offset, indexPath) in inserted.enumerated() { items.insert(1_000 + offset, at: indexPath) }
            batch.deleteItems(at: deleted)
            batch.insertItems(at: inserted)
        }
        #expect(items.sections[0].count == 300 - deleted.count + inserted.count)
        #expect(Array(items.sections[0].prefix(3)) == [1_000, 1_001, 1_002])
        #expect(fixture.frames() == fixture.expectedFrames())
        fixture.expectLookupsMatchAScan()
    }
}

/// Equal cells in a grid.
@MainActor
@Suite struct ListGridLayoutTests {
    @Test func oneHeightForEveryRowStacksThemAndKeepsThroughUpdates() throws {
        let items = ListItems(sections: [Array(0..<1000), Array(1000..<1010)])
        let layout = ListRowLayout(width: 120, sectionSpacing: 10, rowHeight: 56)
        let list = ListView(dataSource: items, layout: layout)
        func expectStacked(sourceLocation: SourceLocation = #_sourceLocation) {
            let first = items.sections[0].count
            #expect(list.frameForItem(at: at(0)) == CGRect(x: 0, y: 0, width: 120, height: 56), sourceLocation: sourceLocation)
            #expect(list.frameForItem(at: at(first - 1)) == CGRect(x: 0, y: CGFloat(first - 1) * 56, width: 120, height: 56),
                    sourceLocation: sourceLocation)
            #expect(list.frameForItem(at: at(0, 1))?.minY == CGFloat(first) * 56 + 10, sourceLocation: sourceLocation)
            #expect(layout.contentSize.height == CGFloat(first + items.sections[1].count) * 56 + 10, sourceLocation: sourceLocation)
            #expect(list.indexPathForItem(at: CGPoint(x: 5, y: 56 * 500 + 1)) == at(500), sourceLocation: sourceLocation)
        }
        expectStacked()
        try list.performBatchUpdates { batch in
            items.insert(5000, at: at(3))
            items.moveItem(at: at(0, 1), to: at(10))
            batch.insertItems(at: [at(3)])
            batch.moveItem(at: at(0, 1), to: at(10))
        }
        #expect(items.sections.map(\.count) == [1002, 9])
        expectStacked()
    }

    @Test func cellsAreFoundByArithmetic() {
        let items = ListItems(sections: [Array(0..<7), Array(0..<2)])
        let grid = ListGridLayout(itemSize: CGSize(width: 30, height: 20), columns: 3, spacing: 5, sectionSpacing: 15)
        let list = ListView(dataSource: items, layout: grid)
        // Section 0: three rows (7 cells); section 1 starts after 3×20 + 2×5 + 15.
        #expect(list.frameForItem(at: at(4)) == CGRect(x: 35, y: 25, width: 30, height: 20))
        #expect(list.frameForItem(at: at(1, 1)) == CGRect(x: 35, y: 85, width: 30, height: 20))
        #expect(list.indexPathForItem(at: CGPoint(x: 40, y: 30)) == at(4))
        #expect(list.indexPathForItem(at: CGPoint(x: 40, y: 90)) == at(1, 1))
        // Spacing, the gap between sections, a missing cell, past the columns.
        #expect(list.indexPathForItem(at: CGPoint(x: 32, y: 30)) == nil)
        #expect(list.indexPathForItem(at: CGPoint(x: 10, y: 75)) == nil)
        #expect(list.indexPathForItem(at: CGPoint(x: 40, y: 55)) == nil)
        #expect(list.indexPathForItem(at: CGPoint(x: 120, y: 5)) == nil)
        #expect(grid.contentSize == CGSize(width: 100, height: 105))
    }
}
