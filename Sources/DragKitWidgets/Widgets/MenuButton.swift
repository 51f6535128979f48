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
    /// The ``Menu`` or ``Popover`` shown instead of `items` (see Menu.swift),
    /// kept alive with the button.
    var keptMenu: Menu?
    var keptPopover: Popover?

    /// Creates a menu button whose menu or popover comes later: from
    /// ``onFirstOpen(_:)``, ``show(_:)`` or ``popover``.
    public init(iconName: String, tooltip: String) {
        super.init(sinking: GPointer.raw(gtk_menu_button_new()))
        gtk_menu_button_set_icon_name(reference.opaque, iconName)
        self.tooltip = tooltip
        // An icon has no text for a screen reader to say: the tooltip names it.
        accessibleLabel = tooltip
    }

    /// Creates a menu button whose items run actions by detailed name.
    public convenience init(iconName: String, tooltip: String, items: [(label: String, action: String)]) {
        self.init(iconName: iconName, tooltip: tooltip)
        let menu = Menu()
        for item in items { menu.append(item.label, action: item.action) }
        show(menu)
    }

    /// Makes the button's menu or popover when it first opens (a click,
    /// ``popup()``), not before: `build` gives it one with ``show(_:)`` or
    /// ``popover``. A window whose buttons open forms shows without making
    /// them, and the button is usable (not greyed out) from the start. The
    /// button is passed weakly: keep it, as any widget whose handlers use it.
    ///
    /// ```swift
    /// let button = MenuButton(iconName: "x-office-calendar-symbolic", tooltip: "Set Due Date")
    /// button.onFirstOpen { $0.popover = DuePicker().popover }
    /// ```
    public func onFirstOpen(_ build: @escaping @MainActor (MenuButton) -> Void) {
        buildOnFirstOpen { [weak self] _ in
            if let self { build(self) }
        }
    }

    /// Shows `menu` from the first time the button opens: its popover is
    /// made then, not with the button.
    func showOnFirstOpen(_ menu: Menu) {
        buildOnFirstOpen { button in
            gtk_menu_button_set_menu_model(button, menu.modelPointer)
        }
    }

    /// GTK asks `build` each time the button opens; it runs the first time.
    private func buildOnFirstOpen(_ build: @escaping @MainActor (OpaquePointer) -> Void) {
        var pending: (@MainActor (OpaquePointer) -> Void)? = build
        let once: @MainActor (OpaquePointer) -> Void = { button in
            let build = pending
            pending = nil
            build?(button)
        }
        typealias Handler = @MainActor (OpaquePointer) -> Void
        let create: GtkMenuButtonCreatePopupFunc = { button, data in
            nonisolated(unsafe) let button = button
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated {
                if let button { SignalHandlerBox<Handler>.from(data).handler(button) }
            }
        }
        let release: GDestroyNotify = { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        let box = Unmanaged.passRetained(SignalHandlerBox<Handler>(once)).toOpaque()
        gtk_menu_button_set_create_popup_func(reference.opaque, create, box, release)
    }
}
