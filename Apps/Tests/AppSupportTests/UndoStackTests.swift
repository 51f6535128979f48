import AppSupport
import Testing

/// Undo and redo of quick steps and of long ones (run as tasks): what can
/// be undone while one runs, and where a step stopped part way goes.
@MainActor
@Suite struct UndoStackTests {
    @Test func aQuickStepIsUndoneAndRedoneAtOnce() throws {
        let undo = UndoStack()
        var value = 1
        undo.push(UndoStack.Step(name: "Set 1") { value = 0 } redo: { value = 1 })
        #expect(try undo.undo() == "Set 1")
        #expect(value == 0)
        #expect(!undo.isRunning)
        #expect(undo.redoName == "Set 1")
        #expect(try undo.redo() == "Set 1")
        #expect(value == 1)
        #expect(undo.undoName == "Set 1")
    }

    @Test func aFailingQuickStepStaysWhereItWas() {
        struct DiskFull: Error {}
        let undo = UndoStack()
        undo.push(UndoStack.Step(name: "Add") { throw DiskFull() } redo: {})
        #expect(throws: DiskFull.self) { try undo.undo() }
        #expect(undo.undoName == "Add")
        #expect(!undo.canRedo)
    }

    @Test func nothingElseIsUndoneOrRedoneWhileALongStepRuns() async throws {
        let undo = UndoStack()
        var log: [String] = []
        var changes = 0
        undo.onChange = { changes += 1 }
        undo.push(UndoStack.Step(name: "Edit") { log.append("undo edit") } redo: { log.append("redo edit") })
        let gate = Gate()
        undo.push(UndoStack.Step(name: "Import") {
            await gate.wait()
            log.append("undo import")
            return .finished
        } longRedo: {
            log.append("redo import")
            return .finished
        })
        changes = 0
        #expect(try undo.undo() == "Import")
        #expect(undo.isRunning)
        #expect(undo.runningName == "Import")
        #expect(!undo.canUndo && !undo.canRedo)
        #expect(changes == 1, "Undo and Redo are told to turn themselves off")
        // A second Ctrl+Z while the first runs does nothing.
        #expect(try undo.undo() == nil)
        #expect(try undo.redo() == nil)
        gate.open()
        await undo.waitForRunningStep()
        #expect(log == ["undo import"])
        #expect(!undo.isRunning)
        #expect(undo.undoName == "Edit")
        #expect(undo.redoName == "Import")
        #expect(changes == 2)

        #expect(try undo.redo() == "Import")
        await undo.waitForRunningStep()
        #expect(log == ["undo import", "redo import"])
        #expect(undo.undoName == "Import")
        #expect(!undo.canRedo)
        try undo.undo()
        await undo.waitForRunningStep()
        try undo.undo()
        #expect(log == ["undo import", "redo import", "undo import", "undo edit"])
    }

    @Test func aLongStepStoppedPartWayLeavesWhatItDidAndWhatItDidNot() async throws {
        let undo = UndoStack()
        var items = Set(0..<10)
        func step(_ added: Set<Int>) -> UndoStack.Step {
            UndoStack.Step(name: "Add \(added.count)") {
                // Takes out four, then stops (a Cancel).
                let out = Set(added.sorted().prefix(4))
                items.subtract(out)
                return out.count == added.count ? .finished : .stopped(done: step(out), rest: step(added.subtracting(out)))
            } longRedo: {
                items.formUnion(added)
                return .finished
            }
        }
        undo.push(step(items))
        try undo.undo()
        await undo.waitForRunningStep()
        #expect(items == Set(4..<10))
        #expect(undo.undoName == "Add 6", "what was not taken back stays to undo")
        #expect(undo.redoName == "Add 4", "what was taken back can be redone")
        try undo.redo()
        await undo.waitForRunningStep()
        #expect(items == Set(0..<10))
        #expect(undo.undoName == "Add 4")
        // Every item is still reachable: undo all, redo all.
        while undo.canUndo {
            try undo.undo()
            await undo.waitForRunningStep()
        }
        #expect(items.isEmpty)
        while undo.canRedo {
            try undo.redo()
            await undo.waitForRunningStep()
        }
        #expect(items == Set(0..<10))
    }

