import ContactsCore
import DragKitGTK
import Foundation

/// The GtkApplication: app-wide actions and one window per activation.
@MainActor
enum ContactsApp {
    static let id = "org.dragkit.Contacts"
    private static var windows: [ContactsWindow] = []

    static func run(store: ContactStore, layoutFile: URL?) -> Int32 {
        let app = Application(id: id)
        // Apps that read one item get all the dragged contacts as one vCard and one text.
        DesktopDragDrop.shared.combinedItem = { items in ContactItemProvider.combined(for: items) }
        app.addAction("quit", accelerators: ["<Control>q"]) { app.quit() }
        app.onActivate {
            do {
                windows.append(try ContactsWindow(application: app, store: store, layoutFile: layoutFile))
            } catch {
                FileHandle.standardError.write(Data("Contacts: cannot show the contacts: \(error)\n".utf8))
                app.quit()
            }
        }
        do throws(GtkBackendError) {
            return try app.run()
        } catch {
            FileHandle.standardError.write(Data("Contacts: \(error)\n".utf8))
            return 2
        }
    }
}

/// Placeholder rows are labels: "Loading…" goes in their text.
extension Label: ContactRowCell {}
