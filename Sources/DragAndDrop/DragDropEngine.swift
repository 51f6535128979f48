// DragAndDrop: UIKit-style drag and drop without a toolkit.
//
// Overview of the public API (details on each type):
//
// - ViewNode: a toolkit-free view (frame, bounds, children, isHidden,
//   isUserInteractionEnabled, interactions, name). hitTest(_:) and
//   convert(_:to:) / convert(_:from:) as in UIKit.
// - Interactions attached to nodes:
//   DragInteraction + DragInteractionDelegate (a drag source),
//   DropInteraction + DropInteractionDelegate (a drop target),
//   SpringLoadedInteraction (runs a handler after a drag hovers for a delay).
//   Delegate methods all have defaults; the protocols document call order.
// - DragItem (itemProvider, localObject, previewProvider), DragSession
//   (source side: items, localContext, location(in:), allowsMoveOperation,
//   isRestrictedToDraggingApplication), DropSession (destination side: items
//   with sealed providers, localDragSession — nil for drags from another
//   process —, location(in:), hasItemsConforming(to:),
//   canLoadObjects(ofClass:), loadObjects(ofClass:) async and with a
//   completion, progress, trackingLoad(_:), waitForLoads()).
// - DropOperation (.cancel .forbidden .copy .move), DropProposal(operation:
//   isPrecise: prefersFullSizePreview:) with .copy/.move/.cancel/.forbidden.
// - DragDropEngine (below): the state machine. Input events in, delegate
//   calls out, time from an injected clock:
//     beginDrag(_:at:)            lift at a point of `root` (hit-tested)
//     beginDrag(_:from:at:)       lift on a named view (toolkit hit-tested)
//     beginExternalDrag(_:items:) a drag that started in another process
//     addItems(to:at:) / addItems(to:from:at:)   a second touch adds items
//     move(_:to:)                 move to a point of `root` (hit-tested)
//     move(_:to:in:)              move to a point in a named view, or nil
//                                 for "over nothing" (toolkit hit-tested)
//     drop(_:), cancel(_:), endOutside(_:with:)
//     tick()                      re-checks spring-loading timers; a toolkit
//                                 calls it after timeUntilNextSpringLoad
//     liftPreview(for:of:)        the preview a toolkit should draw
//   Queries: dragSession(for:), dropSession(for:), proposal(for:),
//   dropTarget(for:), activePointers, waitForTransfers().
//   Every event names a PointerID; drags of different pointers are
//   independent. delegateCallObserver reports every delegate call
//   (DelegateCallRecord / DelegateCall; list delegate calls too with
//   reportsListDelegateCalls), which DragDropTesting turns into
//   transcripts. handle(_:) takes the same events as DragDropInput values.
// - Declarative/: SwiftUI's modifiers on ViewNode and ListView (onDrag,
//   itemProvider, draggable, onDrop with a closure or a DropDelegate,
//   dropDestination, onInsert, onMove), made of the interactions and list
//   delegates above; UserActivity on item providers, opened as a window when
//   a drag is let go over nothing (dropOverNothingHandler).
// - DragDropTesting (separate module): DragDropHarness scripts drags by
//   view name or point (lift, move, move(along:), hover(for:), addItems,
//   drop, cancel, drags from another process) with a ManualClock, and
//   records a Transcript of every delegate call.

import Foundation
import ItemProviders

/// The drag and drop state machine: it takes input events (lift, move,
/// drop, cancel, clock ticks) and calls the delegates of the interactions
/// involved, in UIKit's order. It holds no toolkit state and never reads
/// the wall clock itself, so the same events always give the same calls.
///
/// Events can come by point, hit-tested in the `root` view tree, or name the
/// view they happen in, for toolkits that hit-test themselves:
///
/// ```swift
/// let engine = DragDropEngine(root: window)
/// guard let session = try engine.beginDrag(.primary, at: CGPoint(x: 50, y: 50)) else { return }
/// let proposal = try engine.move(.primary, to: CGPoint(x: 300, y: 200))   // what a drop would do
/// let operation = try engine.drop(.primary)                                 // .copy, .move or .cancel
/// ```
///
/// A drag that starts in another process arrives with
/// ``beginExternalDrag(_:items:audience:at:in:)``: its destination sees the
/// providers as another process may, and no local drag session.
///
/// Sessions, items and the engine's records of a drag are released when it
/// ends (after the destination's loads, when there are any).
@MainActor
public final class DragDropEngine {
    /// The view tree that events given by point are hit-tested in; points
    /// are in its coordinate space.
    public var root: ViewNode?

    /// Told about every delegate call the engine makes, after it returns.
    /// DragDropTesting records transcripts with it; a toolkit can log with it.
    public var delegateCallObserver: (@MainActor (DelegateCallRecord) -> Void)?

