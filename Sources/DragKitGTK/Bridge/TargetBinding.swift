import DragAndDrop
import Foundation
import ItemProviders

/// A widget's GTK drop target feeding the engine: enter/motion/leave become
/// moves in (or out of) the widget's view node, the proposal becomes GTK's
/// action (and so its cursor), and a drop becomes the engine's drop, with
/// GTK's drop finished once the destination's loads are done.
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
    /// Drops performed but not yet handed to the engine (their files are
    /// being read first).
    private var dropping: [Drop] = []

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

    /// Makes sure the engine has a drag for `drop`: the local one this
    /// process started, or an external drag built from the offered formats.
    private func adopt(_ drop: Drop) -> Bool {
        if drop.isLocal {
            return bridge.isOutgoing(bridge.outgoingSession)
        }
        if let incoming = bridge.incoming, incoming.represents(drop), bridge.engine.activePointers.contains(bridge.pointer) {
            return true
        }
        var manifest: TransferManifest?
        var refusal: TransferContext.Breakage?
        if drop.formats.contains(TransferManifest.mimeType) {
            // A DragKit source: its manifest (read once, while hovering)
            // says how many items there are. Until it is read the drag is
            // not accepted; it is re-evaluated as soon as it arrives.
            guard let read = bridge.manifestRead, read.drop.isSame(as: drop) else {
                readManifest(of: drop)
                return false
            }
            guard read.isDone else { return false }
            manifest = read.manifest
            refusal = read.refusal
        }
        bridge.clearStaleDrag()
        let incoming = IncomingDrop(drop: drop, manifest: manifest, refusal: refusal, stallTimeout: bridge.transferStallTimeout,
                                    deadline: bridge.transferDeadline) { [weak bridge] mime, received in
            bridge?.transferProgressObserver?(mime, received)
        }
        guard (try? bridge.engine.beginExternalDrag(bridge.pointer, items: incoming.providers, audience: .otherProcess)) != nil else {
            return false
        }
        bridge.incoming = incoming
        return true
    }

    /// Reads the manifest of a DragKit drag, then shows the proposal for
    /// where the drag hovers by then.
    private func readManifest(of drop: Drop) {
        let read = ManifestRead(drop: drop)
        bridge.manifestRead = read
        Task { @MainActor [weak self] in
            do {
                let data = try await DropReads().read(TransferManifest.mimeType, from: drop, stallTimeout: ManifestRead.stallTimeout,
                                                      limit: TransferManifest.Limits.maximumSize)
                // Decoded off the main loop: even within its limits a
                // manifest from a hostile source must not freeze the window.
                let decoded = try await Task.detached { try TransferManifest.decode(data) }.value
                // A manifest from another machine names a channel that is not
                // here: the drag is then treated like any other app's.
                read.manifest = decoded.flatMap { $0.isReachable ? $0 : nil }
            } catch let failure as DropReads.Failure {
                switch failure.kind {
                case .tooLarge(let limit): read.refusal = .malformed("its manifest is over the limit of \(limit) bytes")
                case .stalled: read.refusal = .stalled
                case .failed, .cancelled: break
                }
            } catch let violation as ChannelProtocol.Violation {
                read.refusal = .malformed(violation.reason)
            } catch {}
            read.isDone = true
            read.waiters.forEach { $0.resume() }
            read.waiters = []
            guard let self, let point = hoverPoint, bridge.manifestRead === read else { return }
            let action = motion(drop, at: point)
            drop.setStatus(action, preferred: action.contains(.move) ? .move : action.contains(.copy) ? .copy : [])
        }
    }

    private func enter(_ drop: Drop, at point: CGPoint) -> DragAction {
        hoverPoint = point
        guard adopt(drop) else { return provisionalAction(for: drop) }
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
        guard adopt(drop) else { return provisionalAction(for: drop) }
        hoverObserver?(point)
        syncNodeSize()
        let proposal = try? bridge.engine.move(bridge.pointer, to: point, in: node)
        let action = DesktopDragDrop.action(for: proposal, allowed: drop.allowedActions)
        bridge.proposalObserver?(proposal, start.duration(to: clock.now))
        bridge.scheduleSpringLoadTick()
        return action
    }

    /// What a DragKit drag is told while its manifest is still arriving
    /// (a large one takes a few tenths of a second): the drop is accepted
    /// provisionally, because an X11 source drops only on a target that
    /// accepted, and a release before the manifest is in would otherwise be
    /// lost without a word. Such a drop waits for the manifest, then the
    /// destination decides as for any drop (``perform(_:at:)``), refusing
    /// it cleanly if it takes nothing.
    private func provisionalAction(for drop: Drop) -> DragAction {
        guard let read = bridge.manifestRead, read.drop.isSame(as: drop), !read.isDone else { return [] }
        let allowed = drop.allowedActions
        return allowed.contains(.copy) ? .copy : allowed.contains(.move) ? .move : []
    }

    private func leave(_ drop: Drop) {
        hoverPoint = nil
        hoverObserver?(nil)
        // Wayland compositors send a leave right after the drop: the drag
        // has not left, it is being dropped here.
        guard !dropping.contains(where: { $0.isSame(as: drop) }) else { return }
        guard bridge.engine.activePointers.contains(bridge.pointer) else { return }
        _ = try? bridge.engine.move(bridge.pointer, to: .zero, in: nil)
        guard !drop.isLocal, let incoming = bridge.incoming, incoming.represents(drop) else { return }
        // Moving to another target of this process enters it right after
        // this leave; only a drag that left for good ends here.
        MainLoop.after(milliseconds: 0) { [weak bridge] in
            guard let bridge, let current = bridge.incoming, current === incoming,
                  bridge.engine.dropTarget(for: bridge.pointer) == nil else { return }
            try? bridge.engine.cancel(bridge.pointer)
            bridge.incoming = nil
        }
    }

    private func perform(_ drop: Drop, at point: CGPoint) -> Bool {
        hoverPoint = nil
        if let read = bridge.manifestRead, read.drop.isSame(as: drop), !read.isDone {
            // Dropped before the manifest arrived: finish once it has.
            Task { @MainActor in
                await read.wait()
                if !performNow(drop, at: point) { drop.finish([]) }
            }
            return true
        }
        return performNow(drop, at: point)
    }

    private func performNow(_ drop: Drop, at point: CGPoint) -> Bool {
        guard !isDetached, adopt(drop) else { return false }
        hoverObserver?(nil)
        syncNodeSize()
        _ = try? bridge.engine.move(bridge.pointer, to: point, in: node)
        let proposal = bridge.engine.proposal(for: bridge.pointer)
        let action = DesktopDragDrop.action(for: proposal, allowed: drop.allowedActions)
        guard !action.isEmpty, let session = bridge.engine.dropSession(for: bridge.pointer) else {
            if !drop.isLocal { try? bridge.engine.cancel(bridge.pointer); bridge.incoming = nil }
            return false
        }
        let incoming = drop.isLocal ? nil : bridge.incoming
        bridge.incoming = nil
        if let incoming, incoming.needsPreparation {
            // File names (and a link's title) are read first so destinations
            // see typed files and a suggested name.
            dropping.append(drop)
            Task { @MainActor [self] in
                await incoming.prepare()
                dropping.removeAll { $0.isSame(as: drop) }
                complete(drop, session: session, incoming: incoming)
            }
        } else {
            complete(drop, session: session, incoming: incoming)
        }
        return true
    }

    /// Drops in the engine, then finishes GTK's drop once the destination's
    /// work (its loads and the Tasks performDrop started, and the GTK reads
    /// behind them) is done, or has read nothing for the stall time.
    private func complete(_ drop: Drop, session: DropSession, incoming: IncomingDrop?) {
        defer { widget?.clearDropHighlight() }
        let operation = (try? bridge.engine.drop(bridge.pointer)) ?? .cancel
        guard operation.performsDrop else {
            drop.finish([])
            return
        }
        let action = DesktopDragDrop.action(for: DropProposal(operation: operation), allowed: drop.allowedActions)
        let work = DestinationWork(session: session, incoming: incoming, stallTimeout: bridge.transferStallTimeout)
        Task { @MainActor in
            await work.wait()
            // A destination that refused once its loads were in (a
            // dropDestination whose items did not decode) reports no action.
            let outcome: DragAction = session.isDropRefused ? [] : action
            guard let incoming else {
                drop.finish(outcome)
                return
            }
            await incoming.waitForReads()
            incoming.finish(outcome)
        }
    }
}

/// The manifest of the DragKit drag hovering now, read once per drag.
@MainActor
final class ManifestRead {
    let drop: Drop
    var manifest: TransferManifest?
    /// Why the manifest could not be used (it broke the limits, is not one,
    /// or never arrived).
    var refusal: TransferContext.Breakage?
    /// How long the manifest may take to start arriving, or pause.
    static let stallTimeout: Duration = .seconds(5)
    var isDone = false
    var waiters: [CheckedContinuation<Void, Never>] = []

    init(drop: Drop) {
        self.drop = drop
    }

    func wait() async {
        guard !isDone else { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}
