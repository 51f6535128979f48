import CGtk4
import CGtkShim

/// Makes a widget a drop target: GTK's `GtkDropTargetAsync`, which lets the
/// destination look at the offered formats while hovering and read data
/// only when dropped.
///
/// ```swift
/// let target = DropTarget(on: label, actions: [.copy, .move])
/// target.onMotion { drop, x, y in drop.formats.contains("text/plain") ? .copy : [] }
/// target.onDrop { drop, x, y in
///     Task { let (_, data) = try await drop.read(preferring: ["text/plain"]); drop.finish(.copy) }
///     return true
/// }
/// ```
@MainActor
public final class DropTarget {
    let reference: ObjectReference
    private var connections: [SignalConnection] = []
    /// The widget the target is attached to.
    public unowned let widget: Widget
    /// The GtkWidget, for ``detach()``, which may run while the wrapper is going away.
    private let widgetRaw: UnsafeMutableRawPointer

    /// Attaches a drop target to `widget`. With `formats` nil every drag is
    /// accepted; otherwise only drags offering one of them.
    public init(on widget: Widget, formats: ContentFormats? = nil, actions: DragAction = [.copy, .move]) {
        self.widget = widget
        widgetRaw = widget.reference.raw
        reference = ObjectReference(sinking: GPointer.raw(gtk_drop_target_async_new(formats?.makeGdkFormats(), actions.gdk)))
        widget.add(controller: reference)
        // On X11, lets drops from strict XDND sources (Qt 5) be read too.
        dk_xdnd_watch_display(gtk_widget_get_display(widget.widgetPointer))
    }

    /// Disconnects the handlers and takes the target off its widget.
    func detach() {
        connections.forEach { $0.disconnect() }
        connections = []
        gtk_widget_remove_controller(GPointer.typed(widgetRaw, as: GtkWidget.self), reference.opaque)
    }

    /// Called first for every drag entering; return false to ignore the drag
    /// (no further signals for it).
    public func onAccept(_ handler: @escaping @MainActor (Drop) -> Bool) {
        let wrapped: Trampoline.ObjectBoolHandler = { handler(Drop($0)) }
        connections.append(Signal.connect(reference, "accept", trampoline: Signal.callback(Trampoline.objectBool), handler: wrapped))
    }

    /// Called when a drag enters; return the action to show (empty: refuse).
    /// Across processes GTK reports (0, 0) here: the real position arrives
    /// with the first motion.
    public func onEnter(_ handler: @escaping @MainActor (Drop, Double, Double) -> DragAction) {
        let wrapped: Trampoline.ObjectPointActionHandler = { handler(Drop($0), $1, $2).rawValue }
        connections.append(Signal.connect(reference, "drag-enter", trampoline: Signal.callback(Trampoline.objectPointAction), handler: wrapped))
    }

    /// Called as the drag moves; return the action to show (empty: refuse).
    public func onMotion(_ handler: @escaping @MainActor (Drop, Double, Double) -> DragAction) {
        let wrapped: Trampoline.ObjectPointActionHandler = { handler(Drop($0), $1, $2).rawValue }
        connections.append(Signal.connect(reference, "drag-motion", trampoline: Signal.callback(Trampoline.objectPointAction), handler: wrapped))
    }

    /// Called when the drag leaves the widget.
    public func onLeave(_ handler: @escaping @MainActor (Drop) -> Void) {
        let wrapped: Trampoline.ObjectHandler = { handler(Drop($0)) }
        connections.append(Signal.connect(reference, "drag-leave", trampoline: Signal.callback(Trampoline.object), handler: wrapped))
    }

    /// Called on drop; return true when the drop will be handled, and call
    /// ``Drop/finish(_:)`` once done (possibly later, after reading).
    public func onDrop(_ handler: @escaping @MainActor (Drop, Double, Double) -> Bool) {
        let wrapped: Trampoline.ObjectPointBoolHandler = { handler(Drop($0), $1, $2) }
        connections.append(Signal.connect(reference, "drop", trampoline: Signal.callback(Trampoline.objectPointBool), handler: wrapped))
    }
}