    /// Whether ``delegateCallObserver`` is also told about the calls a
    /// ``ListView`` makes on its ``ListDragDelegate`` and ``ListDropDelegate``
    /// (``DelegateCall/list(_:_:)``), so one transcript shows a list drag in
    /// UIKit's full order. Off by default: the observer then sees the
    /// interaction delegates' calls only.
    ///
    /// A list's call is made from inside its interaction's call, so it is
    /// reported first (reports are made as calls return):
    ///
    /// ```swift
    /// harness.engine.reportsListDelegateCalls = true
    /// // ... .list("lane", .canHandle(true)), .destination("lane", .canHandle(true)), ...
    /// ```
    public var reportsListDelegateCalls = false

    /// Whether ``delegateCallObserver`` is also told about the calls the
    /// SwiftUI-style modifiers make on the app's closures and
    /// ``DropDelegate``s (``DelegateCall/modifier(_:_:)``), each just before
    /// the interaction or list call it was made from. Off by default.
    ///
    /// ```swift
    /// harness.engine.reportsModifierCalls = true
    /// // ... .modifier("zone", .validateDrop(true)), .destination("zone", .canHandle(true)), ...
    /// ```
    public var reportsModifierCalls = false

    /// Asked when a drag that started in this process is let go over
    /// nothing of this process: no view at all under it (outside every
    /// window), as opposed to a view that takes no drops. Returning true
    /// ends the drag as a copy: the handler took the items, for example by
    /// opening a window for a user activity they carry
    /// (``handleUserActivities(_:open:)`` installs such a handler). False,
    /// or no handler, ends the drag as cancelled, as before.
    ///
    /// The items' data is unsealed for the handler, like a destination's in
    /// `performDrop`.
    public var dropOverNothingHandler: (@MainActor (DragSession) -> Bool)?

    /// The running drags, in the order they started.
    var drags: [ActiveDrag] = []
    private var nextSessionNumber = 1
    private let elapsed: @Sendable () -> Duration
    /// Work waiting for drops' loads to finish, by drag.
    var transfers: [DragSessionID: Task<Void, Never>] = [:]

    /// Creates an engine hit-testing in `root`, taking time from `clock`
    /// (a manual clock in tests).
    public init<C: Clock>(root: ViewNode? = nil, clock: C) where C.Duration == Duration {
        self.root = root
        let start = clock.now
        self.elapsed = { start.duration(to: clock.now) }
    }

    /// Creates an engine hit-testing in `root`, on the continuous clock.
    public convenience init(root: ViewNode? = nil) {
        self.init(root: root, clock: ContinuousClock())
    }

    /// Time since the engine was created, on its clock.
    public var now: Duration { elapsed() }

    // MARK: - Queries

    /// The pointers that are dragging, in the order their drags started.
    public var activePointers: [PointerID] { drags.map(\.pointer) }

    /// The source side of `pointer`'s drag, if it is dragging and the drag
    /// started in this process.
    public func dragSession(for pointer: PointerID) -> DragSession? {
        drag(for: pointer)?.dragSession
    }

    /// The destination side of `pointer`'s drag, if it is dragging.
    public func dropSession(for pointer: PointerID) -> DropSession? {
        drag(for: pointer)?.dropSession
    }

    /// What a drop by `pointer` now would do: the target's last proposal,
    /// with a disallowed move counted as `.cancel`; nil when the drag is over
    /// no target (or the pointer is not dragging).
    public func proposal(for pointer: PointerID) -> DropProposal? {
        drag(for: pointer)?.effectiveProposal
    }

    /// The drop interaction `pointer`'s drag is over, if any accepted it.
    public func dropTarget(for pointer: PointerID) -> DropInteraction? {
        drag(for: pointer)?.target
    }

    /// Waits until the destination's work on every drop made so far has
    /// ended (``DropSession/waitForLoads()``) and the sources have been told
    /// (`sessionDidTransferItems`). Not for that work itself: a Task that
    /// `performDrop` started and that waited here would wait for itself.
    public func waitForTransfers() async {
        while let (id, task) = transfers.min(by: { $0.key < $1.key }) {
            await task.value
            transfers[id] = nil
        }
    }

    // MARK: - Internals shared by the event handlers

    func drag(for pointer: PointerID) -> ActiveDrag? {
        drags.first { $0.pointer == pointer }
    }

    func requireDrag(_ pointer: PointerID, doing action: String) throws(DragDropError) -> ActiveDrag {
        guard let drag = drag(for: pointer) else { throw .noActiveDrag(pointer, doing: action) }
        return drag
    }

    func makeState(pointer: PointerID, screenLocation: CGPoint) -> SessionState {
        defer { nextSessionNumber += 1 }
        let state = SessionState(id: DragSessionID(rawValue: nextSessionNumber), pointer: pointer,
                                 screenLocation: screenLocation)
        state.engine = self
        return state
    }

    /// Reports a delegate call; the call is only built when someone listens.
    func report(_ call: @autoclosure () -> DelegateCall, _ state: SessionState, in view: ViewNode?) {
        guard let observer = delegateCallObserver else { return }
        observer(DelegateCallRecord(call: call(), session: state.id, pointer: state.pointer,
                                    location: view.map { state.location(in: $0) }, time: now))
    }

    static func name(of view: ViewNode?) -> String {
        guard let view else { return "detached" }
        return view.name ?? "unnamed"
    }
}
