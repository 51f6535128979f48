import Foundation

/// A named, coloured list of to-do items. The items themselves live in the
/// store, in the list's order.
public struct TodoList: Identifiable, Hashable, Sendable {
    public var id: UUID
    public var name: String
    public var color: ListColor
    /// A freedesktop icon name, e.g. `"view-list-symbolic"`.
    public var icon: String

    /// The icon new lists get when none is given.
    public static let defaultIcon = "view-list-symbolic"

    public init(id: UUID = UUID(), name: String, color: ListColor = .blue, icon: String = TodoList.defaultIcon) {
        self.id = id
        self.name = name
        self.color = color
        self.icon = icon
    }
}
