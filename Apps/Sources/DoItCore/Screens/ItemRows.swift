import AppSupport
import DragAndDrop
import Foundation

/// The rows of a list screen: the ids of its items in order, with each
/// item's fields read from the store only when its row is asked for, a
/// page of rows at a time (``PagedRows``). A list opens with its count and
/// its first ids; the other ids are read when a row past them, or every
/// id, is first asked for. So a list of 100,000 items shows its first
/// rows having read a page of ids and a page of items.
@MainActor
final class ItemRows: ListDataSource {
    private var paged = PagedRows<UUID, TodoItem>()
    private var count = 0
    /// Reads the ids from an offset on, until they are read.
    private var readRest: (@MainActor (Int) -> [UUID])?
    private let read: ([UUID]) -> [TodoItem]

    init(read: @escaping ([UUID]) -> [TodoItem]) {
        self.read = read
    }

    func numberOfItems(inSection section: Int) -> Int { count }

    /// Every row's item; every id is read first, so the rows are counted
    /// as they are in the store.
    var items: TodoListScreen.Items {
        readRemainingIDs()
        return TodoListScreen.Items(rows: self)
    }

    /// How many rows there are (no id read for it).
    var rowCount: Int { count }

    /// How many rows' ids have been read so far.
    var idsRead: Int { paged.ids.count }

    /// How many rows' fields have been read so far.
    var rowsRead: Int { paged.rowsRead }

    /// Shows `count` rows from now on, whose first ids are `first`;
    /// `readRest` reads the ids from an offset on when they are needed.
    /// Every item's fields are read afresh.
    func replace(first: [UUID], count: Int, readRest: (@MainActor (Int) -> [UUID])?) {
        paged.replace(with: first)
        self.count = count
        self.readRest = first.count < count ? readRest : nil
    }

    /// Told when the ids read past the first ones show that another
    /// program changed the list since the rows were counted, so the screen
    /// reloads (on the next turn: this is read while the toolkit fills in
    /// a row, when the list must not be reloaded).
    var onChangedElsewhere: (@MainActor () -> Void)?

    /// Reads the ids past the first ones. When another program changed the
    /// list in between, the rows are the items there are: a list that got
    /// shorter has fewer rows at once, each row keeping its item's own id
    /// (no row stands for an item that is gone), and items added meanwhile
    /// show once the screen has reloaded.
    private func readRemainingIDs() {
        guard let readRest else { return }
        self.readRest = nil
        var rest = readRest(paged.ids.count)
        let wanted = count - paged.ids.count
        let changedElsewhere = rest.count != wanted
        if rest.count > wanted { rest.removeLast(rest.count - wanted) }
        paged.append(ids: rest)
        if rest.count < wanted { count = paged.ids.count }
        if changedElsewhere { onChangedElsewhere?() }
    }

    /// The item of the row at `index`, read with the page of rows from it
    /// on when it is not known yet. A row whose item has left the store
    /// since the ids were read (another program deleted it) shows as an
    /// item saying so, with the id it had, until the screen reloads.
    /// Nil for a row past the end: the list may have got shorter when the
    /// ids past the first ones were read for it.
    func item(at index: Int) -> TodoItem? {
        if index >= paged.ids.count { readRemainingIDs() }
        guard index < count else { return nil }
        let found = paged.value(at: index) { ids in
            Dictionary(read(ids).map { ($0.id, $0) }) { first, _ in first }
        }
        guard let found else {
            onChangedElsewhere?()
            return TodoItem(id: paged.ids[index], title: "This item is no longer there", listID: UUID())
        }
        return found
    }

    /// The row showing the item `id`, if any.
    func index(of id: UUID) -> Int? {
        readRemainingIDs()
        return paged.index(of: id)
    }
}

extension TodoListScreen {
    /// The items a screen shows, in order, each read from the store when
    /// it is asked for.
    @MainActor
    public struct Items: @MainActor RandomAccessCollection {
        let rows: ItemRows
        public var startIndex: Int { 0 }
        public var endIndex: Int { rows.rowCount }
        // Every id was read when the collection was made: each row has its item.
        public subscript(index: Int) -> TodoItem { rows.item(at: index)! }
    }
}
