import CGtk4
import DragAndDrop
import Foundation
import ItemProviders

/// A widget's GTK drag source feeding the engine: a press-drag lifts the
/// widget's view node, the session's items become GTK content, and GTK's
/// end of the drag ends the session.
@MainActor
package final class SourceBinding {
    private unowned let bridge: DesktopDragDrop
    private weak var widget: Widget?
    /// The GtkWidget, known without touching the wrapper (see ``detach()``).
    let widgetRaw: UnsafeMutableRawPointer
    let node: ViewNode
    private let source: DragSource
    /// Chooses the widget shown under the pointer for a drag starting at a
    /// point (a list shows the lifted row, not the whole list), with the
    /// hot spot inside it and how it is framed.
    package var iconProvider: (@MainActor (CGPoint) -> LiftedIcon?)?
    private var sessionID: DragSessionID?
    private weak var session: DragSession?
    /// The preview made at the lift, shown when GTK begins the drag.
    private var preview: DragPreviewIcon?
    private var cancelled = false
    private var cancelReason: DragCancelReason?
    /// What the current drag offers other processes.
    private var production: OutgoingProduction?

    init(bridge: DesktopDragDrop, widget: Widget, node: ViewNode) {
        self.bridge = bridge
        self.widget = widget
        widgetRaw = widget.reference.raw
        self.node = node
        source = DragSource(on: widget, actions: [.copy, .move])
        source.onPrepare { [unowned self] x, y in prepare(at: CGPoint(x: x, y: y)) }
        source.onBegin { [unowned self] drag in begin(drag) }
        source.onCancel { [unowned self] _, reason in
            cancelled = true
            cancelReason = reason
            showCancelPreview()
        }
        source.onEnd { [unowned self] drag, _ in
            end(drag)
            if isDetached {
                source.detach()
                keptUntilDragEnds = nil
            }
        }
    }

    /// Whether the widget was destroyed (the binding is no longer the bridge's).
    private var isDetached = false
    /// The binding itself, while a drag from a destroyed widget goes on.
    private var keptUntilDragEnds: SourceBinding?

    /// Lets go of GTK's drag source once the widget is destroyed. A drag
    /// from it that is under way goes on, keeping its content, and is let
    /// go of when it ends.
    func detach() {
        isDetached = true
        iconProvider = nil
        if sessionID != nil, bridge.isOutgoing(sessionID) {
            keptUntilDragEnds = self
        } else {
            source.detach()
        }
    }

    private func prepare(at point: CGPoint) -> LazyContentProvider? {
        guard !isDetached, let widget else { return nil }
        bridge.clearStaleDrag()
        node.frame = CGRect(origin: node.frame.origin, size: widget.size)
        guard let session = try? bridge.engine.beginDrag(bridge.pointer, from: node, at: point) else {
            return nil
        }
        DraggedFiles.clear()
        sessionID = session.id
        self.session = session
        bridge.outgoingSession = session.id
        cancelled = false
        cancelReason = nil
        source.actions = session.allowsMoveOperation ? [.copy, .move] : .copy
        setIcon(for: session, at: point)
        production?.finish()
        let (content, production) = OutgoingContent.make(
            for: OutgoingItems(session),
            combined: bridge.combinedItem(for: session),
            restricted: session.isRestrictedToDraggingApplication
        ) { [weak bridge] event in bridge?.productionObserver?(event) }
        // A destination that died mid-transfer never finishes the drop, so
        // GTK would wait for it forever: the drag ends as cancelled instead.
        let id = session.id
        production.onDestinationDied = { [weak self] in
            guard let self, sessionID == id else { return }
            source.cancelDrag()
        }
        self.production = production
        return content
    }

    /// The lifted widget (or the delegate's preview) under the pointer,
    /// pictured now, at the lift: framed on an opaque background, with a
    /// badge counting the items when there are several.
    private func setIcon(for session: DragSession, at point: CGPoint) {
        preview = nil
        pendingTitlePreview = nil
        let count = session.itemCount
        guard let widget else { return }
        if let lifted = iconProvider?(point) {
            preview = DragPreviewIcon(snapshotOf: lifted.widget, hotSpot: lifted.hotSpot,
                                      parameters: lifted.parameters, count: count)
            return
        }
        let hotSpot = (x: Int(point.x), y: Int(point.y))
        guard session.itemCount > 0,
              let delegatePreview = bridge.engine.liftPreview(for: session.item(at: 0), of: bridge.pointer)
        else {
            preview = DragPreviewIcon(snapshotOf: widget, hotSpot: hotSpot, parameters: DragPreviewParameters(), count: count)
            return
        }
        if let node = delegatePreview.view, let previewWidget = bridge.widget(for: node) {
            preview = DragPreviewIcon(snapshotOf: previewWidget, hotSpot: (0, 0),
                                      parameters: delegatePreview.parameters, count: count)
        } else if let title = delegatePreview.title {
            pendingTitlePreview = (title, delegatePreview.parameters)
        } else {
            preview = DragPreviewIcon(snapshotOf: widget, hotSpot: hotSpot, parameters: delegatePreview.parameters, count: count)
        }
    }

    private var pendingTitlePreview: (title: String, parameters: DragPreviewParameters)?

    /// GTK slides a cancelled drag's icon back to where it started; a
    /// source delegate that wants its item to vanish instead
    /// (`previewForCancelling` returning nil) gets the icon hidden.
    private func showCancelPreview() {
        guard let session, session.itemCount > 0, bridge.isOutgoing(sessionID) else { return }
        if bridge.engine.cancelPreview(for: session.item(at: 0), of: bridge.pointer) == nil {
            preview?.isVisible = false
        }
    }

    private func begin(_ drag: Drag) {
        if let (title, parameters) = pendingTitlePreview {
            preview = DragPreviewIcon(title: title, parameters: parameters, count: session?.itemCount ?? 1)
            pendingTitlePreview = nil
        }
        guard let preview else { return }
        drag.setPreview(preview, hotSpot: preview.hotSpot)
        bridge.previewObserver?(DragPreviewReport(itemCount: preview.count, badge: preview.badgeText))
        followItemCount(of: preview)
    }

    /// Keeps the badge's count with the session's items while the drag
    /// lasts (items can be added to a drag under way).
    private func followItemCount(of preview: DragPreviewIcon) {
        let id = sessionID
        MainLoop.after(milliseconds: 150) { [weak self, weak preview] in
            guard let self, let preview, sessionID == id, let session else { return }
            if session.itemCount != preview.count {
                preview.setCount(session.itemCount)
                bridge.previewObserver?(DragPreviewReport(itemCount: preview.count, badge: preview.badgeText))
            }
            followItemCount(of: preview)
        }
    }

    private func end(_ drag: Drag) {
        preview = nil
        production?.finish()
        production = nil
        let operation = cancelled ? DropOperation.cancel : DesktopDragDrop.operation(for: drag.selectedAction)
        let report = DragEndReport(operation: operation, cancelReason: cancelled ? cancelReason : nil)
        defer {
            if bridge.outgoingSession == sessionID { bridge.outgoingSession = nil }
            sessionID = nil
            // Its drop, if it hovered over a target here, is over too (a
            // target destroyed under it never saw it leave).
            if bridge.incoming?.drop.isLocal == true { bridge.incoming = nil }
            // GTK slides a cancelled drag's icon back over the source before
            // it hides it, and a press there meanwhile lands on the icon: the
            // report waits until the icon is gone.
            Self.whenIconHidden(of: drag) { [weak bridge] in bridge?.dragEndObserver?(report) }
        }
        // A drop in this process already ended the session through the engine.
        guard bridge.isOutgoing(sessionID) else { return }
        if cancelled, cancelReason == .noTarget {
            bridge.endOverNoTarget(drag)
        } else if cancelled {
            try? bridge.engine.cancel(bridge.pointer)
        } else {
            try? bridge.engine.endOutside(bridge.pointer, with: operation)
        }
    }
}

