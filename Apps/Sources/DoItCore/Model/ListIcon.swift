/// The icons a person picks from for a list: freedesktop symbolic icons
/// every GTK theme has, each with a name a screen reader says.
public enum ListIcon {
    /// The choices, the default first.
    public static let choices: [(name: String, title: String)] = [
        (TodoList.defaultIcon, "List"),
        ("user-home-symbolic", "Home"),
        ("mail-unread-symbolic", "Work"),
        ("emblem-favorite-symbolic", "Favourite"),
        ("starred-symbolic", "Star"),
        ("x-office-calendar-symbolic", "Calendar"),
        ("applications-games-symbolic", "Leisure"),
        ("emblem-system-symbolic", "Tools"),
    ]

    /// Whether `icon` is one of the ``choices``.
    public static func isChoice(_ icon: String) -> Bool {
        choices.contains { $0.name == icon }
    }
}
