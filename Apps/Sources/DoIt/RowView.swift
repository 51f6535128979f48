import Foundation
import DoItCore
import DragKitGTK
import DragKitWidgets

/// One Do It row: for a to-do item a check box, the title (an entry while
/// it is edited in place) and a detail at the end (its list, its due
/// date); for a list or group an icon instead of the check box. The
/// entry is made the first time the row is edited: a window shows its
/// rows without one.
@MainActor
final class RowView: Widget {
    private let icon = Image(iconName: "view-list-symbolic", decorative: true)
    let check = CheckButton(label: "")
    private let title = Label()
    private let box = Box(.horizontal, spacing: 10)
    private var editor: Entry?
    private let detail = Label()
    private var colorClass: String?
    private var showing = false
    private var checkTooltip: String?
    /// The item the row shows (set by the list's configure).
    var itemID: UUID?
    /// Runs when the check box is clicked, with its new state.
    var onToggle: (@MainActor (Bool) -> Void)?
    private var commit: (@MainActor (String) -> Void)?

    init() {
        box.setMargins(top: 0, leading: 12, bottom: 0, trailing: 12)
        title.setExpands(horizontally: true, vertically: false)
        title.setAlignment(horizontal: .start, vertical: .center)
        title.truncates = true
        title.textAlignment = 0
        detail.addStyleClass("dim-label")
        check.isVisible = false
        check.setAlignment(horizontal: .center, vertical: .center)
        box.append(icon)
        box.append(check)
        box.append(title)
        box.append(detail)
        super.init(composing: box)
        addStyleClass("doit-row")
        check.onToggled { [weak self] in
            guard let self, !showing else { return }
            onToggle?(check.isActive)
        }
    }

    /// The entry that takes the title's place while it is edited, made the
    /// first time it is needed.
    private func makeEditor() -> Entry {
        let editor = Entry()
        editor.setExpands(horizontally: true, vertically: false)
        editor.setAlignment(horizontal: .fill, vertical: .center)
        editor.isVisible = false
        editor.undoesTyping = false
        editor.onActivate { [weak self] in self?.endEditing(saving: true) }
        let keys = ShortcutController()
        keys.add("Escape") { [weak self] in
            self?.endEditing(saving: false)
            return true
        }
        editor.addShortcuts(keys)
        box.insert(editor, after: title)
        self.editor = editor
        return editor
    }

    func show(_ content: RowContent) {
        showing = true
        defer { showing = false }
        if isEditing { endEditing(saving: false) }
        if content.isItem {
            let tooltip = content.isDone ? "Mark “\(content.title)” not done" : "Mark “\(content.title)” done"
            // Set only when it changes, and before the check box shows: GTK
            // asks the display where the pointer is each time a shown
            // widget's tooltip is set.
            if tooltip != checkTooltip {
                checkTooltip = tooltip
                check.tooltip = tooltip
                // A check box with no label of its own is named by what it does.
                check.accessibleLabel = tooltip
            }
        }
        icon.isVisible = !content.isItem
        check.isVisible = content.isItem
        check.isActive = content.isDone
        icon.iconName = content.icon
        title.text = content.title
        detail.text = content.detail
        // An empty detail is left out, so a screen reader finds no nameless label.
        detail.isVisible = !content.detail.isEmpty
        if let colorClass { icon.removeStyleClass(colorClass) }
        colorClass = content.color.map { "doit-\($0.rawValue)" }
        if let colorClass { icon.addStyleClass(colorClass) }
        if content.isDone { title.addStyleClass("doit-done") } else { title.removeStyleClass("doit-done") }
        if content.isOverdue { detail.addStyleClass("doit-overdue") } else { detail.removeStyleClass("doit-overdue") }
    }

    var isEditing: Bool { editor?.isVisible ?? false }

    /// Swaps the title for an entry holding it; Enter saves through
    /// `commit`, Escape puts the title back.
    func beginEditing(commit: @escaping @MainActor (String) -> Void) {
        self.commit = commit
        let editor = editor ?? makeEditor()
        editor.text = title.text
        title.isVisible = false
        editor.isVisible = true
        editor.grabFocus()
        editor.selectAll()
    }

    private func endEditing(saving: Bool) {
        guard isEditing, let editor else { return }
        let text = editor.text
        let commit = self.commit
        self.commit = nil
        editor.isVisible = false
        title.isVisible = true
        if saving { commit?(text) }
    }

    /// The tints of the list colours and the look of rows.
    static var styleSheet: String {
        ListColor.allCases.map { ".doit-\($0.rawValue) { color: \($0.hex); }" }.joined(separator: "\n") + """

        .doit-row { border-bottom: 1px solid #e0e0e0; }
        .doit-done { text-decoration-line: line-through; opacity: 0.6; }
        .doit-overdue { color: #c01c28; opacity: 1; }
        .dragkit-selected .doit-overdue { color: #ffffff; }
        """
    }
}
