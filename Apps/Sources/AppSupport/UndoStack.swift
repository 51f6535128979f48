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
@MainActor
public final class UndoStack {
    /// One change that can be taken back and made again.
    public struct Step {
        /// What the change was, for a menu or a tooltip ("Delete 3 Contacts").
        public let name: String
        let undo: @MainActor () throws -> Void
        let redo: @MainActor () throws -> Void

        public init(
            name: String, undo: @escaping @MainActor () throws -> Void, redo: @escaping @MainActor () throws -> Void
        ) {
            self.name = name
            self.undo = undo
            self.redo = redo
        }
    }

    private var undoSteps: [Step] = []
    private var redoSteps: [Step] = []
    /// The most steps kept; the oldest go first.
    public let limit: Int
    /// Told after every change of what can be undone or redone, so buttons
    /// can turn themselves on and off.
    public var onChange: (@MainActor () -> Void)?

    public init(limit: Int = 200) {
        self.limit = limit
    }

    /// Whether there is a step to undo.
    public var canUndo: Bool { !undoSteps.isEmpty }
    /// Whether there is a step to redo.
    public var canRedo: Bool { !redoSteps.isEmpty }
    /// The name of the step ``undo()`` takes back, if any.
    public var undoName: String? { undoSteps.last?.name }
    /// The name of the step ``redo()`` makes again, if any.
    public var redoName: String? { redoSteps.last?.name }

    /// Records a change just made; a new change ends what could be redone.
    public func push(_ step: Step) {
        undoSteps.append(step)
        if undoSteps.count > limit { undoSteps.removeFirst(undoSteps.count - limit) }
        redoSteps.removeAll()
        onChange?()
    }

    /// Takes back the newest change; returns its name, nil when there was none.
    @discardableResult
    public func undo() throws -> String? {
        guard let step = undoSteps.last else { return nil }
        try step.undo()
        undoSteps.removeLast()
        redoSteps.append(step)
        onChange?()
        return step.name
    }

    /// Makes the newest undone change again; returns its name, nil when there was none.
    @discardableResult
    public func redo() throws -> String? {
        guard let step = redoSteps.last else { return nil }
        try step.redo()
        redoSteps.removeLast()
        undoSteps.append(step)
        onChange?()
        return step.name
    }

    /// Forgets every step (after the data was replaced wholesale).
    public func removeAll() {
        undoSteps.removeAll()
        redoSteps.removeAll()
        onChange?()
    }
}
