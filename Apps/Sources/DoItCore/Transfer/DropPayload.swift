import Foundation

/// One dragged item as Do It understands it, read from its item provider.
public enum DropPayload: Sendable, Equatable {
    /// An item already in this app's store (dragged inside the app).
    case existingItem(UUID)
    /// A list already in this app's store.
    case existingList(UUID)
    /// New items, from item JSON (a file, another app, another window of
    /// another Do It).
    case items([TodoItem])
    /// A new list with its items, from list JSON.
    case list(TodoList, [TodoItem])
    /// Plain text.
    case text(String)
}
