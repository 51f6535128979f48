import CGtk4
import Foundation

/// What assistive technologies (screen readers, over AT-SPI) learn about a
/// widget: its role is fixed when the widget is made; its name and states
/// follow what it shows.
///
/// ```swift
/// let delete = Button(iconName: "user-trash-symbolic", tooltip: "Delete")
/// delete.accessibleLabel = "Delete contact"
/// ```
extension Widget {
    /// The name a screen reader says for the widget (nil: what GTK derives
    /// from its content).
    public var accessibleLabel: String? {
        get { nil }
        set { updateAccessibleProperty(GTK_ACCESSIBLE_PROPERTY_LABEL, string: newValue ?? "") }
    }

    /// A longer description a screen reader offers after the name.
    public func setAccessibleDescription(_ text: String) {
        updateAccessibleProperty(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, string: text)
    }

    /// `label` as said: without the underscore that marks a mnemonic
    /// ("_Done" is "Done"; "__" is a real underscore).
    package static func withoutMnemonic(_ label: String) -> String {
        var result = ""
        var escaped = false
        for character in label {
            if character == "_" && !escaped {
                escaped = true
                continue
            }
            result.append(character)
            escaped = false
        }
        return result
    }

    /// Sets the accessible description of a GTK widget DragKit did not make
    /// a ``Widget`` for (a focused child found through GTK).
    package static func setAccessibleDescription(_ text: String, of widget: UnsafeMutablePointer<GtkWidget>) {
        updateAccessibleProperty(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, string: text, of: widget)
    }

    /// Keeps the widget out of what assistive technologies read: for
    /// decoration that says nothing its neighbours do not, such as an icon
    /// beside its label (a screen reader would otherwise say "image" before
    /// every row). Its children are hidden with it.
    ///
    /// ```swift
    /// let icon = Image(iconName: "view-list-symbolic")
    /// icon.hideFromAssistiveTechnologies()
    /// ```
    public func hideFromAssistiveTechnologies() {
        setHiddenFromAssistiveTechnologies(true)
    }

    /// Hides the widget from assistive technologies, or shows it to them
    /// again: for a part that comes and goes, such as a banner that is
    /// read only while it is revealed.
    ///
    /// ```swift
    /// revealer.setHiddenFromAssistiveTechnologies(!revealer.isRevealed)
    /// ```
    public func setHiddenFromAssistiveTechnologies(_ hidden: Bool) {
        var value = GValue()
        g_value_init(&value, GType(G_TYPE_BOOLEAN_RAW))
        g_value_set_boolean(&value, hidden ? 1 : 0)
        var state = GTK_ACCESSIBLE_STATE_HIDDEN
        gtk_accessible_update_state_value(OpaquePointer(widgetPointer), 1, &state, &value)
        g_value_unset(&value)
    }

    /// Tells assistive technologies whether the widget is selected (a list row).
    package func setAccessibleSelected(_ selected: Bool) {
        // GTK reads a tristate state's GValue as an int: an enum GValue
        // makes it print a GLib critical once AT-SPI is on.
        var value = GValue()
        g_value_init(&value, GType(G_TYPE_INT_RAW))
        g_value_set_int(&value, selected ? Int32(GTK_ACCESSIBLE_TRISTATE_TRUE.rawValue) : Int32(GTK_ACCESSIBLE_TRISTATE_FALSE.rawValue))
        var state = GTK_ACCESSIBLE_STATE_SELECTED
        gtk_accessible_update_state_value(OpaquePointer(widgetPointer), 1, &state, &value)
        g_value_unset(&value)
    }

    private func updateAccessibleProperty(_ property: GtkAccessibleProperty, string: String) {
        Self.updateAccessibleProperty(property, string: string, of: widgetPointer)
    }

    private static func updateAccessibleProperty(
        _ property: GtkAccessibleProperty, string: String, of widget: UnsafeMutablePointer<GtkWidget>
    ) {
        var value = GValue()
        g_value_init(&value, GType(G_TYPE_STRING_RAW))
        g_value_set_string(&value, string)
        var property = property
        gtk_accessible_update_property_value(OpaquePointer(widget), 1, &property, &value)
        g_value_unset(&value)
    }
}

/// GTK's fundamental string type (G_TYPE_STRING is a macro Swift cannot import).
private let G_TYPE_STRING_RAW = 16 << 2
/// GTK's fundamental int type (G_TYPE_INT is a macro too).
private let G_TYPE_INT_RAW = 6 << 2
/// GTK's fundamental boolean type (G_TYPE_BOOLEAN, a macro as well).
private let G_TYPE_BOOLEAN_RAW = 5 << 2

/// Makes a GTK widget of `type` with an accessible role other than its
/// class's (roles can only be given when a widget is made).
@MainActor
package func makeWidget(ofType type: GType, role: GtkAccessibleRole) -> UnsafeMutableRawPointer {
    var value = GValue()
    g_value_init(&value, gtk_accessible_role_get_type())
    g_value_set_enum(&value, Int32(role.rawValue))
    defer { g_value_unset(&value) }
    return "accessible-role".withCString { name in
        var names: [UnsafePointer<CChar>?] = [name]
        return withUnsafeMutablePointer(to: &value) { valuePointer in
            UnsafeMutableRawPointer(g_object_new_with_properties(type, 1, &names, valuePointer))
        }
    }
}
