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
    /// - Throws: ``GtkBackendError`` with code `.displayUnavailable` when no
    ///   display can be opened (for example `DISPLAY` is unset).
    public static func initialize() throws(GtkBackendError) {
        guard !isInitialized else { return }
        guard gtk_init_check() != 0 else {
            throw GtkBackendError(
                code: .displayUnavailable,
                description: "GTK could not open a display. Set DISPLAY (for example run under scripts/with-xvfb) and try again."
            )
        }
        dk_install_main_queue_source()
        isInitialized = true
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
