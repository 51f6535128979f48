import CGtk4

/// Makes a widget a drag source: GTK's `GtkDragSource` gesture.
///
/// ```swift
/// let source = DragSource(on: label)
/// source.onPrepare { x, y in LazyContentProvider(mimeTypes: ["text/plain"]) { $0.succeed(with: Data("hi".utf8)) } }
/// source.onEnd { drag, deleteData in print(drag.selectedAction) }
/// ```
@MainActor
public final class DragSource {
    let reference: ObjectReference
    private var connections: [SignalConnection] = []
    /// The widget the source is attached to.
    public unowned let widget: Widget
    /// The GtkWidget, for ``detach()``, which may run while the wrapper is going away.
    private let widgetRaw: UnsafeMutableRawPointer
    private var iconPaintable: ObjectReference?

    /// Attaches a drag source to `widget`.
    public init(on widget: Widget, actions: DragAction = .copy) {
        self.widget = widget
        widgetRaw = widget.reference.raw
        reference = ObjectReference(sinking: GPointer.raw(gtk_drag_source_new()))
        self.actions = actions
        gtk_drag_source_set_actions(reference.opaque, actions.gdk)
        widget.add(controller: reference)
    }

    /// The actions offered to destinations.
    public var actions: DragAction {
        didSet { gtk_drag_source_set_actions(reference.opaque, actions.gdk) }
    }

    /// Called when a drag is about to start at (x, y) in the widget; return
    /// the content to offer, or nil to not start a drag there.
    public func onPrepare(_ handler: @escaping @MainActor (Double, Double) -> LazyContentProvider?) {
        let wrapped: Trampoline.PointObjectHandler = { x, y in
            guard let content = handler(x, y) else { return nil }
            // "prepare" returns a new reference (transfer full).
            return g_object_ref(content.reference.raw)
        }
        connections.append(Signal.connect(reference, "prepare", trampoline: Signal.callback(Trampoline.pointObject), handler: wrapped))
    }

    /// Called when the drag has started.
    public func onBegin(_ handler: @escaping @MainActor (Drag) -> Void) {
        let wrapped: Trampoline.ObjectHandler = { handler(Drag($0)) }
        connections.append(Signal.connect(reference, "drag-begin", trampoline: Signal.callback(Trampoline.object), handler: wrapped))
    }

    /// Called when the drag ended (after a drop or a cancel); `deleteData`
    /// is true when the source should delete what was moved.
    public func onEnd(_ handler: @escaping @MainActor (Drag, Bool) -> Void) {
        let wrapped: Trampoline.ObjectFlagHandler = { handler(Drag($0), $1) }
        connections.append(Signal.connect(reference, "drag-end", trampoline: Signal.callback(Trampoline.objectFlag), handler: wrapped))
    }

    /// Called when the drag was cancelled, before ``onEnd(_:)``.
    public func onCancel(_ handler: @escaping @MainActor (Drag, DragCancelReason) -> Void) {
        let wrapped: Trampoline.ObjectEnumBoolHandler = { drag, reason in
            handler(Drag(drag), DragCancelReason(rawValue: reason))
            return false
        }
        connections.append(Signal.connect(reference, "drag-cancel", trampoline: Signal.callback(Trampoline.objectEnumBool), handler: wrapped))
    }

    /// Shows a live image of `widget` under the pointer while dragging.
    /// Call from ``onPrepare(_:)`` or ``onBegin(_:)``.
    public func setIcon(snapshotOf widget: Widget, hotSpot: (x: Int, y: Int)) {
        let paintable = gtk_widget_paintable_new(widget.widgetPointer)!
        let owned = ObjectReference(adopting: GPointer.raw(paintable))
        iconPaintable = owned
        gtk_drag_source_set_icon(reference.opaque, paintable, Int32(hotSpot.x), Int32(hotSpot.y))
    }

    /// Disconnects the handlers and takes the source off its widget.
    func detach() {
        connections.forEach { $0.disconnect() }
        connections = []
        gtk_widget_remove_controller(GPointer.typed(widgetRaw, as: GtkWidget.self), reference.opaque)
    }

    /// Stops an ongoing drag started by this source.
    public func cancelDrag() {
        gtk_drag_source_drag_cancel(reference.opaque)
    }
}
