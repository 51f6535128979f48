import AppSupport
import DragKitGTK
import DragKitWidgets
import Foundation

/// The GTK half of the shared start-up handling: shows a
/// ``StartupProblem`` in the shared `StartupErrorWindow` and, when the
/// person keeps an unreadable database aside, renames it
/// (``DatabaseKeepAside``) and starts the app afresh, with a notice that
/// says where the old data is. Nothing is deleted; a failed attempt is told
/// in the window and changes nothing.
///
/// ```swift
/// let recovery = StartupRecovery(application: app, appName: "CacheMaker", layoutFile: layoutFile)
/// recovery.show(problem) { notice in
///     let store = try GeocacheStore(folder: folder, samples: [])
///     openBoard(store, notice: notice)
/// }
/// ```
///
/// With `--dump-layout FILE`, the file says what the window shows while it
/// is open: `{"problem": {"title": …, "message": …, "advice": …},
/// "windows": {"Problem": R}}`; the app's own report replaces it once the
/// app has started.
@MainActor
public final class StartupRecovery {
    public let application: Application
    public let appName: String
    private let layoutFile: URL?
    private var window: StartupErrorWindow?
    private var reporter: LayoutReporter?
    /// After a start afresh: opens the app's window on the new store.
    private var openFreshStoreAgain: (@MainActor () throws -> Void)?

    public init(application: Application, appName: String, layoutFile: URL?) {
        self.application = application
        self.appName = appName
        self.layoutFile = layoutFile
    }

    /// Writes `text` to standard error as `<app>: text` (the log).
    public func log(_ text: String) {
        FileHandle.standardError.write(Data("\(appName): \(text)\n".utf8))
    }

    /// Starts the app on `startup`'s store with `open` (no notice), or
    /// shows why it cannot: the problem of opening the store, or an error
    /// `open` throws. Keeping the file aside starts afresh on
    /// `freshStore()` (a new store without samples: the person's data is in
    /// the kept file), with the notice naming where it is kept.
    ///
    /// ```swift
    /// application.onActivate {
    ///     recovery.start(startup, freshStore: { try GeocacheStore(folder: startup.folder, samples: []) },
    ///                    open: { store, notice in try openBoard(store, notice: notice) })
    /// }
    /// ```
    public func start<Store>(_ startup: StoreStartup<Store>, freshStore: @escaping @MainActor () throws -> Store,
                             open: @escaping @MainActor (Store, _ notice: String?) throws -> Void) {
        if let openAgain = openFreshStoreAgain {
            do { try openAgain() } catch { log("\(error)") }
            return
        }
        let startAfresh: @MainActor (String) throws -> Void = { [unowned self] notice in
            let store = try freshStore()
            try open(store, notice)
            // A later activation opens the fresh store again, not the problem.
            openFreshStoreAgain = { try open(store, nil) }
        }
        if let store = startup.store {
            do {
                try open(store, nil)
            } catch {
                show(StartupProblem(diagnosing: error, appName: appName, folder: startup.folder,
                                    databaseFile: startup.databaseFile), startAfresh: startAfresh)
            }
        } else if let problem = startup.problem {
            show(problem, startAfresh: startAfresh)
        }
    }

    /// Shows `problem` (and logs it with its details); nothing when the
    /// window shows a problem already (a second activation). Quit quits; keeping
    /// the file aside renames it, then calls `startAfresh` with the notice
    /// to show in the app's window. When `startAfresh` throws, the window
    /// stays and says so.
    public func show(_ problem: StartupProblem, startAfresh: @escaping @MainActor (_ notice: String) throws -> Void) {
        if let window {
            window.present()
            return
        }
        log(problem.logText)
        let window = StartupErrorWindow(
            application: application, appName: appName, title: problem.title, message: problem.message,
            advice: problem.advice, details: problem.details, buttons: problem.choices.map(\.label)
        ) { [unowned self] index in
            switch problem.choices[index] {
            case .quit: application.quit()
            case .keepAsideAndStartAfresh: keepAside(problem, startAfresh: startAfresh)
            }
        }
        self.window = window
        if let layoutFile {
            let reporter = LayoutReporter { report in Self.write(report, problem: problem, to: layoutFile) }
            reporter.track(window.window, group: "windows", name: "Problem")
            self.reporter = reporter
        }
        window.present()
    }

    private func keepAside(_ problem: StartupProblem, startAfresh: @MainActor (String) throws -> Void) {
        guard let window else { return }
        let kept: URL
        do {
            kept = try DatabaseKeepAside.keepAside(problem.databaseFile)
        } catch {
            log("keeping aside failed: \(error)")
            window.showNote("That did not work: \(error) Nothing was deleted.")
            return
        }
        log("kept \(problem.databaseFile.path) aside as \(kept.path)")
        reporter?.stop()
        reporter = nil
        do {
            try startAfresh(StartupProblem.keptAsideMessage(appName: appName, keptAt: kept))
        } catch {
            log("starting afresh failed: \(error)")
            window.showNote("\(appName) could not start afresh; your old data is kept in \(kept.path).")
            window.setButtonEnabled(0, false)
            return
        }
        self.window = nil
        window.destroy()
    }

    private static func write(_ report: LayoutReport, problem: StartupProblem, to file: URL) {
        try? LayoutFile(url: file).write([
            "problem": .object(["title": .string(problem.title), "message": .string(problem.message),
                                "advice": .string(problem.advice)]),
            "windows": .rects(report["windows"]),
        ])
    }
}
