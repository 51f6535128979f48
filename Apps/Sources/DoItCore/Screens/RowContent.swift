/// What one row shows, for a toolkit to draw: an icon (a freedesktop icon
/// name, tinted with `color` when given) or, for a to-do item, a check box;
/// a title and a detail at the end (a count; an item's list and due date).
public struct RowContent: Hashable, Sendable {
    public var icon: String
    public var color: ListColor?
    public var title: String
    public var detail: String
    /// Drawn struck through (a completed item).
    public var isDone: Bool
    /// A to-do item: drawn with a check box (showing ``isDone``) instead of the icon.
    public var isItem: Bool
    /// Due on an earlier day and not done: the detail is drawn as a warning.
    public var isOverdue: Bool

    public init(icon: String, color: ListColor? = nil, title: String, detail: String = "", isDone: Bool = false,
                isItem: Bool = false, isOverdue: Bool = false) {
        self.icon = icon
        self.color = color
        self.title = title
        self.detail = detail
        self.isDone = isDone
        self.isItem = isItem
        self.isOverdue = isOverdue
    }
}
