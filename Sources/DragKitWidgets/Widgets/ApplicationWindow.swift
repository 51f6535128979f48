import CGtk4
import DragKitGTK

/// A window of an ``Application`` (GtkApplicationWindow): it keeps the
/// application running while open and has its own actions (`win.<name>`),
/// so the same shortcut acts on the focused window only.
///
/// ```swift
/// let window = ApplicationWindow(application: app, title: "Contacts")
/// window.addAction("undo", accelerators: ["<Control>z"]) { store.undo() }
/// let header = HeaderBar()
/// header.packStart(Button(iconName: "edit-undo-symbolic", action: "win.undo"))
/// window.titlebar = header
/// window.present()
/// ```
@MainActor
public final class ApplicationWindow: Window {
    /// The application the window belongs to.
    public let application: Application

    /// Creates a hidden window of `application`; call ``Window/present()``.
    public init(application: Application, title: String) {
        self.application = application
        super.init(sinking: GPointer.raw(gtk_application_window_new(application.applicationPointer)), title: title)
        application.keep(self)
    }

    /// Adds the window action `win.<name>` running `handler`, with keyboard
    /// accelerators (`"<Control>z"`) active while this window has the focus.
    @discardableResult
    public func addAction(
        _ name: String, accelerators: [String] = [], handler: @escaping @MainActor () -> Void
    ) -> Action {
        Action(name: name, scope: "win", handler: handler).added(to: reference, accelerators: accelerators, in: application)
    }

    /// Adds an on/off window action `win.<name>`; `handler` gets the new value.
    @discardableResult
    public func addToggleAction(
        _ name: String, isOn: Bool, accelerators: [String] = [], handler: @escaping @MainActor (Bool) -> Void
    ) -> Action {
        Action(name: name, scope: "win", isOn: isOn, handler: handler)
            .added(to: reference, accelerators: accelerators, in: application)
    }
}
