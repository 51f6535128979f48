import CGtk4
import CGtkShim
import DragKitGTK
import Foundation

/// A desktop application (GtkApplication): a reverse-DNS id, windows, and
/// commands as named actions with keyboard accelerators, so a menu item, a
/// shortcut and a button all run the same code.
///
/// ```swift
/// let app = Application(id: "org.example.Board")
/// app.addAction("quit", accelerators: ["<Control>q"]) { app.quit() }
/// app.onActivate {
///     let window = ApplicationWindow(application: app, title: "Board")
///     window.present()
/// }
/// exit(try app.run())
/// ```
///
/// Each process is its own instance by default (`isUnique: false`): apps
/// keep their data in the folder given with `--data-dir`, so two processes
/// of one app must be able to run side by side instead of handing their
/// windows to the first one. Without a D-Bus session bus (under Xvfb) the
/// application runs all the same.
@MainActor
public final class Application {
    let reference: ObjectReference
    private var activateHandlers: [SignalConnection] = []
    private var openHandler: (@MainActor ([URL]) -> Void)?
    /// The windows this application shows, kept alive until GTK destroys them.
    private var windows: [ObjectIdentifier: Window] = [:]

    /// The reverse-DNS application id, for example `org.dragkit.Contacts`.
    public let id: String

    /// Creates the application. Call ``run(files:)`` to start it.
    ///
    /// - Parameters:
    ///   - id: a reverse-DNS name (`org.example.App`).
    ///   - isUnique: when true, a second launch on the same session bus
    ///     activates the first process instead of starting a new one.
    public init(id: String, isUnique: Bool = false) {
        self.id = id
        var flags = G_APPLICATION_DEFAULT_FLAGS.rawValue
        if !isUnique { flags |= G_APPLICATION_NON_UNIQUE.rawValue }
        let application = gtk_application_new(id, GApplicationFlags(rawValue: flags))!
        reference = ObjectReference(adopting: GPointer.raw(application))
    }

    var applicationPointer: UnsafeMutablePointer<GtkApplication> { reference.typed() }
    private var gApplication: UnsafeMutablePointer<GApplication> { reference.typed() }

    /// Runs `handler` when the application starts without files (and, for a
    /// unique application, when it is launched again): show a window here.
    public func onActivate(_ handler: @escaping @MainActor () -> Void) {
        activateHandlers.append(Signal.connect(reference, "activate", handler: handler))
    }

    /// Runs `handler` with the files the application was started with (see
    /// ``run(files:)``) instead of the activate handler.
    public func onOpen(_ handler: @escaping @MainActor ([URL]) -> Void) {
        if openHandler == nil {
            g_application_set_flags(gApplication, GApplicationFlags(
                rawValue: g_application_get_flags(gApplication).rawValue | G_APPLICATION_HANDLES_OPEN.rawValue))
            let trampoline: @convention(c) (gpointer?, gpointer?, Int32, gpointer?, gpointer?) -> Void = { _, files, count, _, data in
                nonisolated(unsafe) let files = files
                nonisolated(unsafe) let data = data
                MainActor.assumeIsolated {
                    let list = files!.assumingMemoryBound(to: OpaquePointer?.self)
                    let urls = (0..<Int(count)).compactMap { index -> URL? in
                        guard let file = list[index], let path = g_file_get_path(file) else { return nil }
                        defer { g_free(path) }
                        return URL(fileURLWithPath: String(cString: path))
                    }
                    SignalHandlerBox<@MainActor ([URL]) -> Void>.from(data).handler(urls)
                }
            }
            _ = Signal.connect(reference, "open", trampoline: Signal.callback(trampoline),
                               handler: { [weak self] (urls: [URL]) in self?.openHandler?(urls) } as @MainActor ([URL]) -> Void)
        }
        openHandler = handler
    }

    /// Adds an application-wide action `app.<name>` running `handler`, with
    /// keyboard accelerators in GTK's syntax (`"<Control>q"`,
    /// `"<Control><Shift>z"`). Buttons and menu items reach it through
    /// ``Action/detailedName``.
    @discardableResult
    public func addAction(
        _ name: String, accelerators: [String] = [], handler: @escaping @MainActor () -> Void
    ) -> Action {
        Action(name: name, scope: "app", handler: handler).added(to: reference, accelerators: accelerators, in: self)
    }

    /// Adds an on/off application action `app.<name>` (a setting shown with
    /// a check mark in menus); `handler` gets the new value.
    @discardableResult
    public func addToggleAction(
        _ name: String, isOn: Bool, accelerators: [String] = [], handler: @escaping @MainActor (Bool) -> Void
    ) -> Action {
        Action(name: name, scope: "app", isOn: isOn, handler: handler)
            .added(to: reference, accelerators: accelerators, in: self)
    }

    /// Sets the keyboard accelerators of an action by its detailed name
    /// (`"app.quit"`, `"win.undo"`); an empty list removes them.
    public func setAccelerators(_ accelerators: [String], for detailedName: String) {
        withCStrings(accelerators) { strings in
            let terminated = Array(strings) + [nil]
            terminated.withUnsafeBufferPointer { gtk_application_set_accels_for_action(applicationPointer, detailedName, $0.baseAddress) }
        }
    }

    /// The accelerators of an action by its detailed name.
    public func accelerators(for detailedName: String) -> [String] {
        guard let list = gtk_application_get_accels_for_action(applicationPointer, detailedName) else { return [] }
        defer { g_strfreev(list) }
        var result: [String] = []
        var index = 0
        while let accelerator = list[index] {
            result.append(String(cString: accelerator))
            index += 1
        }
        return result
    }

    /// Starts GTK and runs the main loop until the last window closes or
    /// ``quit()`` is called; returns the exit status. `files` go to the
    /// ``onOpen(_:)`` handler. Parse the app's own command line before (with
    /// swift-argument-parser): GTK never sees it.
    ///
    /// - Throws: `GtkBackendError` `.displayUnavailable` when no display
    ///   can be opened.
    public func run(files: [URL] = []) throws(GtkBackendError) -> Int32 {
        try MainLoop.initialize()
        let arguments = [CommandLine.arguments.first ?? id] + (openHandler == nil ? [] : files.map(\.path))
        return withCStrings(arguments) { strings in
            let argv = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: strings.count + 1)
            defer { argv.deallocate() }
            for (index, string) in strings.enumerated() { argv[index] = UnsafeMutablePointer(mutating: string) }
            argv[strings.count] = nil
            return g_application_run(gApplication, Int32(strings.count), argv)
        }
    }

    /// Closes every window and ends ``run(files:)``.
    public func quit() {
        g_application_quit(gApplication)
    }

    /// Keeps `window` alive while it is open (GTK owns the window; this keeps
    /// its Swift side, with the widgets' handlers, until it is destroyed).
    func keep(_ window: Window) {
        let key = ObjectIdentifier(window)
        windows[key] = window
        _ = Signal.connect(window.reference, "destroy", trampoline: Signal.callback(Trampoline.void),
                           handler: { [weak self] in self?.windows[key] = nil } as Trampoline.VoidHandler)
    }

    /// The application's windows that are open, most recently focused first.
    public var openWindows: [Window] {
        var result: [Window] = []
        var node = gtk_application_get_windows(applicationPointer)
        while let element = node {
            if let window = windows.values.first(where: { $0.reference.raw == element.pointee.data }) {
                result.append(window)
            }
            node = element.pointee.next
        }
        return result
    }
}
