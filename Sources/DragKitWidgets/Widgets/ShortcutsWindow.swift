import CGtk4
import DragKitGTK
import Foundation

/// The Keyboard Shortcuts window (GtkShortcutsWindow) listing what each key
/// does, in titled groups. Give it the app's actions by detailed name and
/// it shows the accelerators the application really has for them, so the
/// window and the keys cannot disagree; keys that belong to one widget
/// (Delete in a list) are given as they are.
///
/// ```swift
/// let shortcuts = ShortcutsWindow(application: app, groups: [
///     .init(title: "Lists", shortcuts: [.init("New List", action: "win.new-list"),
///                                       .init("Delete the Selected Item", keys: "Delete")]),
/// ])
/// shortcuts.present(over: window)
/// ```
@MainActor
public final class ShortcutsWindow: Window {
    /// One line: what it does and its keys.
    public struct Shortcut: Sendable, Hashable {
        public var title: String
        /// An action's detailed name (`"win.undo"`), whose accelerators are shown.
        public var action: String?
        /// Keys in GTK's syntax (`"Delete"`, `"<Control>Return"`); several
        /// separated by spaces. Used when there is no action.
        public var keys: String?

        /// A line for an action with accelerators.
        public init(_ title: String, action: String) {
            self.title = title
            self.action = action
        }

        /// A line for keys that are not an action's accelerators.
        public init(_ title: String, keys: String) {
            self.title = title
            self.keys = keys
        }
    }

    /// A titled group of lines.
    public struct Group: Sendable, Hashable {
        public var title: String
        public var shortcuts: [Shortcut]

        public init(title: String, shortcuts: [Shortcut]) {
            self.title = title
            self.shortcuts = shortcuts
        }
    }

    /// The lines shown, with the keys resolved: (group title, [(title, keys)]).
    public let shown: [(group: String, lines: [(title: String, keys: String)])]

    /// Creates the window for `groups`, reading accelerators from `application`.
    public init(application: Application, groups: [Group]) {
        let resolved = groups.map { group in
            (group: group.title, lines: group.shortcuts.compactMap { shortcut -> (title: String, keys: String)? in
                let keys = shortcut.keys ?? shortcut.action.map { application.accelerators(for: $0).joined(separator: " ") } ?? ""
                return keys.isEmpty ? nil : (shortcut.title, keys)
            })
        }
        shown = resolved
        let xml = ShortcutsWindow.builderXML(resolved)
        let builder = gtk_builder_new_from_string(xml, -1)!
        defer { g_object_unref(GPointer.raw(builder)) }
        let object = gtk_builder_get_object(builder, "shortcuts")!
        // The builder's reference goes with it; the window's own stays with us.
        super.init(sinking: GPointer.raw(object), title: "Keyboard Shortcuts")
        gtk_window_set_hide_on_close(windowPointer, 1)
    }

    /// Shows the window above `parent`.
    public func present(over parent: Window?) {
        gtk_window_set_transient_for(windowPointer, parent?.windowPointer)
        gtk_window_set_modal(windowPointer, parent == nil ? 0 : 1)
        present()
    }

    /// GtkBuilder's description of the window: GTK 4.8 builds the
    /// shortcuts window's sections only from one.
    static func builderXML(_ groups: [(group: String, lines: [(title: String, keys: String)])]) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var xml = """
        <interface><object class="GtkShortcutsWindow" id="shortcuts"><property name="modal">1</property>
        <child><object class="GtkShortcutsSection"><property name="section-name">shortcuts</property>
        <property name="max-height">16</property>
        """
        for group in groups where !group.lines.isEmpty {
            xml += "<child><object class=\"GtkShortcutsGroup\"><property name=\"title\">\(escaped(group.group))</property>"
            for line in group.lines {
                xml += "<child><object class=\"GtkShortcutsShortcut\">"
                xml += "<property name=\"title\">\(escaped(line.title))</property>"
                xml += "<property name=\"accelerator\">\(escaped(line.keys))</property></object></child>"
            }
            xml += "</object></child>"
        }
        xml += "</object></child></object></interface>"
        return xml
    }
}
