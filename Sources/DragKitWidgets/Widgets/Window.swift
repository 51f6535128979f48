import CGtk4
import CGtkShim
import DragKitGTK

/// A toplevel window.
///
/// ```swift
/// let window = Window(title: "Gallery")
/// window.setDefaultSize(width: 400, height: 300)
/// window.child = Label("Drop here")
/// window.present()
/// ```
@MainActor
public class Window: Widget {
    /// Creates a hidden window; call ``present()`` to show it.
    public convenience init(title: String) {
        self.init(sinking: GPointer.raw(gtk_window_new()), title: title)
    }

    init(sinking raw: UnsafeMutableRawPointer, title: String) {
        super.init(sinking: raw)
        self.title = title
        installKeyboardDragKey()
    }

    var windowPointer: UnsafeMutablePointer<GtkWindow> { reference.typed() }

    /// The title shown by the window manager (and searchable by xdotool).
    public var title: String {
        get { gtk_window_get_title(windowPointer).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(windowPointer, newValue) }
    }

    /// Whether GTK draws a title bar. Undecorated windows make pixel positions
    /// predictable under Xvfb, where no window manager runs.
    public var isDecorated: Bool {
        get { gtk_window_get_decorated(windowPointer) != 0 }
        set { gtk_window_set_decorated(windowPointer, newValue ? 1 : 0) }
    }

    /// The content widget.
    public var child: Widget? {
        didSet { gtk_window_set_child(windowPointer, child?.widgetPointer) }
    }

    /// The size the window opens with.
    public func setDefaultSize(width: Int, height: Int) {
        gtk_window_set_default_size(windowPointer, Int32(width), Int32(height))
    }

    /// Shows the window and raises it.
    public func present() {
        gtk_window_present(windowPointer)
    }

    /// The header bar (or other widget) GTK shows as the window's title bar.
    public var titlebar: Widget? {
        didSet { gtk_window_set_titlebar(windowPointer, titlebar?.widgetPointer) }
    }

    /// Asks the window to close, as the window manager's close button does:
    /// ``onCloseRequest(_:)`` handlers run and may keep it open.
    public func close() {
        gtk_window_close(windowPointer)
    }

    /// Closes and destroys the window.
    public func destroy() {
        gtk_window_destroy(windowPointer)
    }

    /// Runs `handler` when the user closes the window; return true to keep it open.
    @discardableResult
    public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) -> SignalConnection {
        Signal.connect(reference, "close-request", trampoline: Signal.callback(Trampoline.bool),
                       handler: handler as Trampoline.BoolHandler)
    }

    /// The X11 id of the window once shown (0 on other displays): lets tests
    /// place windows with `xdotool windowmove`, since GTK 4 cannot move them.
    public var x11WindowID: UInt {
        UInt(dk_widget_x11_xid(widgetPointer))
    }
}
