/// Undo and redo for the app's changes, in the manner of Foundation's
/// `UndoManager`: each change registers the action that reverses it; an
/// action run while undoing registers its own reverse, which becomes the
/// redo. Changes registered between ``beginGrouping()`` and
/// ``endGrouping()`` undo and redo as one step.
///
/// ```swift
/// history.beginGrouping()
/// store.add(item)                          // registers "remove item"
/// store.moveItems(fromOffsets: [last], to: 0, within: list.id)   // registers "move back"
/// history.endGrouping()
/// history.undo()                           // both undone, in reverse order
/// ```
///
/// Foundation's `UndoManager` is not available on Linux; this keeps its
/// model with only what the app needs.
@MainActor
public final class UndoHistory {
    /// One registered reverse action.
    struct Action {
        let name: String
        let run: @MainActor () -> Void
    }

    /// One undo (or redo) step.
    struct Group {
        var actions: [Action] = []
        var name: String { actions.first?.name ?? "" }
    }

    private enum Mode { case normal, undoing, redoing }

    private var undoStack: [Group] = []
    private var redoStack: [Group] = []
    private var open: Group?
    private var depth = 0
    private var mode = Mode.normal
    private var collecting = Group()

    /// Called after every change to what can be undone or redone, so
    /// buttons can enable themselves.
    public var onChange: (@MainActor () -> Void)?

    public init() {}

    /// Whether there is a step to undo.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// Whether there is a step to redo.
    public var canRedo: Bool { !redoStack.isEmpty }
    /// The name of the step ``undo()`` would undo ("Add Item"), if any.
    public var undoActionName: String? { undoStack.last?.name }
    /// The name of the step ``redo()`` would redo, if any.
    public var redoActionName: String? { redoStack.last?.name }
    /// How many steps can be undone.
    public var undoCount: Int { undoStack.count }

    /// Records `action` as the reverse of a change just made. While
    /// undoing, it is the redo; while redoing, the undo again.
    public func registerUndo(named name: String, _ action: @escaping @MainActor () -> Void) {
        let entry = Action(name: name, run: action)
        switch mode {
        case .undoing, .redoing:
            collecting.actions.append(entry)
        case .normal:
            if open != nil {
                open?.actions.append(entry)
            } else {
                undoStack.append(Group(actions: [entry]))
                redoStack.removeAll()
                onChange?()
            }
        }
    }

    /// Starts a step that collects every change until the matching
    /// ``endGrouping()``. Groups nest; only the outermost makes a step.
    public func beginGrouping() {
        depth += 1
        if depth == 1 { open = Group() }
    }

    /// Ends the step ``beginGrouping()`` started. An empty step is dropped.
    public func endGrouping() {
        precondition(depth > 0, "endGrouping() without beginGrouping()")
        depth -= 1
        guard depth == 0, let group = open else { return }
        open = nil
        if !group.actions.isEmpty {
            undoStack.append(group)
            redoStack.removeAll()
            onChange?()
        }
    }

    /// Runs `body` as one step.
    public func grouping<R>(_ body: () throws -> R) rethrows -> R {
        beginGrouping()
        defer { endGrouping() }
        return try body()
    }

    /// Undoes the last step: runs its actions newest first. A step whose
    /// actions register no reverse could not be undone (its change failed
    /// to save); it stays on the undo stack, to try again.
    public func undo() {
        guard depth == 0, mode == .normal, let group = undoStack.popLast() else { return }
        let reverse = run(group, as: .undoing)
        if reverse.actions.isEmpty {
            undoStack.append(group)
        } else {
            redoStack.append(reverse)
        }
        onChange?()
    }

    /// Redoes the last undone step (kept for another try when it fails, as
    /// in ``undo()``).
    public func redo() {
        guard depth == 0, mode == .normal, let group = redoStack.popLast() else { return }
        let reverse = run(group, as: .redoing)
        if reverse.actions.isEmpty {
            redoStack.append(group)
        } else {
            undoStack.append(reverse)
        }
        onChange?()
    }

    /// Forgets every step.
    public func removeAll() {
        undoStack.removeAll()
        redoStack.removeAll()
        onChange?()
    }

    /// Undoes the step open now (after a change inside it failed) and
    /// closes it, leaving no redo behind.
    func abandonOpenGroup() {
        guard let group = open else { return }
        open = nil
        depth = 0
        _ = run(group, as: .undoing)
    }

    /// Runs a step's actions newest first and returns the step their own
    /// registrations make (the redo of an undo, and the other way round).
    private func run(_ group: Group, as newMode: Mode) -> Group {
        mode = newMode
        collecting = Group()
        for action in group.actions.reversed() { action.run() }
        mode = .normal
        defer { collecting = Group() }
        return collecting
    }
}
