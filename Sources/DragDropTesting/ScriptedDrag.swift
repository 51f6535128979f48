import DragAndDrop
import Foundation

/// One drag scripted through a ``DragDropHarness``. Each step sends one
/// event to the engine; the transcript records what the delegates did.
///
/// ```swift
/// let drag = try harness.lift(from: "photo")
/// try drag.move(along: [CGPoint(x: 10, y: 10), CGPoint(x: 200, y: 120)])
/// try drag.hover(for: .seconds(1))
/// let operation = try await drag.drop()
/// ```
@MainActor
public final class ScriptedDrag {
    private let harness: DragDropHarness
    /// The pointer driving the drag.
    public let pointer: PointerID
    /// The source side; nil for drags from another process. Held weakly:
    /// the engine lets go of it when the drag ends.
    public private(set) weak var dragSession: DragSession?
    /// The destination side. Held weakly, like `dragSession`.
    public private(set) weak var dropSession: DropSession?
    /// The drag's location in the root's coordinates.
    public private(set) var location: CGPoint
    /// What a drop now would do (nil over no target), after the last step.
    public private(set) var proposal: DropProposal?
    /// Whether the drag has ended (dropped, cancelled or ended outside).
    public private(set) var hasEnded = false

    init(harness: DragDropHarness, pointer: PointerID, dragSession: DragSession?, dropSession: DropSession?,
         location: CGPoint) {
        self.harness = harness
        self.pointer = pointer
        self.dragSession = dragSession
        self.dropSession = dropSession
        self.location = location
    }

    // MARK: - Moving

    /// Moves to the view named `name`, at `point` in its coordinates (its
    /// center by default).
    ///
    /// - Returns: What a drop there would do.
    @discardableResult
    public func move(to name: String, at point: CGPoint? = nil) throws(HarnessError) -> DropProposal? {
        let view = try harness.view(named: name)
        let local = point ?? view.boundsCenter
        try checkRunning()
        switch harness.routing {
        case .hitTesting:
            return try send(to: view.convert(local, to: harness.root))
        case .namedViews:
            let proposal = try harness.engineStep { () throws(DragDropError) in
                try harness.engine.move(pointer, to: local, in: view)
            }
            location = view.convert(local, to: harness.root)
            self.proposal = proposal
            return proposal
        }
    }

    /// Moves to `point` in the root's coordinates (hit-tested).
    @discardableResult
    public func move(to point: CGPoint) throws(HarnessError) -> DropProposal? {
        try checkRunning()
        return try send(to: point)
    }

    /// Moves through each point of `path` (root coordinates) in turn.
    ///
    /// - Returns: The proposal at the last point.
    @discardableResult
    public func move(along path: [CGPoint]) throws(HarnessError) -> DropProposal? {
        try checkRunning()
        for point in path { try send(to: point) }
        return proposal
    }

    /// Glides from the current location to `point` (root coordinates) in
    /// `steps` equal moves.
    @discardableResult
    public func move(to point: CGPoint, steps: Int) throws(HarnessError) -> DropProposal? {
        let start = location
        let count = max(1, steps)
        let path = (1...count).map { step in
            let t = CGFloat(step) / CGFloat(count)
            return CGPoint(x: start.x + (point.x - start.x) * t, y: start.y + (point.y - start.y) * t)
        }
        return try move(along: path)
    }

    /// Moves out of every view (outside the root), so the drag is over no
    /// target.
    @discardableResult
    public func moveOutside() throws(HarnessError) -> DropProposal? {
        try checkRunning()
        let root = harness.root
        let outside = CGPoint(x: root.bounds.minX - 1, y: root.bounds.minY - 1)
        let proposal = try harness.engineStep { () throws(DragDropError) in
            try harness.engine.move(pointer, to: root.convert(outside, to: nil), in: nil)
        }
        location = outside
        self.proposal = proposal
        return proposal
    }

    /// Stays where it is for `duration`: advances the harness's clock and
    /// lets the engine act on it (spring loading fires here).
    public func hover(for duration: Duration) throws(HarnessError) {
        try checkRunning()
        harness.advance(by: duration)
    }

    // MARK: - Adding items

    /// Another touch on the view named `name` adds its items to this drag
    /// (`itemsForAddingTo`).
    ///
    /// - Returns: How many items were added.
    @discardableResult
    public func addItems(from name: String, at point: CGPoint? = nil) throws(HarnessError) -> Int {
        let view = try harness.view(named: name)
        try checkRunning()
        let local = point ?? view.boundsCenter
        let added = try harness.engineStep { () throws(DragDropError) in
            switch harness.routing {
            case .hitTesting: try harness.engine.addItems(to: pointer, at: view.convert(local, to: harness.root))
            case .namedViews: try harness.engine.addItems(to: pointer, from: view, at: local)
            }
        }
        return added.count
    }

    // MARK: - Ending

    /// Lets go, and waits until the destination's work on the drop is done
    /// (its loads, and the Tasks its performDrop started; see
    /// `DropSession.waitForLoads()`) and the sources were told.
    ///
    /// A test that holds a load back to look at the drop halfway (a
    /// placeholder row while the data loads) lets go without waiting,
    /// then lets the load go and waits:
    ///
    /// ```swift
    /// try await drag.drop(waitingForLoads: false)
    /// #expect(list.hasUncommittedUpdates)      // "Loading…"
    /// gate.open()
    /// await harness.waitForLoads()
    /// ```
    ///
    /// - Parameter waitingForLoads: Whether to wait for the drop's work;
    ///   waiting for a load the test itself holds back would never end.
    /// - Returns: The operation the drag ended with.
    @discardableResult
    public func drop(waitingForLoads: Bool = true) async throws(HarnessError) -> DropOperation {
        try checkRunning()
        let operation = try harness.engineStep { () throws(DragDropError) in try harness.engine.drop(pointer) }
        finish()
        if waitingForLoads {
            await harness.engine.waitForTransfers()
        }
        return operation
    }

    /// Cancels the drag (like pressing Escape).
    public func cancel() throws(HarnessError) {
        try checkRunning()
        try harness.engineStep { () throws(DragDropError) in try harness.engine.cancel(pointer) }
        finish()
    }

    /// Ends the drag in another process that handled it with `operation`
    /// (the sources are told `.cancel` for a move the session does not
    /// allow, or for `.forbidden`).
    public func endOutside(with operation: DropOperation) throws(HarnessError) {
        try checkRunning()
        try harness.engineStep { () throws(DragDropError) in
            try harness.engine.endOutside(pointer, with: operation)
        }
        finish()
    }

    // MARK: - Helpers

    @discardableResult
    private func send(to point: CGPoint) throws(HarnessError) -> DropProposal? {
        let proposal = try harness.engineStep { () throws(DragDropError) in
            try harness.engine.move(pointer, to: point)
        }
        location = point
        self.proposal = proposal
        return proposal
    }

    private func finish() {
        hasEnded = true
        proposal = nil
    }

    private func checkRunning() throws(HarnessError) {
        guard !hasEnded else {
            throw HarnessError(code: .dragEnded,
                               description: "This drag (\(pointer)) has already ended; lift again for a new one.")
        }
    }
}
