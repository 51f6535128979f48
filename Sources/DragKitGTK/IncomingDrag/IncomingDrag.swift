import DragAndDrop
import Foundation
import ItemProviders

/// One drag over this process's drop targets, from the moment it enters
/// the first of them until GTK's drop is finished: everything known about
/// it lives here, and the drop targets it crosses (``TargetBinding``) only
/// report where it is.
///
/// - A drag of this process is the engine's local session already; this
///   finishes GTK's drop once the destination is done.
/// - A drag from another DragKit process offers a ``TransferManifest``,
///   read once while the drag hovers; until it is in, the drag is accepted
///   only provisionally (``provisionalAction``). Then every dragged item is
///   an item provider whose representations are fetched over the source's
///   channel when loaded (`IncomingDrag+Providers.swift`).
/// - Any other app's drag is one item whose representations read the
///   selection when loaded, as ``ForeignFormatTable`` understands its
///   formats.
///
/// Its course: ``enterEngine(from:)`` hands the drag to the engine as it
/// enters a target; ``leftTarget()`` takes it out once it left every target;
/// ``perform(on:at:)`` drops it: file names (and a link's title) are read
/// first (`IncomingDrag+Files.swift`), then the engine drops, and GTK's drop
/// is finished once the destination's work (``DestinationWork``) and the
/// reads behind it (``DropReadTracker``) are done. Later loads fail with
/// ``GtkBackendError/Code/dropFinished``; a load ends with all the bytes or
/// an `ItemProviderError` saying what went wrong, never with part of the data.
@MainActor
final class IncomingDrag {
    let drop: Drop
    private unowned let bridge: DesktopDragDrop
    let stallTimeout: Duration
    let deadline: Duration
    /// Told the bytes received so far of each read.
    let transferObserver: @MainActor (String, UInt64) -> Void
    /// The reads from the drop, counted until it is finished.
    let reads = DropReadTracker()

    /// How long a manifest may take to start arriving, or pause.
    static let manifestStallTimeout: Duration = .seconds(5)

    private enum ManifestState {
        /// The drag offers none (it is this process's, or another app's).
        case notOffered
        case unread
        case reading(waiters: [CheckedContinuation<Void, Never>])
        case read
    }

    private var manifestState: ManifestState
    /// The manifest of a DragKit source, once read (nil when it could not be used).
    private(set) var manifest: TransferManifest?
    /// Why the manifest could not be used (it broke the limits, is not one,
    /// or never arrived): the drag is then read like any other app's.
    private(set) var refusal: TransferContext.Breakage?
    /// The target the drag last hovered while its manifest was arriving,
    /// asked again once it is in.
    private weak var waitingTarget: TargetBinding?

    /// One provider per dragged item, while the engine has the drag (nil
    /// before, and once it left every target for good).
    private(set) var providers: [ItemProvider]?
    /// What other apps' formats stand for (empty for a DragKit source).
    var representations: [ForeignFormatTable.Representation] = []
    /// Whether file names and a link's title were read for the providers.
    var isPrepared = false
    /// Whether the drop is being prepared before the engine gets it.
    private(set) var isPreparingDrop = false
    private var isDropped = false

    init(drop: Drop, bridge: DesktopDragDrop) {
        self.drop = drop
        self.bridge = bridge
        stallTimeout = bridge.transferStallTimeout
        deadline = bridge.transferDeadline
        transferObserver = { [weak bridge] mime, received in bridge?.transferProgressObserver?(mime, received) }
        manifestState = !drop.isLocal && drop.formats.contains(TransferManifest.mimeType) ? .unread : .notOffered
    }

    // MARK: - Hovering

    /// Makes sure the engine has this drag: the local one this process
    /// started, or an external drag of the providers the offered formats
    /// (or the manifest) make. False while the manifest is still arriving
    /// (`target` is asked again once it is in) or when the engine cannot
    /// take the drag.
    func enterEngine(from target: TargetBinding) -> Bool {
        let engine = bridge.engine
        if drop.isLocal {
            return bridge.isOutgoing(bridge.outgoingSession)
        }
        if providers != nil, engine.activePointers.contains(bridge.pointer) {
            return true
        }
        switch manifestState {
        case .unread:
            waitingTarget = target
            readManifest()
            return false
        case .reading:
            waitingTarget = target
            return false
        case .notOffered, .read:
            break
        }
        bridge.clearStaleDrag()
        let made = makeProviders()
        guard (try? engine.beginExternalDrag(bridge.pointer, items: made, audience: .otherProcess)) != nil else {
            return false
        }
        providers = made
        isPrepared = false
        return true
    }

    /// What a DragKit drag is told while its manifest is still arriving
    /// (a large one takes a few tenths of a second): the drop is accepted
    /// provisionally, because an X11 source drops only on a target that
    /// accepted, and a release before the manifest is in would otherwise be
    /// lost without a word. Such a drop waits for the manifest, then the
    /// destination decides as for any drop (``perform(on:at:)``), refusing
    /// it cleanly if it takes nothing.
    var provisionalAction: DragAction {
        guard case .reading = manifestState else { return [] }
        let allowed = drop.allowedActions
        return allowed.contains(.copy) ? .copy : allowed.contains(.move) ? .move : []
    }

