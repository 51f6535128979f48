import CGtk4
import CGtkShim

/// GTK's main loop, driven from Swift without `GtkApplication` (no session
/// bus needed, so it runs the same under Xvfb as on a desktop).
///
/// While it runs, Swift's main-actor tasks run on it too, so `await` works in
/// signal handlers' tasks:
///
/// ```swift
/// try MainLoop.initialize()
/// let window = gtk_window_new()
/// gtk_window_present(OpaquePointer(window))
/// MainLoop.run()
/// ```
@MainActor
public enum MainLoop {
    private static var isInitialized = false
    private static var quitRequested = false

    /// Opens the display and prepares GTK. Call once, before creating widgets.
    ///
    /// Without a D-Bus session bus (a bare X server, a program started
    /// outside a desktop session) GTK's accessibility is turned off, unless
    /// `GTK_A11Y` says otherwise: screen readers reach programs through the
    /// session bus, and GTK would only warn at start or, finding a stale
    /// accessibility bus on the display, print criticals for every widget.
    ///
    /// - Throws: ``GtkBackendError`` with code `.displayUnavailable` when no
    ///   display can be opened (for example `DISPLAY` is unset).
    public static func initialize() throws(GtkBackendError) {
        guard !isInitialized else { return }
        turnOffAccessibilityWithoutSessionBus()
        guard gtk_init_check() != 0 else {
            throw GtkBackendError(
                code: .displayUnavailable,
                description: "GTK could not open a display. Set DISPLAY (for example run under scripts/with-xvfb) and try again."
            )
        }
        dk_install_main_queue_source()
        isInitialized = true
    }

    /// GTK looks for the accessibility bus through the session bus and, on
    /// X11, through the display's `AT_SPI_BUS` property. Without a session
    /// bus GTK 4.8 warns that it cannot get one; when the property is left
    /// over from an earlier session, it connects to that bus while a
    /// `GtkApplication` has no D-Bus object path, and every widget's
    /// accessible is exported under a path of NULL (a GLib critical each).
    /// A screen reader needs the session bus too, so nothing is lost.
    private static func turnOffAccessibilityWithoutSessionBus() {
        guard g_getenv("GTK_A11Y") == nil else { return }
        var error: UnsafeMutablePointer<GError>?
        // The connection stays open for the process: GApplication and GTK
        // get this same one from GLib instead of connecting again.
        if g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) != nil { return }
        g_error_free(error)
        g_setenv("GTK_A11Y", "none", 1)
    }

    /// Runs the loop until ``quit()`` is called.
    public static func run() {
        quitRequested = false
        while !quitRequested {
            g_main_context_iteration(nil, 1)
        }
    }

    /// Runs pending events without waiting; returns whether any were handled.
    @discardableResult
    public static func iterate() -> Bool {
        g_main_context_iteration(nil, 0) != 0
    }

    /// Ends ``run()`` after the current event.
    public static func quit() {
        quitRequested = true
        g_main_context_wakeup(nil)
    }

    /// Calls `body` once after `milliseconds` on the main loop.
    public static func after(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) {
        let box = Unmanaged.passRetained(SignalHandlerBox<Trampoline.VoidHandler>(body)).toOpaque()
        g_timeout_add_once(milliseconds, { data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated {
                let box = Unmanaged<SignalHandlerBox<Trampoline.VoidHandler>>.fromOpaque(data!)
                box.takeUnretainedValue().handler()
                box.release()
            }
        }, box)
    }
}
