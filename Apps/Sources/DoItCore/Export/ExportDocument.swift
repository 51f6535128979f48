import Foundation

/// What `--export-json` prints: every list with its items in order, the
/// fields a test or a person checks.
///
/// ```json
/// {"lists": [{"name": "Groceries", "items": [{"title": "Milk", "priority": "normal", "completed": false, "due": "2026-11-28"}]}]}
/// ```
public struct ExportDocument: Codable, Equatable, Sendable {
    public struct Item: Codable, Equatable, Sendable {
        public var title: String
        public var priority: String
        public var completed: Bool
        /// The due day as `yyyy-MM-dd`, absent when there is none.
        public var due: String?
    }

    public struct List: Codable, Equatable, Sendable {
        public var name: String
        public var items: [Item]
    }

    public var lists: [List]

    /// The store's lists and items as they are now.
    @MainActor
    public init(store: TodoStore) {
        lists = store.lists().map { list in
            List(name: list.name, items: store.items(inList: list.id).map {
                Item(title: $0.title, priority: $0.priority.name, completed: $0.completed,
                     due: $0.dueDate.map { DueDateText.isoDay($0, clock: store.clock) })
            })
        }
    }

    /// The document as JSON (keys sorted, indented).
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        // Strings, Booleans and arrays of them always encode.
        return (try? encoder.encode(self)) ?? Data()
    }

    /// The titles of the named list's items, in order (nil: no such list).
    public func titles(inList name: String) -> [String]? {
        lists.first { $0.name == name }?.items.map(\.title)
    }
}
