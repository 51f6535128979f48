import AppDesktop
import AppSupport
import ContactsCore
import DragKitGTK
import DragKitWidgets
import Foundation

/// The GtkApplication: the shared shell (primary menu, Keyboard Shortcuts,
/// About, Quit), one window per activation, and the start-up error window
/// when the contacts cannot be opened.
@MainActor
enum ContactsApp {
    static let id = "org.dragkit.Contacts"
    private static var windows: [ContactsWindow] = []

    /// What the About dialog says.
    static let about = AboutDialog.Info(
        name: "Contacts", iconName: "x-office-address-book-symbolic", version: "1.0",
        comments: "Your contacts, with vCards and photos dragged in and out.")

    /// The primary menu's sections before the shell's own.
    static let menuSections: [[(label: String, action: String)]] = [
        [("New Contact", "win.new"), ("Edit Contact", "win.edit"), ("Set Photo…", "win.set-photo")],
        [("Import vCard Files…", "win.import"), ("Export Selected Contacts…", "win.export")],
        [("Select All", "win.select-all"), ("Sort by Given Name", "win.sort-given"),
         ("Sort by Family Name", "win.sort-family")],
        [("Take One Item per Drop (on/off)", "win.one-item-at-a-time")],
    ]

    /// The Keyboard Shortcuts window's groups: every key the window and its
    /// table take.
    static let shortcutGroups: [ShortcutsWindow.Group] = [
        .init(title: "Contacts", shortcuts: [
            .init("New Contact", action: "win.new"),
            .init("Edit the Contact", action: "win.edit"),
            .init("Edit the Contact (in the list)", keys: "Return"),
            .init("Delete the Selected Contacts (in the list)", keys: "Delete"),
            .init("Copy the Selected Contacts (in the list)", keys: "<Control>c"),
            .init("Cut the Selected Contacts (in the list)", keys: "<Control>x"),
            .init("Paste Contacts after the Current One (in the list)", keys: "<Control>v"),
            .init("Search", action: "win.search"),
            .init("Clear the Search (in the search field)", keys: "Escape"),
        ]),
        .init(title: "In the Edit Form", shortcuts: [
            .init("Save the Contact", keys: "<Control>s <Control>Return"),
            .init("Leave the Form", keys: "Escape"),
        ]),
        .init(title: "Files", shortcuts: [
            .init("Import vCard Files", action: "win.import"),
            .init("Export the Selected Contacts", action: "win.export"),
        ]),
        .init(title: "Selection", shortcuts: [
            .init("Select the Next or Previous Contact", keys: "Down Up"),
            .init("Select a Page Down or Up", keys: "Page_Down Page_Up"),
            .init("Select the First or Last Contact", keys: "Home End"),
            .init("Extend the Selection", keys: "<Shift>Down <Shift>Up <Shift>Page_Down <Shift>End"),
            .init("Select All (in the list)", keys: "<Control>a"),
        ]),
        .init(title: "Changes", shortcuts: [
            .init("Undo", action: "win.undo"),
            .init("Redo", action: "win.redo"),
        ]),
    ]

    /// Runs the app; `files` (vCards given on the command line or by the
    /// desktop) are imported into the window it opens, as Import does.
    static func run(_ startup: StoreStartup<ContactStore>, layoutFile: URL?, files: [URL] = []) -> Int32 {
        let app = Application(id: id)
        StallLog.startIfAsked()
        let shell = AppShell(application: app, about: about, shortcuts: shortcutGroups)
        let recovery = StartupRecovery(application: app, appName: "Contacts", layoutFile: layoutFile)
        // Apps that read one item get all the dragged contacts as one vCard and one text.
        DesktopDragDrop.shared.combinedItem = { items in ContactItemProvider.combined(for: items) }
        DesktopDragDrop.shared.combinedItemForSession = { session in ContactItemProvider.combined(for: session) }
        func open(_ store: ContactStore, notice: String?) throws {
            let window = try ContactsWindow(shell: shell, store: store, layoutFile: layoutFile)
            if let notice { window.showNotice(notice) }
            windows.append(window)
        }
        // After a damaged file is kept aside the list starts empty: the
        // person's contacts are in the kept file, not the samples.
        func start() {
            recovery.start(startup, freshStore: { try ContactStore(folder: startup.folder, samples: false) }, open: open)
        }
        app.onActivate { start() }
        // Bad files are reported in the window's banner, as on Import.
        app.onOpen { urls in
            start()
            windows.last?.importFiles(urls)
        }
        do throws(GtkBackendError) {
            return try app.run(files: files)
        } catch {
            recovery.log("\(error)")
            return 2
        }
    }
}

/// Placeholder rows are labels: "Loading…" goes in their text.
extension Label: ContactRowCell {}
