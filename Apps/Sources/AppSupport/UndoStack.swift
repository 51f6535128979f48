/// Undo and redo as a stack of steps, each step a pair of closures: one
/// that takes the change back and one that makes it again. A change that
/// touches many things (an import of forty cards, a delete of three rows)
/// is pushed as one step, so Ctrl+Z takes all of it back at once.
///
/// ```swift
/// let undo = UndoStack()
/// let saved = try store.insert(cards, at: end)
/// undo.push(UndoStack.Step(name: "Import") { try store.delete(saved) } redo: { try store.restore(saved) })
/// try undo.undo()      // the cards are gone
/// try undo.redo()      // and back
/// ```
///
/// A step whose closure throws stays where it was, so a failed undo (a full
/// disk) can be tried again; the error reaches the caller to show.
///
/// A step too large to take back in one go on the main actor (an import of
/// 50,000 cards) is a *long* step (``Step/init(name:longUndo:longRedo:)``):
/// ``undo()`` starts it as a task and returns at once, and the window
/// keeps answering while it runs. Until it ends nothing else is undone or
/// redone (``canUndo`` and ``canRedo`` are false, so Undo and Redo turn
/// themselves off, and a second Ctrl+Z does nothing); a long step stopped
/// part way (cancelled, or a failure after some of it was done) leaves
/// what it did on the other stack and what it did not where it was. A
/// change too large to make in one go (a delete of 50,000 cards) runs the
/// same way through ``run(_:_:)`` and lands as one step when it ends.
@MainActor
public final class UndoStack {
    /// One change that can be taken back and made again.
    public struct Step {
        /// What the change was, for a menu or a tooltip ("Delete 3 Contacts").
        public let name: String
        let undo: Action
        let redo: Action

        enum Action {
            case now(@MainActor () throws -> Void)
            case long(@MainActor () async -> Outcome)
        }

        public init(
            name: String, undo: @escaping @MainActor () throws -> Void, redo: @escaping @MainActor () throws -> Void
        ) {
            self.name = name
            self.undo = .now(undo)
            self.redo = .now(redo)
        }

        /// A step whose undo and redo run as tasks, each returning how far
        /// it went. The closures report their own failures (a task has no
        /// caller to throw to).
        ///
        /// ```swift
        /// UndoStack.Step(name: "Import 50000 Contacts") {
        ///     await table.remove(ids)      // a step at a time, off the main actor
        /// } longRedo: {
        ///     await table.restore(placed)
        /// }
        /// ```
        public init(
            name: String, longUndo: @escaping @MainActor () async -> Outcome,
            longRedo: @escaping @MainActor () async -> Outcome
        ) {
            self.name = name
            undo = .long(longUndo)
            redo = .long(longRedo)
        }

        /// Whether undoing and redoing the step run as tasks.
        public var isLong: Bool {
            if case .long = undo { true } else { false }
        }
    }

    /// How far a long step's undo or redo went.
    public struct Outcome {
        let done: Step?
        let rest: Step?

        /// All of it: the step moves to the other stack.
        public static var finished: Outcome { Outcome(done: nil, rest: nil) }

        /// Part of it, or none: `done` (what was taken back or made again,
        /// nil for nothing) goes on the other stack, and `rest` (what was
        /// not) stays where the step was, to be tried again.
        public static func stopped(done: Step?, rest: Step) -> Outcome {
            Outcome(done: done, rest: rest)
        }
    }

    private var undoSteps: [Step] = []
    private var redoSteps: [Step] = []
    /// The long step running, if any: taken off its stack while it runs.
    private var running: Running?
    /// The most steps kept; the oldest go first.
    public let limit: Int
    /// Told after every change of what can be undone or redone, so buttons
    /// can turn themselves on and off.
    public var onChange: (@MainActor () -> Void)?

    private struct Running {
        let kind: Kind
        let name: String
        let task: Task<Void, Never>
        /// Where on its stack the step was (or, for a new change, where its
        /// step goes on the undo stack), counted from the bottom: a change
        /// pushed while it runs goes above it.
        var slot: Int
        /// Whether a change was pushed meanwhile (which ends what could be redone).
        var pushedMeanwhile = false
        /// Whether every step was forgotten meanwhile, this one with them.
        var forgotten = false

        /// What runs: a step being undone or redone, or a new change (``run(_:_:)``).
        enum Kind {
            case undoing(Step)
            case redoing(Step)
            case change
        }
    }

    public init(limit: Int = 200) {
        self.limit = limit
    }

    /// Whether there is a step to undo (and no long step running).
    public var canUndo: Bool { running == nil && !undoSteps.isEmpty }
    /// Whether there is a step to redo (and no long step running).
    public var canRedo: Bool { running == nil && !redoSteps.isEmpty }
    /// The name of the step ``undo()`` takes back, if any.
    public var undoName: String? { undoSteps.last?.name }
    /// The name of the step ``redo()`` makes again, if any.
    public var redoName: String? { redoSteps.last?.name }
    /// The name of the long step being undone or redone (or of the long
    /// change being made), if one runs.
    public var runningName: String? { running?.name }
    /// Whether a long step is being undone or redone, or a long change made.
    public var isRunning: Bool { running != nil }