    /// The drag left a target (the engine's drag has moved out of it).
    /// Moving to another target of this process enters it right after this
    /// leave; only a drag that left for good ends here: one from another
    /// process leaves the engine (its manifest is kept should it come
    /// back), and one of this process is let go of, so nothing here keeps
    /// its GTK drag (and the source's content) alive.
    func leftTarget() {
        MainLoop.after(milliseconds: 0) { [weak self] in
            guard let self, !isDropped, bridge.incoming === self,
                  bridge.engine.dropTarget(for: bridge.pointer) == nil else { return }
            if drop.isLocal {
                bridge.incoming = nil
            } else if providers != nil {
                try? bridge.engine.cancel(bridge.pointer)
                leftEngine()
            }
        }
    }

    /// The engine no longer has the drag (it left, or a new drag replaced it).
    func leftEngine() {
        providers = nil
    }

    // MARK: - The manifest

    /// Reads the manifest of a DragKit drag, then asks the target hovered
    /// by then again.
    private func readManifest() {
        manifestState = .reading(waiters: [])
        Task { @MainActor [self] in
            do {
                let data = try await SelectionRead.read(TransferManifest.mimeType, from: drop, stallTimeout: Self.manifestStallTimeout,
                                                        limit: TransferManifest.Limits.maximumSize)
                // Decoded off the main loop: even within its limits a
                // manifest from a hostile source must not freeze the window.
                let decoded = try await Task.detached { try TransferManifest.decode(data) }.value
                // A manifest from another machine names a channel that is not
                // here: the drag is then treated like any other app's.
                manifest = decoded.flatMap { $0.isReachable ? $0 : nil }
            } catch let failure as SelectionRead.Failure {
                switch failure.kind {
                case .tooLarge(let limit): refusal = .malformed("its manifest is over the limit of \(limit) bytes")
                case .stalled: refusal = .stalled
                case .failed, .cancelled: break
                }
            } catch let violation as ChannelProtocol.Violation {
                refusal = .malformed(violation.reason)
            } catch {}
            if case .reading(let waiters) = manifestState {
                manifestState = .read
                waiters.forEach { $0.resume() }
            }
            guard bridge.incoming === self, let target = waitingTarget else { return }
            waitingTarget = nil
            target.manifestArrived(for: drop)
        }
    }

    private func waitForManifest() async {
        guard case .reading(let waiters) = manifestState else { return }
        await withCheckedContinuation { manifestState = .reading(waiters: waiters + [$0]) }
    }

    // MARK: - The drop

    /// Drops the drag on `target` at `point`; false when it takes nothing
    /// (GTK's drop is then refused). Dropped before its manifest arrived,
    /// the drag is dropped once it has.
    func perform(on target: TargetBinding, at point: CGPoint) -> Bool {
        if case .reading = manifestState {
            Task { @MainActor in
                await waitForManifest()
                if !performNow(on: target, at: point) { drop.finish([]) }
            }
            return true
        }
        return performNow(on: target, at: point)
    }

    private func performNow(on target: TargetBinding, at point: CGPoint) -> Bool {
        guard target.isAttached, enterEngine(from: target) else { return false }
        let engine = bridge.engine
        target.moveDrag(to: point)
        let action = DesktopDragDrop.action(for: engine.proposal(for: bridge.pointer), allowed: drop.allowedActions)
        guard !action.isEmpty, let session = engine.dropSession(for: bridge.pointer) else {
            if !drop.isLocal { try? engine.cancel(bridge.pointer) }
            release()
            return false
        }
        isDropped = true
        if !drop.isLocal, needsPreparation {
            // File names (and a link's title) are read first so destinations
            // see typed files and a suggested name.
            isPreparingDrop = true
            Task { @MainActor [self] in
                await prepare()
                isPreparingDrop = false
                complete(session, on: target)
            }
        } else {
            complete(session, on: target)
        }
        return true
    }

    /// Drops in the engine, then finishes GTK's drop once the destination's
    /// work (its loads and the Tasks performDrop started, and the GTK reads
    /// behind them) is done, or has read nothing for the stall time.
    private func complete(_ session: DropSession, on target: TargetBinding) {
        defer { target.dropHandedOver() }
        let operation = (try? bridge.engine.drop(bridge.pointer)) ?? .cancel
        guard operation.performsDrop else {
            finish([])
            return
        }
        let action = DesktopDragDrop.action(for: DropProposal(operation: operation), allowed: drop.allowedActions)
        let work = DestinationWork(session: session, reads: drop.isLocal ? nil : reads, stallTimeout: bridge.transferStallTimeout)
        Task { @MainActor [self] in
            await work.wait()
            // A destination that refused once its loads were in (a
            // dropDestination whose items did not decode) reports no action.
            let outcome: DragAction = session.isDropRefused ? [] : action
            await reads.waitUntilIdle()
            finish(outcome)
        }
    }

    /// Finishes GTK's drop; later loads fail with `.dropFinished` instead
    /// of reading from a drag that is over.
    private func finish(_ action: DragAction) {
        reads.finish()
        drop.finish(action)
        release()
    }

    /// The drag is over here: the bridge lets go of it, and it lets go of
    /// its providers (their loads hold it).
    private func release() {
        providers = nil
        if bridge.incoming === self { bridge.incoming = nil }
    }
}
