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
