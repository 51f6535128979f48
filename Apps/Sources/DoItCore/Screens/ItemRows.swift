import AppSupport
import DragAndDrop
import Foundation

/// The rows of a list screen: the ids of its items in order, with each
/// item's fields read from the store only when its row is asked for, a
/// page of rows at a time (``PagedRows``). A list of 100,000 items opens
/// with its ids and the page on screen.
@MainActor
final class ItemRows: ListDataSource {
    private var paged = PagedRows<UUID, TodoItem>()
    private let read: ([UUID]) -> [TodoItem]

    init(read: @escaping ([UUID]) -> [TodoItem]) {
        self.read = read
    }

    func numberOfItems(inSection section: Int) -> Int { paged.ids.count }

    var items: TodoListScreen.Items { TodoListScreen.Items(rows: self) }

    /// The items' ids, in order.
    var ids: [UUID] { paged.ids }

    /// How many rows' fields have been read so far.
    var rowsRead: Int { paged.rowsRead }

    /// Shows `ids` from now on; every item's fields are read afresh.
    func replace(with ids: [UUID]) {
        paged.replace(with: ids)
    }

    /// The item of the row at `index`, read with the page of rows from it
    /// on when it is not known yet. A row whose item has left the store
    /// since the ids were read (another program deleted it) shows as an
    /// item saying so, until the screen reloads.
    func item(at index: Int) -> TodoItem {
        let found = paged.value(at: index) { ids in
            Dictionary(read(ids).map { ($0.id, $0) }) { first, _ in first }
        }
        return found ?? TodoItem(id: paged.ids[index], title: "This item is no longer there", listID: UUID())
    }

    /// The row showing the item `id`, if any.
    func index(of id: UUID) -> Int? {
        paged.index(of: id)
    }
}

extension TodoListScreen {
    /// The items a screen shows, in order, each read from the store when
    /// it is asked for.
    @MainActor
    public struct Items: @MainActor RandomAccessCollection {
        let rows: ItemRows
        public var startIndex: Int { 0 }
        public var endIndex: Int { rows.ids.count }
        public subscript(index: Int) -> TodoItem { rows.item(at: index) }
    }
}