extension SourceBinding {
    /// Calls `body` on the main loop's next turn once the drag's icon is
    /// hidden (at once when it is not showing).
    private static func whenIconHidden(of drag: Drag, _ body: @escaping @MainActor () -> Void) {
        guard let surface = gdk_drag_get_drag_surface(drag.reference.opaque), gdk_surface_get_mapped(surface) != 0 else {
            MainLoop.after(milliseconds: 0, body)
            return
        }
        let icon = ObjectReference(sinking: GPointer.raw(surface))
        let watch = IconWatch()
        let handler: Trampoline.ObjectHandler = { _ in
            guard gdk_surface_get_mapped(icon.opaque) == 0, let connection = watch.connection else { return }
            watch.connection = nil
            connection.disconnect()
            MainLoop.after(milliseconds: 0, body)
        }
        watch.connection = Signal.connect(icon, "notify::mapped", trampoline: Signal.callback(Trampoline.object), handler: handler)
    }
}

/// The connection that waits for a drag's icon to be hidden, until it is.
@MainActor
private final class IconWatch {
    var connection: SignalConnection?
}

/// How a drag from this process ended, as ``DesktopDragDrop/dragEndObserver`` reports it.
public struct DragEndReport: Sendable, Hashable {
    /// What the destination did: `.copy` or `.move`, or `.cancel` when the
    /// drag ended without a drop.
    public let operation: DropOperation
    /// Why GTK cancelled the drag, nil when it was dropped.
    public let cancelReason: DragCancelReason?
}

/// What a list or other source shows as the lifted widget: the widget, the
/// point the pointer holds it by, and its framing.
package struct LiftedIcon {
    package let widget: Widget
    package let hotSpot: (x: Int, y: Int)
    package var parameters = DragPreviewParameters()

    package init(widget: Widget, hotSpot: (x: Int, y: Int), parameters: DragPreviewParameters = DragPreviewParameters()) {
        self.widget = widget
        self.hotSpot = hotSpot
        self.parameters = parameters
    }
}

/// What a drag shows under the pointer, as ``DesktopDragDrop/previewObserver`` reports it.
public struct DragPreviewReport: Sendable, Hashable {
    /// How many items the drag carries.
    public let itemCount: Int
    /// The badge's text, nil when no badge shows (one item).
    public let badge: String?
}

extension DesktopDragDrop {
    /// The widget whose view node is `node`, among widgets with interactions.
    func widget(for node: ViewNode) -> Widget? {
        for binding in sources.values where binding.owns(node) { return binding.boundWidget }
        for binding in targets.values where binding.owns(node) { return binding.boundWidget }
        return nil
    }
}

extension SourceBinding {
    var boundWidget: Widget? { widget }
    func owns(_ node: ViewNode) -> Bool { self.node === node }
}
