import DoItCore
import DragKitGTK
import DragKitWidgets

/// The popover that names a list and picks its icon, for New List and
/// Rename List: an entry (Enter confirms), a row of icon buttons, and the
/// confirm button.
@MainActor
final class ListEditor {
    let popover: Popover
    let entry = Entry(placeholder: "List name")
    private let confirm: Button
    private var iconButtons: [(name: String, button: Button)] = []
    private(set) var icon = TodoList.defaultIcon
    /// Runs with the name and icon when the person confirms.
    var onConfirm: (@MainActor (String, String) -> Void)?

    init(heading: String, confirmLabel: String) {
        let form = Box(.vertical, spacing: 8)
        form.setMargins(6)
        let title = Label(heading)
        title.addStyleClass("heading")
        title.textAlignment = 0
        form.append(title)
        entry.undoesTyping = false
        entry.setSizeRequest(width: 260, height: -1)
        form.append(entry)
        let icons = Box(.horizontal, spacing: 4)
        for choice in ListIcon.choices {
            let button = Button(iconName: choice.name, tooltip: "Icon: \(choice.title)")
            button.addStyleClass("flat")
            icons.append(button)
            iconButtons.append((choice.name, button))
        }
        form.append(icons)
        confirm = Button(label: confirmLabel)
        confirm.addStyleClass("suggested-action")
        confirm.setAlignment(horizontal: .end, vertical: .center)
        form.append(confirm)
        popover = Popover(child: form)
        popover.defaultWidget = confirm
        for (name, button) in iconButtons {
            button.onClicked { [weak self] in self?.choose(name) }
        }
        confirm.onClicked { [weak self] in self?.done() }
        entry.onActivate { [weak self] in self?.done() }
        popover.onShow { [weak self] in
            self?.entry.grabFocus()
            self?.entry.selectAll()
        }
        choose(icon)
    }

    /// Fills in the form before it opens.
    func prepare(name: String, icon: String) {
        entry.text = name
        entry.showsError = false
        choose(icon)
    }

    private func choose(_ name: String) {
        icon = name
        for (icon, button) in iconButtons {
            if icon == name { button.addStyleClass("doit-icon-chosen") } else { button.removeStyleClass("doit-icon-chosen") }
        }
    }

    private func done() {
        do throws(DoItError) {
            _ = try TodoList.name(from: entry.text)
        } catch {
            entry.showsError = true
            entry.tooltip = error.description
            return
        }
        onConfirm?(entry.text, icon)
        popover.popdown()
    }
}
