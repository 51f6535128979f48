import AppSupport
import Foundation
import Testing
@testable import GeocachesCore

/// A lane reads a geocache's fields only when its row is asked for, a page
/// at a time, so a large board opens at the cost of the rows shown.
@MainActor
@Suite struct LaneReadingTests {
    /// A board whose In progress lane has `count` geocaches named "Cache 0", "Cache 1", ...
    private func board(count: Int) throws -> (CacheBoard, URL) {
        let folder = temporaryFolder()
        let store = try GeocacheStore(folder: folder, samples: [])
        try store.append((0..<count).map { Geocache(name: "Cache \($0)", summary: "Row \($0)", latitude: 0, longitude: 0) },
                         to: .inProgress)
        return (try CacheBoard(store: store), folder)
    }

    @Test func openingALaneReadsNoFieldsAndARowReadsItsPage() throws {
        let (board, _) = try board(count: 1_000)
        let items = board.inProgress.items
        #expect(items.rows.count == 1_000)
        #expect(items.rowsRead == 0, "opening reads ids and positions only")
        #expect(items.rows[500].geocache.name == "Cache 500")
        #expect(items.rowsRead == PagedRows<Int64, Geocache>.pageSize)
        #expect(items.rows[563].geocache.summary == "Row 563", "in the page just read")
        #expect(items.rowsRead == PagedRows<Int64, Geocache>.pageSize)
        #expect(items.rows[999].geocache.name == "Cache 999")
        #expect(items.rowsRead == PagedRows<Int64, Geocache>.pageSize + 1, "the last page is one row")
    }

    @Test func aLongScrollKeepsTheFieldsOfTheRowsSeenLastOnly() throws {
        let (board, _) = try board(count: 10_000)
        let items = board.inProgress.items
        for index in stride(from: 0, to: 10_000, by: 16) { _ = items.rows[index] }
        #expect(items.rowsRead == 10_000)
        // The newest rows are still known; the first page was let go and is read again.
        _ = items.rows[9_999]
        #expect(items.rowsRead == 10_000)
        #expect(items.rows[0].geocache.name == "Cache 0")
        #expect(items.rowsRead == 10_000 + PagedRows<Int64, Geocache>.pageSize)
    }

    @Test func movesAndEditsKeepTheRowsInStepWithTheStore() throws {
        let (board, folder) = try board(count: 300)
        try board.move(in: .inProgress, at: 250, to: .completed, at: 0)
        try board.move(in: .inProgress, at: 0, to: .inProgress, at: 5)
        #expect(board.completed.geocaches.map(\.name) == ["Cache 250"])
        var edited = board.inProgress.items.rows[5].geocache
        #expect(edited.name == "Cache 0")
        edited.summary = "Edited"
        try board.update(edited)
        let reopened = try GeocacheStore(folder: folder).loadBoard()
        #expect(reopened[.inProgress]?.map(\.geocache) == board.inProgress.geocaches)
        #expect(board.inProgress.items.rows[5].geocache.summary == "Edited")
    }

    @Test func aRowDeletedByAnotherProgramSaysSo() throws {
        let (board, folder) = try board(count: 10)
        let id = board.inProgress.items.ids[3]
        try GeocacheStore(folder: folder).delete(id: id)
        let shown = board.inProgress.items.rows[3].geocache
        #expect(shown.name == "Missing geocache")
        #expect(shown.summary.contains("no longer in the store"))
        #expect(board.inProgress.items.rows[4].geocache.name == "Cache 4")
    }
}