    /// Records a change just made; a new change ends what could be redone.
    /// A change made while a long step runs goes above it.
    public func push(_ step: Step) {
        undoSteps.append(step)
        if undoSteps.count > limit {
            let dropped = undoSteps.count - limit
            undoSteps.removeFirst(dropped)
            running?.slot -= dropped
        }
        redoSteps.removeAll()
        running?.pushedMeanwhile = true
        onChange?()
    }

    /// Takes back the newest change; returns its name, nil when there was
    /// none or a long step is running. A long step is started and runs on
    /// (``waitForRunningStep()``).
    @discardableResult
    public func undo() throws -> String? {
        try moveTopStep(undoing: true)
    }

    /// Makes the newest undone change again; returns its name, nil when
    /// there was none or a long step is running.
    @discardableResult
    public func redo() throws -> String? {
        try moveTopStep(undoing: false)
    }

    /// Makes a change too large for one go on the main actor (a delete of
    /// 50,000 contacts) as a task that runs on, as a long step's undo does:
    /// until it ends nothing is undone or redone, and ``runningName`` is
    /// `name`. `change` returns the step that takes back what it did (all
    /// of it, or as far as it went before it was cancelled or failed),
    /// pushed as one step when it ends; nil when it did nothing. A new
    /// change ends what could be redone. Returns false, starting nothing,
    /// while a long step runs.
    ///
    /// ```swift
    /// undo.run("Delete 50000 Contacts") {
    ///     let out = await table.takeOut(ids)      // a step at a time, off the main actor
    ///     return out.isEmpty ? nil : table.putBackStep(out)
    /// }
    /// ```
    @discardableResult
    public func run(_ name: String, _ change: @escaping @MainActor () async -> Step?) -> Bool {
        guard running == nil else { return false }
        redoSteps.removeAll()
        start(.change, name: name, slot: undoSteps.count) {
            Outcome(done: await change(), rest: nil)
        }
        onChange?()
        return true
    }

    /// Waits until the long step (or long change) running, if any, has ended.
    public func waitForRunningStep() async {
        while let running { await running.task.value }
    }

    /// Forgets every step (after the data was replaced wholesale); a long
    /// step running is forgotten when it ends.
    public func removeAll() {
        undoSteps.removeAll()
        redoSteps.removeAll()
        running?.forgotten = true
        onChange?()
    }

    // MARK: - Moving steps

    /// Runs the top step of the undo stack's undo (or the redo stack's
    /// redo) and moves it to the other stack; a long one is taken off and
    /// started, and ``end(_:)`` puts it where it belongs.
    private func moveTopStep(undoing: Bool) throws -> String? {
        let (from, to) = undoing ? (\UndoStack.undoSteps, \UndoStack.redoSteps) : (\UndoStack.redoSteps, \UndoStack.undoSteps)
        guard running == nil, let step = self[keyPath: from].last else { return nil }
        switch undoing ? step.undo : step.redo {
        case .now(let body):
            try body()
            self[keyPath: from].removeLast()
            self[keyPath: to].append(step)
        case .long(let body):
            self[keyPath: from].removeLast()
            // Undone, it came off the undo stack there; redone, it goes
            // back on the undo stack there.
            start(undoing ? .undoing(step) : .redoing(step), name: step.name, slot: undoSteps.count, body)
        }
        onChange?()
        return step.name
    }

    // MARK: - Long steps

    private func start(
        _ kind: Running.Kind, name: String, slot: Int, _ body: @escaping @MainActor () async -> Outcome
    ) {
        let task = Task { @MainActor [weak self] in
            let outcome = await body()
            self?.end(outcome)
        }
        running = Running(kind: kind, name: name, task: task, slot: slot)
    }

    /// Puts a long step that ended where it belongs: what it did on the
    /// other stack, what it did not back where it was; a long change's step
    /// goes on the undo stack.
    private func end(_ outcome: Outcome) {
        guard let ended = running else { return }
        running = nil
        guard !ended.forgotten else {
            onChange?()
            return
        }
        let slot = min(max(0, ended.slot), undoSteps.count)
        switch ended.kind {
        case .undoing(let step):
            if let rest = outcome.rest { undoSteps.insert(rest, at: slot) }
            // A change pushed meanwhile ended what could be redone.
            if let done = outcome.rest == nil ? step : outcome.done, !ended.pushedMeanwhile { redoSteps.append(done) }
        case .redoing(let step):
            if let done = outcome.rest == nil ? step : outcome.done { undoSteps.insert(done, at: slot) }
            if let rest = outcome.rest, !ended.pushedMeanwhile { redoSteps.append(rest) }
        case .change:
            // What the change did not do is not done: there is nothing to redo.
            if let done = outcome.done { undoSteps.insert(done, at: slot) }
        }
        if undoSteps.count > limit { undoSteps.removeFirst(undoSteps.count - limit) }
        onChange?()
    }
}
