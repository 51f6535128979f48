import AppSupport
import Testing

@Suite("Rows read a page at a time")
struct PagedRowsTests {
    /// A store of `count` rows whose value is "row <id>", counting reads.
    final class Store {
        var reads: [[Int]] = []
        func read(_ ids: [Int]) -> [Int: String] {
            reads.append(ids)
            return Dictionary(uniqueKeysWithValues: ids.filter { $0 != 13 }.map { ($0, "row \($0)") })
        }
    }

    @Test("A row reads the page from it on once; edits, moves and removals keep ids and values together")
    func pages() {
        let store = Store()
        var rows = PagedRows<Int, String>(ids: Array(0..<200))
        #expect(rows.value(at: 100, read: store.read) == "row 100")
        #expect(store.reads == [Array(100..<164)])
        #expect(rows.value(at: 163, read: store.read) == "row 163")
        #expect(rows.rowsRead == 64)
        #expect(rows.value(at: 13, read: store.read) == nil, "a row the store no longer has")
        rows.update("edited", for: 100)
        rows.move(from: 100, to: 0)
        #expect(rows.value(at: 0, read: store.read) == "edited")
        rows.insert(500, "new", at: 1)
        rows.remove(at: 2)
        #expect(rows.ids.prefix(3) == [100, 500, 1])
        #expect(rows.index(of: 500) == 1)
    }

    @Test("Rows appended after the first ones keep the values read and are read when asked for")
    func appended() {
        let store = Store()
        var rows = PagedRows<Int, String>(ids: Array(0..<10))
        #expect(rows.value(at: 0, read: store.read) == "row 0")
        #expect(store.reads == [Array(0..<10)], "a page stops at the ids known")
        rows.append(ids: 10..<100)
        #expect(rows.value(at: 5, read: store.read) == "row 5")
        #expect(rows.value(at: 10, read: store.read) == "row 10")
        #expect(store.reads == [Array(0..<10), Array(10..<74)])
        #expect(rows.ids == Array(0..<100))
    }

    @Test("Reading every row keeps the last pages only")
    func bounded() {
        let store = Store()
        let count = PagedRows<Int, String>.cacheLimit * 3
        var rows = PagedRows<Int, String>(ids: Array(1_000..<1_000 + count))
        for index in 0..<count { _ = rows.value(at: index, read: store.read) }
        #expect(rows.rowsRead == count)
        _ = rows.value(at: count - 1, read: store.read)
        #expect(rows.rowsRead == count, "the newest page is kept")
        _ = rows.value(at: 0, read: store.read)
        #expect(rows.rowsRead == count + PagedRows<Int, String>.pageSize, "the first page was let go")
    }
}
