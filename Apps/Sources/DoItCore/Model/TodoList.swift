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

    /// The name a list gets from what a person typed: the text without the
    /// spaces and line breaks around it.
    ///
    /// ```swift
    /// try TodoList.name(from: " Errands \n")   // "Errands"
    /// ```
    ///
    /// - Throws: ``DoItError`` with code `.emptyName` when nothing is left,
    ///   saying what to do.
    public static func name(from text: String) throws(DoItError) -> String {
        try DoItApp.requireName(text, "A list needs a name. Type one, then press Enter.")
    }
}
