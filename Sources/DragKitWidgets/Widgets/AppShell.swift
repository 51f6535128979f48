import CGtk4
import DragKitGTK

/// What every app window shares, built once: the primary menu (the
/// header bar's "☰" button) whose last section is Keyboard Shortcuts
/// (Ctrl+?) and About, the Keyboard Shortcuts window built from the app's
/// own accelerators, the About dialog, and Quit (Ctrl+Q).
///
/// ```swift
/// let shell = AppShell(application: app, about: .init(name: "Do It", iconName: "checkbox-checked-symbolic",
///                                                     version: "1.0", comments: "To-do lists"),
///                      shortcuts: [.init(title: "Lists", shortcuts: [.init("New List", action: "win.new-list")])])
/// header.packEnd(shell.primaryMenuButton(sections: [[("Rename List…", "win.rename-list")]]))
/// ```
///
/// It adds the application actions `app.shortcuts`, `app.about` and
/// `app.quit`; the dialogs open over the window that has the focus.
@MainActor
public final class AppShell {
    /// The application the actions belong to.
    public let application: Application
    /// What the About dialog tells.
    public let about: AboutDialog.Info
    /// The groups the Keyboard Shortcuts window lists; the shell adds a
    /// General group with its own keys.
    public let shortcutGroups: [ShortcutsWindow.Group]
    private var aboutDialog: AboutDialog?
    private var shortcutsWindow: ShortcutsWindow?

    /// Adds the shell's actions to `application`.
    public init(application: Application, about: AboutDialog.Info, shortcuts: [ShortcutsWindow.Group]) {
        self.application = application
        self.about = about
        shortcutGroups = shortcuts + [ShortcutsWindow.Group(title: "General", shortcuts: [
            .init("Main Menu", keys: "F10"),
            .init("Keyboard Shortcuts", action: "app.shortcuts"),
            .init("Quit", action: "app.quit"),
        ])]
        application.addAction("shortcuts", accelerators: ["<Control>question"]) { [weak self] in self?.showShortcuts() }
        application.addAction("about") { [weak self] in self?.showAbout() }
        application.addAction("quit", accelerators: ["<Control>q"]) { [application] in application.quit() }
    }

    /// The standard last section of a primary menu.
    public var shellSection: [(label: String, action: String)] {
        [("Keyboard Shortcuts", "app.shortcuts"), ("About \(about.name)", "app.about"), ("Quit", "app.quit")]
    }

    /// A primary menu button: the app's `sections`, then the shell's
    /// (Keyboard Shortcuts, About, Quit). F10 opens it (GTK's key for the
    /// primary menu).
    public func primaryMenuButton(sections: [[(label: String, action: String)]] = []) -> MenuButton {
        let menu = Menu()
        for section in sections + [shellSection] { menu.appendSection(section) }
        // Its popover is made when it first opens: a window shows sooner.
        let button = MenuButton(iconName: "open-menu-symbolic", tooltip: "Main Menu")
        button.showOnFirstOpen(menu)
        gtk_menu_button_set_primary(button.reference.opaque, 1)
        return button
    }

    /// The window that has the focus, to open dialogs over.
    private var activeWindow: Window? {
        application.openWindows.first
    }

    /// Opens the Keyboard Shortcuts window (made on first use, when every
    /// window has added its actions).
    public func showShortcuts() {
        if shortcutsWindow == nil {
            shortcutsWindow = ShortcutsWindow(application: application, groups: shortcutGroups)
        }
        shortcutsWindow?.present(over: activeWindow)
    }

    /// Opens the About dialog.
    public func showAbout() {
        if aboutDialog == nil { aboutDialog = AboutDialog(about) }
        aboutDialog?.present(over: activeWindow)
    }
}
