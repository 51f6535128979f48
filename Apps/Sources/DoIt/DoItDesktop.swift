import AppSupport
import DoItCore
import DragKitGTK
import DragKitWidgets
import Foundation

/// The GTK side of Do It: a GtkApplication whose windows show the core's
/// window screens, one ``WindowView`` each, and keep the `--dump-layout`
/// file current. When the data could not be opened it shows the shared
/// start-up error window instead, and starts afresh from there when the
/// person keeps the unreadable file aside.
@MainActor
final class DoItDesktop {
    let application = Application(id: DoItApp.applicationID)
    private(set) var app: DoItApp?
    private let shell: AppShell
    private var views: [Int: WindowView] = [:]
    private var layout: LayoutDump?
    private var startupWindow: StartupErrorWindow?
    private var shownProblem: StartupProblem?
    private let log: @MainActor (String) -> Void = { FileHandle.standardError.write(Data("DoIt: \($0)\n".utf8)) }

    /// What the About dialog says.
    static let about = AboutDialog.Info(
        name: "Do It", iconName: "checkbox-checked-symbolic", version: "1.0",
        comments: "To-do lists for running your day, with drag and drop between lists, windows and apps.")

    init(layoutFile: URL?) {
        layout = layoutFile.map { LayoutDump(file: $0) }
        shell = AppShell(application: application, about: Self.about, shortcuts: WindowView.shortcutGroups)
        layout?.messages = { [unowned self] in
            if let problem = shownProblem { return [problem.title, problem.message] }
            return app?.screens.keys.sorted().compactMap { app?.screens[$0]?.errorMessage } ?? []
        }
    }

    /// Runs the app on `store`, or, when opening it failed with
    /// `problem`, the start-up error window; `reopen` opens the store
    /// again once the unreadable file is kept aside.
    func run(store: TodoStore?, problem: StartupProblem?, reopen: @escaping @MainActor () throws -> TodoStore) throws -> Int32 {
        application.onActivate { [unowned self] in
            guard app == nil, startupWindow == nil else { return }
            // Style sheets need the display, which GTK opens on start-up.
            StyleSheet.add(WindowView.styleSheet)
            if let store {
                start(store, notice: nil)
            } else if let problem {
                showStartupProblem(problem, reopen: reopen)
            }
        }
        return try application.run()
    }

    private func start(_ store: TodoStore, notice: String?) {
        let app = DoItApp(store: store)
        self.app = app
        app.log = log
        app.install(on: DesktopDragDrop.shared.engine)
        app.onWindowOpened = { [unowned self] screen in
            let view = WindowView(screen: screen, app: app, shell: shell, layout: layout)
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
        let main = app.openMainWindow()
        if let notice {
            app.setError(DoItError(.storeFailed, notice), in: main.windowID)
        }
    }

    private func showStartupProblem(_ problem: StartupProblem, reopen: @escaping @MainActor () throws -> TodoStore) {
        log(problem.logText)
        let window = StartupErrorWindow(
            application: application, appName: "Do It", title: problem.title, message: problem.message,
            advice: problem.advice, details: problem.details, buttons: problem.choices.map(\.label)
        ) { [unowned self] index in
            switch problem.choices[index] {
            case .quit:
                application.quit()
            case .keepAsideAndStartAfresh:
                keepAside(problem, reopen: reopen)
            }
        }
        startupWindow = window
        shownProblem = problem
        layout?.reporter.track(window.window, group: "windows", name: LayoutDump.windowName(id: 0, title: "Problem"))
        window.present()
    }

    private func keepAside(_ problem: StartupProblem, reopen: @escaping @MainActor () throws -> TodoStore) {
        guard let window = startupWindow else { return }
        do {
            let kept = try DatabaseKeepAside.keepAside(problem.databaseFile)
            let store = try reopen()
            log("kept \(problem.databaseFile.path) aside as \(kept.path)")
            layout?.reporter.untrack(group: "windows", name: LayoutDump.windowName(id: 0, title: "Problem"))
            start(store, notice: StartupProblem.keptAsideMessage(appName: "Do It", keptAt: kept))
            startupWindow = nil
            shownProblem = nil
            window.destroy()
        } catch {
            log("keeping aside failed: \(error)")
            window.showNote("That did not work: \(error). Nothing was deleted.")
        }
    }
}
