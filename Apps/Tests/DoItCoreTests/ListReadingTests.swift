import DoItCore
import Foundation
import Testing

/// A list screen opens with its items' ids and reads an item's fields only
/// when its row is asked for, a page at a time.
@MainActor
@Suite struct ListReadingTests {
    private func desktop(withItems count: Int, in name: String = "Work") throws -> (Desktop, UUID) {
        let desktop = try Desktop()
        let list = desktop.list(named: name)
        try desktop.store.addItems((0..<count).map { TodoItem(title: "Item \($0)", listID: list.id) })
        return (desktop, list.id)
    }

    @Test func aListOfAThousandItemsOpensWithItsIdsAndReadsThePageShown() throws {
        let (desktop, work) = try desktop(withItems: 1_000)
        desktop.app.windows.select(.list(work), in: desktop.main.windowID)
        let screen = try #require(desktop.main.list)
        #expect(screen.count == 1_003)
        #expect(screen.rowsRead == 0)
        #expect(screen.text(at: 503) == "☐ Item 500")
        #expect(screen.rowsRead == 64)
        #expect(screen.item(at: 566)?.title == "Item 563", "in the page just read")
        #expect(screen.rowsRead == 64)
        #expect(screen.item(at: 1_003) == nil)
        #expect(screen.index(ofItem: screen.item(at: 900)!.id) == 900)
    }

    @Test func aLongListOpensWithItsFirstIdsAndReadsTheRestForARowPastThem() throws {
        let (desktop, work) = try desktop(withItems: 1_000)
        desktop.app.windows.select(.list(work), in: desktop.main.windowID)
        let screen = try #require(desktop.main.list)
        #expect(screen.count == 1_003)
        #expect(screen.idsRead == 256, "the first ids, more than a window shows")
        #expect(screen.item(at: 255)?.title == "Item 252")
        #expect(screen.idsRead == 256)
        #expect(screen.item(at: 900)?.title == "Item 897")
        #expect(screen.idsRead == 1_003)
        #expect(screen.items.map(\.id) == desktop.store.items(inList: work).map(\.id))
    }

