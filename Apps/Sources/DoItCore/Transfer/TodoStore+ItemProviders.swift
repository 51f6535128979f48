import Foundation
import ItemProviders
import UniformTypes

extension TodoStore {
    // MARK: - Dragging out

    /// A provider for dragging `item`: its UUID (inside this process only,
    /// so a drop in the app moves the item), its JSON, and text for other
    /// apps, best first. Each is made only when a destination asks.
    public func itemProvider(forItem item: TodoItem) -> ItemProvider {
        let provider = ItemProvider()
        provider.suggestedName = item.title
        let id = item.id
        provider.registerDataRepresentation(for: .todoItemID, visibility: .ownProcess) { Data(id.uuidString.utf8) }
        provider.registerDataRepresentation(for: .todoItem) { TodoJSON.data(for: item) }
        provider.registerDataRepresentation(for: .utf8PlainText) { Data(TodoText.string(for: item).utf8) }
        return provider
    }

    /// A provider for dragging `list` with its items: its UUID (inside this
    /// process only), its JSON with the items, and text for other apps.
    public func itemProvider(forList list: TodoList) -> ItemProvider {
        let provider = ItemProvider()
        provider.suggestedName = list.name
        let id = list.id
        let items = items(inList: list.id)
        provider.registerDataRepresentation(for: .todoListID, visibility: .ownProcess) { Data(id.uuidString.utf8) }
        provider.registerDataRepresentation(for: .todoList) { TodoJSON.data(for: list, items: items) }
        provider.registerDataRepresentation(for: .utf8PlainText) { Data(TodoText.string(for: list, items: items).utf8) }
        return provider
    }
}
