import DragAndDrop
import Foundation
import ItemProviders

/// A widget's GTK drop target feeding the engine: enter/motion/leave become
/// moves in (or out of) the widget's view node, and the proposal becomes
/// GTK's action (and so its cursor). What the drag carries, and its drop
/// from the engine's drop to GTK's finish, belong to the drag
/// (``IncomingDrag``), which this hands each signal.
@MainActor
package final class TargetBinding {
    private unowned let bridge: DesktopDragDrop
    private weak var widget: Widget?
    /// The GtkWidget, known without touching the wrapper (see ``detach()``).
    let widgetRaw: UnsafeMutableRawPointer
    let node: ViewNode
    private let target: DropTarget
    /// Told where a drag hovers over the widget (nil: it left or dropped),
    /// for feedback the engine does not decide, such as auto-scrolling.
    package var hoverObserver: (@MainActor (CGPoint?) -> Void)?
    /// Where the drag hovering over this widget was last, if one is.
    private var hoverPoint: CGPoint?

    init(bridge: DesktopDragDrop, widget: Widget, node: ViewNode) {
        self.bridge = bridge
        self.widget = widget
        widgetRaw = widget.reference.raw
        self.node = node
        target = DropTarget(on: widget, formats: nil, actions: [.copy, .move])
        target.onEnter { [unowned self] drop, x, y in enter(drop, at: CGPoint(x: x, y: y)) }
        target.onMotion { [unowned self] drop, x, y in motion(drop, at: CGPoint(x: x, y: y)) }
        target.onLeave { [unowned self] drop in leave(drop) }
        target.onDrop { [unowned self] drop, x, y in perform(drop, at: CGPoint(x: x, y: y)) }
    }

    var boundWidget: Widget? { widget }
    func owns(_ node: ViewNode) -> Bool { self.node === node }

    /// Whether the widget was destroyed (the binding is no longer the bridge's).
    private var isDetached = false
    /// Whether the widget is still there to take drops.
    var isAttached: Bool { !isDetached }

    /// Lets go of GTK's drop target once the widget is destroyed: a drag
    /// hovering over it has left it; a drop already handed to the
    /// destination finishes as usual.
    func detach() {
        isDetached = true
        hoverObserver = nil
        target.detach()
        if bridge.engine.activePointers.contains(bridge.pointer), bridge.engine.dropTarget(for: bridge.pointer)?.view === node {
            _ = try? bridge.engine.move(bridge.pointer, to: .zero, in: nil)
        }
    }

    private func syncNodeSize() {
        guard let widget else { return }
        node.frame = CGRect(origin: node.frame.origin, size: widget.size)
    }

    private func enter(_ drop: Drop, at point: CGPoint) -> DragAction {
        hoverPoint = point
        let drag = bridge.incomingDrag(for: drop)
        guard drag.enterEngine(from: self) else { return drag.provisionalAction }
        // Across processes and windows GTK reports (0, 0) here; the real
        // position comes with the first motion.
        guard point != .zero else {
            return DesktopDragDrop.action(for: bridge.engine.proposal(for: bridge.pointer), allowed: drop.allowedActions)
        }
        return motion(drop, at: point)
    }

    private func motion(_ drop: Drop, at point: CGPoint) -> DragAction {
        let clock = ContinuousClock()
        let start = clock.now
        hoverPoint = point
        let drag = bridge.incomingDrag(for: drop)
        guard drag.enterEngine(from: self) else { return drag.provisionalAction }
        hoverObserver?(point)
        syncNodeSize()
        let proposal = try? bridge.engine.move(bridge.pointer, to: point, in: node)
        let action = DesktopDragDrop.action(for: proposal, allowed: drop.allowedActions)
        bridge.proposalObserver?(proposal, start.duration(to: clock.now))
        bridge.scheduleSpringLoadTick()
        return action
    }

    /// The manifest of the drag hovering here arrived (the drag was not
    /// accepted until then): shows the proposal for where it hovers now.
    func manifestArrived(for drop: Drop) {
        guard let point = hoverPoint else { return }
        let action = motion(drop, at: point)
        drop.setStatus(action, preferred: action.contains(.move) ? .move : action.contains(.copy) ? .copy : [])
    }

    private func leave(_ drop: Drop) {
        hoverPoint = nil
        hoverObserver?(nil)
        let drag = bridge.incomingDrag(matching: drop)
        // Wayland compositors send a leave right after the drop: the drag
        // has not left, it is being dropped here.
        guard drag?.isPreparingDrop != true else { return }
        if bridge.engine.activePointers.contains(bridge.pointer) {
            _ = try? bridge.engine.move(bridge.pointer, to: .zero, in: nil)
        }
        drag?.leftTarget()
    }

    private func perform(_ drop: Drop, at point: CGPoint) -> Bool {
        hoverPoint = nil
        return bridge.incomingDrag(for: drop).perform(on: self, at: point)
    }

    /// Moves the engine's drag to where it is dropped.
    func moveDrag(to point: CGPoint) {
        hoverObserver?(nil)
        syncNodeSize()
        _ = try? bridge.engine.move(bridge.pointer, to: point, in: node)
    }

    /// The engine has the drop: the widget no longer shows a drag over it.
    func dropHandedOver() {
        widget?.clearDropHighlight()
    }
}