    @Test func aChangeMadeWhileALongUndoRunsGoesAboveItAndEndsItsRedo() async throws {
        let undo = UndoStack()
        let gate = Gate()
        undo.push(UndoStack.Step(name: "First") {} redo: {})
        undo.push(UndoStack.Step(name: "Import") {
            await gate.wait()
            return .stopped(done: UndoStack.Step(name: "Half") {} redo: {}, rest: UndoStack.Step(name: "Rest") {} redo: {})
        } longRedo: { .finished })
        try undo.undo()
        undo.push(UndoStack.Step(name: "Edit") {} redo: {})
        #expect(!undo.canUndo, "still off while the long step runs")
        gate.open()
        await undo.waitForRunningStep()
        #expect(undo.undoName == "Edit")
        #expect(!undo.canRedo, "a new change ended what could be redone")
        try undo.undo()
        #expect(undo.undoName == "Rest")
        try undo.undo()
        #expect(undo.undoName == "First")
    }

    @Test func aLongRedoGoesBackBelowAChangeMadeWhileItRan() async throws {
        let undo = UndoStack()
        let gate = Gate()
        undo.push(UndoStack.Step(name: "Import") { .finished } longRedo: {
            await gate.wait()
            return .finished
        })
        try undo.undo()
        await undo.waitForRunningStep()
        try undo.redo()
        undo.push(UndoStack.Step(name: "Edit") {} redo: {})
        gate.open()
        await undo.waitForRunningStep()
        #expect(undo.undoName == "Edit")
        try undo.undo()
        #expect(undo.undoName == "Import")
    }

    @Test func aLongChangeRunsOnAndLandsAsOneStepAboveChangesMadeBefore() async throws {
        let undo = UndoStack()
        var items = Set(0..<10)
        var changes = 0
        undo.onChange = { changes += 1 }
        undo.push(UndoStack.Step(name: "Edit") {} redo: {})
        undo.push(UndoStack.Step(name: "Sort") {} redo: {})
        try undo.undo()
        #expect(undo.redoName == "Sort")
        let gate = Gate()
        changes = 0
        #expect(undo.run("Delete 10") {
            await gate.wait()
            let out = items
            items = []
            return UndoStack.Step(name: "Delete \(out.count)") { items.formUnion(out) } redo: { items.subtract(out) }
        })
        #expect(undo.isRunning)
        #expect(undo.runningName == "Delete 10")
        #expect(!undo.canUndo && !undo.canRedo, "Undo and Redo are off while it runs")
        #expect(changes == 1)
        #expect(try undo.undo() == nil)
        #expect(!undo.run("Another") { nil }, "one long change or step at a time")
        #expect(items.count == 10, "the change runs as a task")
        gate.open()
        await undo.waitForRunningStep()
        #expect(items.isEmpty)
        #expect(undo.undoName == "Delete 10")
        #expect(!undo.canRedo, "a new change ends what could be redone")
        #expect(changes == 2)
        try undo.undo()
        #expect(items == Set(0..<10))
        #expect(undo.undoName == "Edit")
        try undo.redo()
        #expect(items.isEmpty)
    }

    @Test func aLongChangeStoppedPartWayLandsAsWhatItDidOrAsNothing() async throws {
        let undo = UndoStack()
        var items = Set(0..<10)
        // Cancelled after four: those four are the step.
        undo.run("Delete 10") {
            let out = Set(items.sorted().prefix(4))
            items.subtract(out)
            return UndoStack.Step(name: "Delete \(out.count)") { items.formUnion(out) } redo: { items.subtract(out) }
        }
        await undo.waitForRunningStep()
        #expect(items == Set(4..<10))
        #expect(undo.undoName == "Delete 4")
        #expect(!undo.canRedo, "what was not deleted is not for Redo")
        // Cancelled before its first step: nothing to undo.
        undo.run("Delete 6") { nil }
        await undo.waitForRunningStep()
        #expect(undo.undoName == "Delete 4")
        try undo.undo()
        #expect(items == Set(0..<10))
        #expect(!undo.canUndo)
    }

    @Test func aChangePushedWhileALongChangeRunsGoesAboveIt() async throws {
        let undo = UndoStack()
        let gate = Gate()
        undo.push(UndoStack.Step(name: "First") {} redo: {})
        undo.run("Delete") {
            await gate.wait()
            return UndoStack.Step(name: "Delete") {} redo: {}
        }
        undo.push(UndoStack.Step(name: "Edit") {} redo: {})
        gate.open()
        await undo.waitForRunningStep()
        #expect(undo.undoName == "Edit")
        try undo.undo()
        #expect(undo.undoName == "Delete")
        try undo.undo()
        #expect(undo.undoName == "First")
    }
}

/// Holds a long step back until the test opens it.
@MainActor
private final class Gate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        waiting.forEach { $0.resume() }
        waiting = []
    }
}
