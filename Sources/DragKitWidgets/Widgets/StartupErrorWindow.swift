import CGtk4
import DragKitGTK

/// The window an app shows instead of its own when it cannot start (its
/// data is unreadable, its folder unwritable): what happened and what to
/// do in plain words, the technical text folded away under "Details", and
/// a button for each way out. The words come from the app's toolkit-free
/// diagnosis (AppSupport's `StartupProblem` in the seed apps).
///
/// ```swift
/// let problem = StartupErrorWindow(application: app, appName: "Do It",
///     title: "Do It can't read its data", message: "The file … is damaged.", advice: "Keep it aside …",
///     details: "SQLite error 26: file is not a database",
///     buttons: ["Keep It Aside and Start Afresh", "Quit"]) { index in … }
/// problem.present()
/// ```
///
/// The first button is the suggested one and has the focus; closing the
/// window chooses the last (Quit).
@MainActor
public final class StartupErrorWindow {
    /// The window, titled with the app's name.
    public let window: ApplicationWindow
    private let messageLabel: Label
    private let adviceLabel: Label
    private let noteLabel = Label()
    private var buttons: [Button] = []

    /// Creates the window; `onChoice` gets the index of the button pressed.
    public init(application: Application, appName: String, title: String, message: String, advice: String,
                details: String, buttons labels: [String], onChoice: @escaping @MainActor (Int) -> Void) {
        window = ApplicationWindow(application: application, title: appName)
        window.setDefaultSize(width: 520, height: -1)
        let header = HeaderBar()
        window.titlebar = header

        let column = Box(.vertical, spacing: 12)
        column.setMargins(24)
        let icon = Image(iconName: "dialog-error-symbolic", pixelSize: 64, decorative: true)
        icon.addStyleClass("dim-label")
        column.append(icon)
        let heading = Label(title)
        heading.addStyleClass("title-2")
        heading.wraps = true
        heading.name = "startup-error-title"
        column.append(heading)
        messageLabel = Label(message)
        adviceLabel = Label(advice)
        // Only the details are selectable: a selectable label would take
        // the first focus (and show all its text selected) from the button.
        for label in [messageLabel, adviceLabel, noteLabel] {
            label.wraps = true
            label.textAlignment = 0
            column.append(label)
        }
        messageLabel.name = "startup-error-message"
        noteLabel.isVisible = false
        noteLabel.addStyleClass("error")

        // Details: the technical text, folded away, selectable for a bug report.
        let detailsLabel = Label(details)
        detailsLabel.wraps = true
        detailsLabel.textAlignment = 0
        gtk_label_set_selectable(detailsLabel.reference.opaque, 1)
        detailsLabel.addStyleClass("monospace")
        column.append(Expander(title: "Details", child: detailsLabel))

        let row = Box(.horizontal, spacing: 8)
        row.setAlignment(horizontal: .end, vertical: .center)
        row.setMargins(top: 12, leading: 0, bottom: 0, trailing: 0)
        for (index, text) in labels.enumerated() {
            let button = Button(label: text)
            if index == 0 && labels.count > 1 { button.addStyleClass("suggested-action") }
            button.onClicked { onChoice(index) }
            buttons.append(button)
            row.append(button)
        }
        column.append(row)
        window.child = column
        let last = labels.count - 1
        window.onCloseRequest {
            onChoice(last)
            return true
        }
    }

    /// Shows the window with the first button focused.
    public func present() {
        window.present()
        buttons.first?.grabFocus()
    }

    /// Shows a line below the advice (a way out that failed, and why).
    public func showNote(_ text: String) {
        noteLabel.text = text
        noteLabel.isVisible = true
    }

    /// Whether the button at `index` can be pressed.
    public func setButtonEnabled(_ index: Int, _ isEnabled: Bool) {
        guard buttons.indices.contains(index) else { return }
        buttons[index].isSensitive = isEnabled
    }

    /// Closes the window.
    public func destroy() {
        window.destroy()
    }
}
