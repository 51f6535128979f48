import Foundation
import GRDB
import Testing
@testable import GeocachesCore

/// The board's store: samples once, order across restarts, one row per move.
@MainActor
@Suite struct GeocacheStoreTests {
    @Test func aNewStoreGetsTheSamplesOnceOnly() throws {
        let folder = temporaryFolder()
        let first = try GeocacheStore(folder: folder).loadBoard()
        #expect(first[.inProgress]?.map(\.geocache.name) == ["Old Oak", "Harbour Light", "Mill Race", "Dune Top"])
        #expect(first[.completed]?.count == 2)
        #expect(first[.inProgress]?[0].geocache.image != nil)

        try GeocacheStore(folder: folder).delete(id: try #require(first[.inProgress]?[0].geocache.id))
        let second = try GeocacheStore(folder: folder).loadBoard()
        #expect(second[.inProgress]?.map(\.geocache.name) == ["Harbour Light", "Mill Race", "Dune Top"])
    }

    @Test func laneOrderSurvivesReopening() throws {
        let test = try TestBoard()
        try test.board.move(in: .inProgress, at: 3, to: .inProgress, at: 0)
        try test.board.move(in: .inProgress, at: 1, to: .completed, at: 1)
        try test.board.add(Geocache(name: "Fort", summary: "s", latitude: 1, longitude: 2), to: .completed, at: 0)
        #expect(test.inProgress == ["Tower", "Oak", "Pier"])
        #expect(test.completed == ["Fort", "Lake", "Bridge", "Mill"])
        #expect(try test.reopened() == [.inProgress: ["Tower", "Oak", "Pier"], .completed: ["Fort", "Lake", "Bridge", "Mill"]])
    }

    @Test func aMoveWritesOneRowAndLeavesTheOthersAlone() throws {
        let test = try TestBoard()
        let store = test.board.store
        let before = try store.loadBoard()
        let written = try store.rowsWritten()

        try test.board.move(in: .inProgress, at: 0, to: .completed, at: 1)
        #expect(try store.rowsWritten() - written == 1)
        try test.board.move(in: .completed, at: 2, to: .completed, at: 0)
        #expect(try store.rowsWritten() - written == 2)

        let after = try store.loadBoard()
        let moved: Set<String> = ["Bridge", "Mill"]
        let untouched = { (rows: [StoredGeocache]?) in (rows ?? []).filter { !moved.contains($0.geocache.name) } }
        #expect(untouched(after[.inProgress]) == untouched(before[.inProgress]))
        #expect(Set(untouched(after[.completed])) == Set(untouched(before[.completed])))
        #expect(test.completed == ["Mill", "Lake", "Bridge"])
    }

    @Test func aUsedUpGapRenumbersTheLaneOnceAndKeepsTheOrder() throws {
        let test = try TestBoard(inProgress: ["First", "Last"], completed: [])
        var expected = ["First", "Last"]
        // Each new row goes right after "First": the gap halves every time.
        for number in 1...70 {
            try test.board.add(Geocache(name: "N\(number)", summary: "", latitude: 0, longitude: 0), to: .inProgress, at: 1)
            expected.insert("N\(number)", at: 1)
        }
        #expect(test.inProgress == expected)
        #expect(try test.reopened()[.inProgress] == expected)
        let positions = try test.board.store.loadBoard()[.inProgress]!.map(\.position)
        #expect(positions == positions.sorted())
        #expect(Set(positions).count == positions.count)
    }

    @Test func aFolderThatCannotHoldTheStoreIsReportedByPath() throws {
        let file = temporaryFolder().appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: file)
        let error = try #require(throws: GeocacheError.self) { try GeocacheStore(folder: file) }
        #expect(error.code == .storeFailed)
        #expect(error.description.contains(file.path))
    }

    @Test func exportListsEachLaneWithTheFieldsPeopleCheck() throws {
        let test = try TestBoard(inProgress: ["Bridge"], completed: ["Lake", "Mill"])
        let json = try JSONSerialization.jsonObject(with: BoardExport(store: test.board.store).jsonData()) as? [String: Any]
        let inProgress = try #require(json?["inProgress"] as? [[String: Any]])
        #expect(inProgress.count == 1)
        #expect(inProgress[0]["name"] as? String == "Bridge")
        #expect(inProgress[0]["summary"] as? String == "Bridge summary")
        #expect(inProgress[0]["latitude"] as? Double == 0.5)
        #expect(inProgress[0]["longitude"] as? Double == -0.25)
        #expect(inProgress[0]["hasImage"] as? Bool == true)
        #expect((json?["completed"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Lake", "Mill"])
        #expect((json?["completed"] as? [[String: Any]])?[1]["hasImage"] as? Bool == false)
    }
}

/// Makes a store refuse every write from now on, as a full disk or a
/// read-only file would.
func makeReadOnly(_ store: GeocacheStore) throws {
    // Triggers rather than `PRAGMA query_only`, which every GRDB read turns
    // off again when it ends: the lanes read rows while a drag goes on.
    try store.database.inDatabase { db in
        for change in ["INSERT", "UPDATE", "DELETE"] {
            try db.execute(sql: """
                CREATE TEMP TRIGGER refuse_\(change.lowercased()) BEFORE \(change) ON main.geocache
                BEGIN SELECT RAISE(ABORT, 'attempt to write a readonly database'); END
                """)
        }
    }
}

/// The keyboard's selection: it stays on a card, and moving it to the
/// other lane is the same one-row move a drag makes.
@MainActor
@Suite struct BoardSelectionTests {
    @Test func selectionStaysOnACardAndMovesLikeADrag() throws {
        let test = try TestBoard(inProgress: ["Bridge", "Oak"], completed: ["Lake"])
        let board = test.board
        #expect(board.valid(nil) == BoardSelection(lane: .inProgress, index: 0))
        board.selectNext(by: 5)
        #expect(board.selection == BoardSelection(lane: .inProgress, index: 0))
        board.selectNext(by: 5)
        #expect(board.selection == BoardSelection(lane: .inProgress, index: 1))
        board.selectInOtherLane()
        #expect(board.selection == BoardSelection(lane: .completed, index: 0))
        board.select(BoardSelection(lane: .inProgress, index: 1))

        let written = try board.store.rowsWritten()
        try board.moveSelectedToOtherLane()
        #expect(board.selection == BoardSelection(lane: .completed, index: 1))
        #expect(try board.store.rowsWritten() - written == 1)
        #expect(test.completed == ["Lake", "Oak"])
        try board.delete(in: .inProgress, at: 0)
        #expect(board.valid(BoardSelection(lane: .inProgress, index: 0)) == BoardSelection(lane: .completed, index: 0))
        try board.delete(in: .completed, at: 0)
        try board.delete(in: .completed, at: 0)
        #expect(board.valid(nil) == nil)
    }
}
