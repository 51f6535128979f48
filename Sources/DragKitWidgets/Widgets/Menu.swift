import CGtk4
import DragKitGTK

/// A menu model (GMenu): items that run actions by detailed name, in
/// sections that menus draw with separators between them. A
/// ``MenuButton`` or a `PopoverMenu` shows it.
///
/// ```swift
/// let menu = Menu()
/// menu.appendSection([("Rename List…", "win.rename-list"), ("Delete List", "win.delete-list")])
/// menu.appendSection([("Keyboard Shortcuts", "app.shortcuts"), ("About Do It", "app.about")])
/// header.packEnd(MenuButton(iconName: "open-menu-symbolic", tooltip: "Main Menu", menu: menu))
/// ```
@MainActor
public final class Menu {
    let reference: ObjectReference

    /// Creates an empty menu.
    public init() {
        reference = ObjectReference(adopting: GPointer.raw(g_menu_new()))
    }

    var modelPointer: UnsafeMutablePointer<GMenuModel> { GPointer.typed(reference.raw, as: GMenuModel.self) }

    /// Adds one item running `action` (`"win.undo"`) at the end.
    public func append(_ label: String, action: String) {
        g_menu_append(reference.opaque, label, action)
    }

    /// Adds a section of items at the end (separated from the items before).
    public func appendSection(_ items: [(label: String, action: String)]) {
        let section = Menu()
        for item in items { section.append(item.label, action: item.action) }
        g_menu_append_section(reference.opaque, nil, section.modelPointer)
    }
}

extension MenuButton {
    /// Creates a menu button showing `menu` (sections and all).
    public convenience init(iconName: String, tooltip: String, menu: Menu) {
        self.init(iconName: iconName, tooltip: tooltip)
        show(menu)
    }

    /// Creates a menu button that opens `popover` (a form: an entry, a
    /// calendar) instead of a menu.
    public convenience init(iconName: String, tooltip: String, popover: Popover) {
        self.init(iconName: iconName, tooltip: tooltip)
        self.popover = popover
    }

    /// Replaces the menu the button shows.
    public func show(_ menu: Menu) {
        keptMenu = menu
        gtk_menu_button_set_menu_model(reference.opaque, menu.modelPointer)
    }

    /// The popover the button opens, if it opens one (not a menu).
    public var popover: Popover? {
        get { keptPopover }
        set {
            keptPopover = newValue
            gtk_menu_button_set_popover(reference.opaque, newValue?.widgetPointer)
        }
    }

    /// Opens the menu or popover, as a click does (for a keyboard shortcut).
    public func popup() {
        gtk_menu_button_popup(reference.opaque)
    }

    /// Closes the menu or popover.
    public func popdown() {
        gtk_menu_button_popdown(reference.opaque)
    }

    /// Whether the button is drawn flat (no frame until hovered), as in rows.
    public var isFlat: Bool {
        get { gtk_menu_button_get_has_frame(reference.opaque) == 0 }
        set { gtk_menu_button_set_has_frame(reference.opaque, newValue ? 0 : 1) }
    }
}
