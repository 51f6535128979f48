/// What one row shows, for a toolkit to draw: an icon (a freedesktop icon
/// name, tinted with `color` when given), a title and a detail at the end
/// (a count, priority marks).
public struct RowContent: Hashable, Sendable {
    public var icon: String
    public var color: ListColor?
    public var title: String
    public var detail: String
    /// Drawn struck through (a completed item).
    public var isDone: Bool
    /// Shown as selected (the list or group shown beside Home).
    public var isSelected = false

    public init(icon: String, color: ListColor? = nil, title: String, detail: String = "", isDone: Bool = false) {
        self.icon = icon
        self.color = color
        self.title = title
        self.detail = detail
        self.isDone = isDone
    }
}
