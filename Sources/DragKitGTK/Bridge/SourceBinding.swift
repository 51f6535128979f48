import DragAndDrop
import Foundation
import ItemProviders

/// A widget's GTK drag source feeding the engine: a press-drag lifts the
/// widget's view node, the session's items become GTK content, and GTK's
/// end of the drag ends the session.
@MainActor
final class SourceBinding {
    private unowned let bridge: DesktopDragDrop
    private unowned let widget: Widget
    let node: ViewNode
    private let source: DragSource
    /// Chooses the widget shown under the pointer for a drag starting at a
    /// point (a list shows the lifted row, not the whole list), with the
    /// hot spot inside it.
    var iconProvider: (@MainActor (CGPoint) -> (widget: Widget, hotSpot: (x: Int, y: Int))?)?
    private var sessionID: DragSessionID?
    private var cancelled = false
    private var cancelReason: DragCancelReason?
    /// What the current drag offers other processes.
    private var production: OutgoingProduction?

    init(bridge: DesktopDragDrop, widget: Widget, node: ViewNode) {
        self.bridge = bridge
        self.widget = widget
        self.node = node
        source = DragSource(on: widget, actions: [.copy, .move])
        source.onPrepare { [unowned self] x, y in prepare(at: CGPoint(x: x, y: y)) }
        source.onBegin { [unowned self] drag in begin(drag) }
        source.onCancel { [unowned self] _, reason in
            cancelled = true
            cancelReason = reason
        }
        source.onEnd { [unowned self] drag, _ in end(drag) }
    }

    private func prepare(at point: CGPoint) -> LazyContentProvider? {
        bridge.clearStaleDrag()
        node.frame = CGRect(origin: node.frame.origin, size: widget.size)
        guard let session = try? bridge.engine.beginDrag(bridge.pointer, from: node, at: point) else {
            return nil
        }
        DraggedFiles.clear()
        sessionID = session.id
        bridge.outgoingSession = session.id
        cancelled = false
        cancelReason = nil
        source.actions = session.allowsMoveOperation ? [.copy, .move] : .copy
        setIcon(for: session, at: point)
        production?.finish()
        let (content, production) = OutgoingContent.make(
            for: session.items.map(\.itemProvider),
            combined: bridge.combinedItem?(session.items),
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

    /// The lifted widget (or the delegate's preview) under the pointer.
    private func setIcon(for session: DragSession, at point: CGPoint) {
        let hotSpot = (x: Int(point.x), y: Int(point.y))
        if let (iconWidget, iconHotSpot) = iconProvider?(point) {
            source.setIcon(snapshotOf: iconWidget, hotSpot: iconHotSpot)
            return
        }
        guard let item = session.items.first,
              let preview = bridge.engine.liftPreview(for: item, of: bridge.pointer)
        else {
            source.setIcon(snapshotOf: widget, hotSpot: hotSpot)
            return
        }
        if let node = preview.view, let previewWidget = bridge.widget(for: node) {
            source.setIcon(snapshotOf: previewWidget, hotSpot: (0, 0))
        } else if let title = preview.title {
            pendingTitlePreview = title
        } else {
            source.setIcon(snapshotOf: widget, hotSpot: hotSpot)
        }
    }

    private var pendingTitlePreview: String?

    private func begin(_ drag: Drag) {
        if let title = pendingTitlePreview {
            let label = Label(title)
            label.addStyleClass("dragkit-drag-preview")
            drag.setPreview(label)
            pendingTitlePreview = nil
        }
    }

    private func end(_ drag: Drag) {
        production?.finish()
        production = nil
        defer {
            if bridge.outgoingSession == sessionID { bridge.outgoingSession = nil }
            sessionID = nil
        }
        // A drop in this process already ended the session through the engine.
        guard bridge.isOutgoing(sessionID) else { return }
        if cancelled, cancelReason == .noTarget {
            bridge.endOverNoTarget(drag)
        } else if cancelled {
            try? bridge.engine.cancel(bridge.pointer)
        } else {
            try? bridge.engine.endOutside(bridge.pointer, with: DesktopDragDrop.operation(for: drag.selectedAction))
        }
    }
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
    var boundWidget: Widget { widget }
    func owns(_ node: ViewNode) -> Bool { self.node === node }
}
