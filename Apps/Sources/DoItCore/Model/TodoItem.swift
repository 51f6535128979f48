import Foundation

/// One thing to do, in one list.
///
/// ```swift
/// let item = TodoItem(title: "Buy milk", priority: .high, listID: groceries.id)
/// ```
public struct TodoItem: Identifiable, Hashable, Sendable {
    public var id: UUID
    public var title: String
    public var priority: Priority
    public var notes: String?
    /// When it is due, if ever.
    public var dueDate: Date?
    public var completed: Bool
    /// The list the item belongs to.
    public var listID: UUID

    public init(id: UUID = UUID(), title: String, priority: Priority = .normal, notes: String? = nil,
                dueDate: Date? = nil, completed: Bool = false, listID: UUID) {
        self.id = id
        self.title = title
        self.priority = priority
        self.notes = notes
        self.dueDate = dueDate
        self.completed = completed
        self.listID = listID
    }
}
