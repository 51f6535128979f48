/// What a screen shows when it has nothing to show: an icon, a title and
/// a hint of what to do (as GNOME apps' status pages).
public struct EmptyState: Hashable, Sendable {
    public var icon: String
    public var title: String
    public var hint: String

    public init(icon: String, title: String, hint: String) {
        self.icon = icon
        self.title = title
        self.hint = hint
    }

    /// Home with no lists.
    public static let noLists = EmptyState(icon: "view-list-symbolic", title: "No Lists",
                                           hint: "Press Ctrl+N or the + button to make a list.")
}
