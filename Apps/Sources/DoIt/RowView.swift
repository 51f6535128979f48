import DoItCore
import DragKitGTK

/// One row of a Do It list: an icon, the title, and a detail at the end.
@MainActor
final class RowView: Widget {
    private let icon = Image(iconName: "view-list-symbolic")
    private let title = Label()
    private let detail = Label()
    private var colorClass: String?

    init() {
        let row = Box(.horizontal, spacing: 10)
        row.setMargins(top: 0, leading: 12, bottom: 0, trailing: 12)
        title.setExpands(horizontally: true, vertically: false)
        title.setAlignment(horizontal: .start, vertical: .center)
        detail.addStyleClass("dim-label")
        row.append(icon)
        row.append(title)
        row.append(detail)
        super.init(composing: row)
        addStyleClass("doit-row")
    }

    func show(_ content: RowContent) {
        icon.iconName = content.icon
        title.text = content.title
        detail.text = content.detail
        if let colorClass { icon.removeStyleClass(colorClass) }
        colorClass = content.color.map { "doit-\($0.rawValue)" }
        if let colorClass { icon.addStyleClass(colorClass) }
        if content.isDone { title.addStyleClass("doit-done") } else { title.removeStyleClass("doit-done") }
        if content.isSelected { addStyleClass("doit-selected") } else { removeStyleClass("doit-selected") }
    }

    /// The tints of the list colours and the look of rows.
    static var styleSheet: String {
        ListColor.allCases.map { ".doit-\($0.rawValue) { color: \($0.hex); }" }.joined(separator: "\n") + """

        .doit-row { border-bottom: 1px solid #e0e0e0; }
        .doit-done { text-decoration-line: line-through; opacity: 0.6; }
        .doit-selected { background: #dbe7f8; }
        """
    }
}
