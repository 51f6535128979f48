import CGtk4
import DragKitGTK

/// A button that opens a menu of actions (GtkMenuButton with a GMenu): the
/// header bar's primary menu.
///
/// ```swift
/// let menu = MenuButton(iconName: "open-menu-symbolic", tooltip: "Main menu",
///                       items: [("Import…", "win.import"), ("Quit", "app.quit")])
/// header.packEnd(menu)
/// ```
@MainActor
public final class MenuButton: Widget {
    private let menu: ObjectReference
    /// The ``Menu`` or ``Popover`` shown instead of `items` (see Menu.swift),
    /// kept alive with the button.
    var keptMenu: Menu?
    var keptPopover: Popover?

    /// Creates a menu button whose items run actions by detailed name.
    public init(iconName: String, tooltip: String, items: [(label: String, action: String)]) {
        menu = ObjectReference(adopting: GPointer.raw(g_menu_new()))
        super.init(sinking: GPointer.raw(gtk_menu_button_new()))
        gtk_menu_button_set_icon_name(reference.opaque, iconName)
        self.tooltip = tooltip
        // An icon has no text for a screen reader to say: the tooltip names it.
        accessibleLabel = tooltip
        for item in items {
            g_menu_append(menu.opaque, item.label, item.action)
        }
        gtk_menu_button_set_menu_model(reference.opaque, GPointer.typed(menu.raw, as: GMenuModel.self))
    }
}
