import DragAndDrop
import Foundation
import ItemProviders

/// Scripted, headless drag and drop over a view tree: lift by view name or
/// point, move, hover, add items, drop, or pretend a drag comes from another
/// process, and read back a transcript of every delegate call.
///
/// ```swift
/// let harness = DragDropHarness(root: window)
/// let drag = try harness.lift(from: "photo")
/// try drag.move(to: "dropZone")
/// let operation = try await drag.drop()        // waits for the drop's loads
/// #expect(operation == .copy)
/// #expect(harness.transcript.calls(on: "dropZone") == [
///     .destination("dropZone", .canHandle(true)),
///     .destination("dropZone", .didEnter),
///     .destination("dropZone", .didUpdate(.copy)),
///     .destination("dropZone", .performDrop),
///     .destination("dropZone", .concludeDrop),
///     .destination("dropZone", .didEnd),
/// ])
/// ```
///
/// Time comes from a ``ManualClock`` that only ``ScriptedDrag/hover(for:)``
/// and ``advance(by:)`` move, so spring loading is exact.
///
/// For lists, turn on `DragDropEngine/reportsListDelegateCalls` to get
/// the list delegates' calls (with destination index paths and list
/// proposals) in the same transcript, in UIKit's order:
///
/// ```swift
/// harness.engine.reportsListDelegateCalls = true
/// ```
@MainActor
public final class DragDropHarness {
    /// How scripted moves reach the engine.
    public enum Routing: Sendable {
        /// By point in the root's coordinates, hit-tested by the engine
        /// (like a headless toolkit).
        case hitTesting
        /// Naming the view the point is in, as a toolkit that hit-tests
        /// itself does (GTK). The named view is used even if another view
        /// covers it.
        case namedViews
    }

    /// The view tree the drags happen in.
    public let root: ViewNode
    /// The clock the engine reads.
    public let clock: ManualClock
    /// The engine under test.
    public let engine: DragDropEngine
    /// How moves to named views are sent to the engine.
    public let routing: Routing
    /// Every delegate call so far.
    public private(set) var transcript = Transcript()

    private var nextPointer = 0

    /// Creates a harness driving a new engine over `root`.
    public init(root: ViewNode, routing: Routing = .hitTesting) {
        self.root = root
        self.routing = routing
        let clock = ManualClock()
        self.clock = clock
        self.engine = DragDropEngine(root: root, clock: clock)
        engine.delegateCallObserver = { [weak self] record in
            self?.transcript.entries.append(record)
        }
    }

    /// Forgets the calls recorded so far.
    public func clearTranscript() {
        transcript = Transcript()
    }

    /// The first view named `name` in the tree.
    public func view(named name: String) throws(HarnessError) -> ViewNode {
        guard let view = root.descendant(named: name) else {
            throw HarnessError(code: .viewNotFound,
                               description: "No view named \"\(name)\" in the harness's tree. Names there: "
                                + "\(Self.names(in: root).map { "\"\($0)\"" }.joined(separator: ", ")).")
        }
        return view
    }

    // MARK: - Starting drags

    /// Lifts from the view named `name`, at `point` in its coordinates (its
    /// center by default).
    ///
    /// - Throws: `.viewNotFound`, or `.nothingToDrag` when no drag begins
    ///   (no drag interaction there, or its delegate gave no items).
    public func lift(from name: String, at point: CGPoint? = nil, pointer: PointerID? = nil)
        throws(HarnessError) -> ScriptedDrag
    {
        let view = try view(named: name)
        let local = point ?? view.boundsCenter
        let pointer = pointer ?? allocatePointer()
        let session: DragSession?
        switch routing {
        case .hitTesting:
            session = try engineStep { () throws(DragDropError) in
                try engine.beginDrag(pointer, at: view.convert(local, to: root))
            }
        case .namedViews:
            session = try engineStep { () throws(DragDropError) in try engine.beginDrag(pointer, from: view, at: local) }
        }
        guard let session else {
            throw HarnessError(code: .nothingToDrag,
                               description: "Lifting at \"\(name)\" started no drag: there is no enabled drag "
                                + "interaction with a delegate at or above it, or the delegate returned no items "
                                + "from itemsForBeginning.")
        }
        return ScriptedDrag(harness: self, pointer: pointer, dragSession: session,
                            dropSession: engine.dropSession(for: pointer), location: view.convert(local, to: root))
    }

    /// Lifts at `point` in the root's coordinates.
    ///
    /// - Throws: `.nothingToDrag` when no drag begins there.
    public func lift(at point: CGPoint, pointer: PointerID? = nil) throws(HarnessError) -> ScriptedDrag {
        let pointer = pointer ?? allocatePointer()
        let session = try engineStep { () throws(DragDropError) in try engine.beginDrag(pointer, at: point) }
        guard let session else {
            throw HarnessError(code: .nothingToDrag,
                               description: "Lifting at (\(point.x), \(point.y)) started no drag: nothing there "
                                + "has an enabled drag interaction whose delegate gives items.")
        }
        return ScriptedDrag(harness: self, pointer: pointer, dragSession: session,
                            dropSession: engine.dropSession(for: pointer), location: point)
    }

    /// Pretends another process drags `providers` into the tree: the drop
    /// session has no local drag session, no local objects, allows no moves,
    /// and shows only the representations visible to `audience`.
    ///
    /// The drag starts outside every view; move it to a view next.
    public func dragFromOtherProcess(_ providers: [ItemProvider], audience: ProviderAudience = .otherProcess,
                                     pointer: PointerID? = nil) throws(HarnessError) -> ScriptedDrag {
        let pointer = pointer ?? allocatePointer()
        let outside = CGPoint(x: root.bounds.minX - 1, y: root.bounds.minY - 1)
        let session = try engineStep { () throws(DragDropError) in
            try engine.beginExternalDrag(pointer, items: providers, audience: audience,
                                         at: outside, in: root)
        }
        return ScriptedDrag(harness: self, pointer: pointer, dragSession: nil, dropSession: session,
                            location: outside)
    }

    /// Pretends another process drags `objects`, one item each.
    public func dragFromOtherProcess(objects: [any ItemProviderWriting], audience: ProviderAudience = .otherProcess,
                                     pointer: PointerID? = nil) throws(HarnessError) -> ScriptedDrag {
        try dragFromOtherProcess(objects.map { ItemProvider(object: $0) }, audience: audience, pointer: pointer)
    }

    // MARK: - Time

    /// Moves the clock forward and lets the engine act on it (spring loading).
    public func advance(by duration: Duration) {
        clock.advance(by: duration)
        engine.tick()
    }

    /// Waits for the loads of every drop so far and the sources'
    /// `sessionDidTransferItems`.
    public func waitForLoads() async {
        await engine.waitForTransfers()
    }

    // MARK: - Helpers

    func engineStep<R>(_ body: () throws(DragDropError) -> R) throws(HarnessError) -> R {
        do {
            return try body()
        } catch {
            throw HarnessError(code: .engine, description: error.description, engineError: error)
        }
    }

    private func allocatePointer() -> PointerID {
        while engine.activePointers.contains(PointerID(rawValue: nextPointer)) { nextPointer += 1 }
        defer { nextPointer += 1 }
        return PointerID(rawValue: nextPointer)
    }

    private static func names(in view: ViewNode) -> [String] {
        (view.name.map { [$0] } ?? []) + view.children.flatMap { names(in: $0) }
    }
}
