import CGtk4
import DragKitGTK

/// A push button (GtkButton) with a label or an icon. Give it an action's
/// detailed name (`"win.add"`) so it runs that action and greys out while
/// the action is disabled, or a click handler.
///
/// ```swift
/// let add = Button(iconName: "list-add-symbolic", tooltip: "Add a geocache", action: "win.add")
/// let done = Button(label: "Done")
/// done.addStyleClass("suggested-action")
/// done.onClicked { window.close() }
/// ```
@MainActor
public final class Button: Widget {
    /// Creates a button showing `label` (an underscore marks the mnemonic:
    /// `"_Save"` is Alt+S).
    public init(label: String, action: String? = nil) {
        super.init(sinking: GPointer.raw(gtk_button_new_with_mnemonic(label)))
        nameByText(label)
        if let action { actionName = action }
    }

    /// Creates a button showing a themed icon (`"list-add-symbolic"`); the
    /// tooltip says what it does, since the icon alone may not.
    public init(iconName: String, tooltip: String, action: String? = nil) {
        super.init(sinking: GPointer.raw(gtk_button_new_from_icon_name(iconName)))
        self.tooltip = tooltip
        // An icon has no text for a screen reader to say: the tooltip names it.
        accessibleLabel = tooltip
        if let action { actionName = action }
    }

    private var buttonPointer: UnsafeMutablePointer<GtkButton> { reference.typed() }

    /// The text shown (nil for an icon button); a screen reader says it
    /// as the button's name.
    public var label: String? {
        get { gtk_button_get_label(buttonPointer).map { String(cString: $0) } }
        set {
            gtk_button_set_label(buttonPointer, newValue)
            if let newValue { nameByText(newValue) }
        }
    }

    /// Names the button by its text without the mnemonic underscore, said
    /// once: GTK also names a text button by the label inside it (a
    /// labelled-by relation, set again with every new text), and GTK 4.8
    /// says both, so a screen reader heard "Cancel Cancel".
    private func nameByText(_ text: String) {
        accessibleLabel = Self.withoutMnemonic(text)
        gtk_accessible_reset_relation(OpaquePointer(widgetPointer), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
    }

    /// The themed icon shown (nil for a text button).
    public var iconName: String? {
        get { gtk_button_get_icon_name(buttonPointer).map { String(cString: $0) } }
        set { gtk_button_set_icon_name(buttonPointer, newValue) }
    }

    /// The action a click runs, by detailed name (`"app.quit"`, `"win.undo"`).
    public var actionName: String? {
        get { gtk_actionable_get_action_name(OpaquePointer(reference.raw)).map { String(cString: $0) } }
        set { gtk_actionable_set_action_name(OpaquePointer(reference.raw), newValue) }
    }

    /// Runs `handler` on every click (or Enter/Space while focused).
    @discardableResult
    public func onClicked(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signal.connect(reference, "clicked", handler: handler)
    }

    /// Clicks the button as a person would: the handler or action runs.
    public func click() {
        gtk_widget_activate(widgetPointer)
    }
}
