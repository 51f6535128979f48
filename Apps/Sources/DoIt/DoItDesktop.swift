import AppSupport
import DoItCore
import DragKitGTK
import Foundation

/// The GTK side of Do It: a GtkApplication whose windows show the core's
/// window screens, one ``WindowView`` each, and keep the `--dump-layout`
/// file current.
@MainActor
final class DoItDesktop {
    let app: DoItApp
    let application = Application(id: DoItApp.applicationID)
    private var views: [Int: WindowView] = [:]
    private var layout: LayoutDump?

    init(app: DoItApp, layoutFile: URL?) {
        self.app = app
        layout = layoutFile.map { LayoutDump(file: $0) }
    }

    func run() throws -> Int32 {
        application.addAction("quit", accelerators: ["<Control>q"]) { [application] in application.quit() }
        app.install(on: DesktopDragDrop.shared.engine)
        app.onWindowOpened = { [unowned self] screen in
            let view = WindowView(screen: screen, app: app, application: application, layout: layout)
            views[screen.windowID] = view
            view.present()
        }
        app.onWindowClosed = { [unowned self] screen in
            views.removeValue(forKey: screen.windowID)?.destroy()
        }
        app.onSelectionChanged = { [unowned self] screen in views[screen.windowID]?.showSelection() }
        app.onErrorChanged = { [unowned self] screen in views[screen.windowID]?.showError() }
        app.store.undoHistory.onChange = { [unowned self] in
            for view in views.values { view.updateUndoActions() }
        }
        application.onActivate { [unowned self] in
            guard app.windows.windows.isEmpty else { return }
            // Style sheets need the display, which GTK opens on start-up.
            StyleSheet.add(WindowView.styleSheet)
            app.openMainWindow()
        }
        return try application.run()
    }
}