    /// A list of `count` items, the only one of a store in a folder of its
    /// own, shown in the main window; and the same folder opened as another
    /// program opens it. The caller removes the folder.
    private func listSharedWithAnotherProgram(
        _ count: Int
    ) throws -> (folder: URL, app: DoItApp, store: TodoStore, other: TodoStore, list: TodoList, screen: TodoListScreen) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try TodoStore(directory: folder, clock: TestClock.fixed, sampleData: false)
        let list = TodoList(name: "Shared")
        try store.addList(list, items: (0..<count).map { TodoItem(title: "Item \($0)", listID: list.id) })
        let app = DoItApp(store: store)
        app.openMainWindow()
        let screen = try #require(app.screens[1]?.list)
        let other = try TodoStore(directory: folder, clock: TestClock.fixed, sampleData: false)
        return (folder, app, store, other, list, screen)
    }

    @Test func aListAnotherProgramShortenedBeforeTheRestIsReadKeepsItsItemsAndReloads() async throws {
        let (folder, app, store, other, list, screen) = try listSharedWithAnotherProgram(600)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(screen.count == 600)
        // Another process deletes the last 100 items before the rest of the ids is read.
        try other.removeItems(withIDs: other.items(inList: list.id).suffix(100).map(\.id))
        #expect(screen.item(at: 450)?.title == "Item 450")
        // The rows are the 500 items there are, each with its own id: no
        // row stands for an item that is gone.
        #expect(screen.count == 500)
        #expect(screen.item(at: 550) == nil)
        #expect(screen.text(at: 550) == "")
        #expect(screen.items.map(\.id) == store.items(inList: list.id).map(\.id))
        // The list view keeps its rows while the toolkit fills them in,
        // and reloads on the next turn.
        for _ in 0..<100 where screen.listView.numberOfItems(inSection: 0) != 500 { await Task.yield() }
        #expect(screen.listView.numberOfItems(inSection: 0) == 500)

        // The last row is an item like any other: deleted, then undone, it
        // is back in its row with its id.
        let last = try #require(screen.item(at: 499))
        #expect(last.title == "Item 499")
        app.deleteItems([last.id], in: 1)
        #expect(screen.count == 499)
        app.undo()
        #expect(screen.count == 500)
        #expect(screen.index(ofItem: last.id) == 499)
        try store.addItems([TodoItem(title: "New", listID: list.id)])
        #expect(screen.count == 501)
        #expect(screen.item(at: 500)?.title == "New")
    }

    @Test func homesCountsFollowAListAnotherProgramShortenedOrLengthened() async throws {
        let (folder, app, _, other, list, screen) = try listSharedWithAnotherProgram(603)
        defer { try? FileManager.default.removeItem(at: folder) }
        let home = try #require(app.screens[1]?.home)
        let all = try #require(home.groups.firstIndex(of: .all))
        #expect(home.listText(at: 0) == "● Shared  603")

        // Another process deletes 100 items; reading the rows past the
        // first ids finds it, and Home counts again on the next turn.
        try other.removeItems(withIDs: other.items(inList: list.id).suffix(100).map(\.id))
        #expect(screen.item(at: 450)?.title == "Item 450")
        for _ in 0..<100 where home.listText(at: 0) != "● Shared  503" { await Task.yield() }
        #expect(home.listText(at: 0) == "● Shared  503")
        #expect(home.listRow(at: 0).detail == "503")
        #expect(home.groupText(at: all) == "All  503")
        #expect(screen.listView.numberOfItems(inSection: 0) == 503)

        // It adds 10: the list, once its rows past the first ids are read
        // again, and Home show them.
        try other.addItems((0..<10).map { TodoItem(title: "Added \($0)", listID: list.id) })
        #expect(home.listText(at: 0) == "● Shared  503", "nothing read yet tells this process")
        #expect(screen.item(at: 400)?.title == "Item 400")
        for _ in 0..<100 where home.listText(at: 0) != "● Shared  513" { await Task.yield() }
        #expect(home.listText(at: 0) == "● Shared  513")
        #expect(home.groupText(at: all) == "All  513")
        #expect(screen.count == 513)
        #expect(screen.item(at: 512)?.title == "Added 9")
    }

    @Test func anItemAnotherProgramDeletedShowsAsGoneWithItsIdUntilTheListReloads() async throws {
        let (folder, app, store, other, list, screen) = try listSharedWithAnotherProgram(10)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The screen holds the app unowned: the app lives as long as the test.
        defer { withExtendedLifetime(app) {} }
        let ids = store.items(inList: list.id).map(\.id)
        try other.removeItems(withIDs: [ids[3]])
        #expect(screen.item(at: 3)?.title == "This item is no longer there")
        #expect(screen.item(at: 3)?.id == ids[3], "the row keeps the id of its item")
        for _ in 0..<100 where screen.count != 9 { await Task.yield() }
        #expect(screen.items.map(\.id) == ids.filter { $0 != ids[3] })
        #expect(screen.listView.numberOfItems(inSection: 0) == 9)
        #expect(app.screens[1]?.home?.listText(at: 0) == "● Shared  9", "Home counts the list again too")
    }

    @Test func allOpensWithTheIdsTheGroupShowsInTheGlobalOrder() throws {
        let (desktop, _) = try desktop(withItems: 200)
        desktop.app.windows.select(.group(.all), in: desktop.main.windowID)
        let screen = try #require(desktop.main.list)
        #expect(screen.rowsRead == 0)
        #expect(screen.items.map(\.id) == desktop.store.items(in: .all).map(\.id))
        desktop.app.windows.select(.group(.scheduled), in: desktop.main.windowID)
        let scheduled = try #require(desktop.main.list)
        #expect(scheduled.items.map(\.id) == desktop.store.items(in: .scheduled).map(\.id))
        #expect(scheduled.count == desktop.store.count(in: .scheduled))
    }

    @Test func aChangeShowsInTheRowsAlreadyRead() throws {
        let (desktop, work) = try desktop(withItems: 100)
        desktop.app.windows.select(.list(work), in: desktop.main.windowID)
        let screen = try #require(desktop.main.list)
        let item = try #require(screen.item(at: 10))
        desktop.app.setTitle("Renamed", ofItem: item.id, in: desktop.main.windowID)
        #expect(screen.item(at: 10)?.title == "Renamed")
        desktop.app.deleteItems([item.id], in: desktop.main.windowID)
        #expect(screen.count == 102)
        #expect(screen.index(ofItem: item.id) == nil)
    }
}
