import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing

/// Keyboard drags over the geocache board: the same engine calls a pointer
/// makes, stops at each insertion position, and what a person hears.
@MainActor
@Suite struct KeyboardDragTests {
    /// The board with spoken names, and a keyboard drag on its engine that
    /// records every announcement.
    @MainActor
    final class Scene {
        let board = Board()
        let keyboard: KeyboardDrag
        var heard: [String] = []

        init() {
            keyboard = KeyboardDrag(engine: board.harness.engine)
            for (lane, label) in [(board.inProgress, "In Progress"), (board.completed, "Completed")] {
                lane.list.node.accessibilityLabel = label
                lane.list.accessibilityRowLabel = { [unowned lane] in lane.caches[$0].name }
            }
            board.window.descendant(named: "notes")?.accessibilityLabel = "Notes"
            keyboard.announcer = { [unowned self] in heard.append($0.text) }
        }

        /// Steps forward until the announcement is `text`, collecting what
        /// was said on the way.
        func stepForward(to text: String, limit: Int = 20) throws {
            for _ in 0..<limit {
                try keyboard.moveToNext()
                if heard.last == text { return }
            }
            Issue.record("never reached \"\(text)\"; heard \(heard)")
        }
    }

    @Test("Every stop is one insertion position a pointer could show, in screen order, wrapping at the end")
    func stopsAreEachInsertionPosition() throws {
        let scene = Scene()
        try scene.keyboard.lift(rowAt: at(0), of: scene.board.inProgress.list)
        for _ in 0..<11 { try scene.keyboard.moveToNext() }
        #expect(scene.heard == [
            "Picked up Bridge. Press the arrow keys or Tab to choose where to drop, Enter to drop, Escape to cancel.",
            "Insert before Bridge in In Progress",
            "Insert before Oak in In Progress",
            "Insert before Pier in In Progress",
            "Insert before Tower in In Progress",
            "Insert at the end of In Progress",
            "Insert before Lake in Completed",
            "Insert before Mill in Completed",
            "Insert at the end of Completed",
            "Drop on Notes, copy",
            "Insert before Bridge in In Progress",
            "Insert before Oak in In Progress",
        ])
        #expect(scene.board.inProgress.list.dropHover == .gap(before: at(1)))
        try scene.keyboard.moveToPrevious()
        try scene.keyboard.moveToPrevious()
        #expect(scene.heard.suffix(2) == ["Insert before Bridge in In Progress", "Drop on Notes, copy"])
        #expect(scene.board.inProgress.list.dropHover == nil)
        #expect(scene.board.harness.engine.proposal(for: .keyboard) == .copy)
    }

    @Test("Tab jumps to the next view that takes the drop, Shift+Tab back to the previous one's last stop")
    func tabBetweenTargets() throws {
        let scene = Scene()
        try scene.keyboard.lift(rowAt: at(0), of: scene.board.inProgress.list)
        try scene.keyboard.moveToNext()
        try scene.keyboard.moveToNextTarget()
        try scene.keyboard.moveToNextTarget()
        try scene.keyboard.moveToPreviousTarget()
        #expect(scene.heard.dropFirst(2) == [
            "Insert before Lake in Completed",
            "Drop on Notes, copy",
            "Insert at the end of Completed",
        ])
        #expect(scene.board.completed.list.dropHover == .gap(before: at(2)))
        try scene.keyboard.cancel()
    }

    @Test("Reordering by keyboard moves the row through the lane's drop delegate, with UIKit's calls")
    func reorder() async throws {
        let scene = Scene()
        let harness = scene.board.harness
        try scene.keyboard.lift(rowAt: at(0), of: scene.board.inProgress.list)
        try scene.stepForward(to: "Insert before Pier in In Progress")
        harness.clearTranscript()
        #expect(try scene.keyboard.drop() == .move)
        await harness.waitForLoads()

        #expect(scene.board.inProgress.names == ["Oak", "Bridge", "Pier", "Tower"])
        #expect(scene.heard.last == "Moved Bridge before Pier in In Progress.")
        #expect(harness.transcript.calls == [
            .source("in-progress", .willEnd(.move)),
            .list("in-progress", .performDrop(at(1), .moveAt)),
            .destination("in-progress", .performDrop),
            .destination("in-progress", .concludeDrop),
            .list("in-progress", .dragSessionDidEnd),
            .source("in-progress", .didEnd(.move)),
            .list("in-progress", .dropSessionDidEnd),
            .destination("in-progress", .didEnd),
            .source("in-progress", .didTransferItems),
        ])
        #expect(!scene.keyboard.isActive)
    }

    @Test("A keyboard drag makes the same delegate calls as a pointer moving over the same points")
    func sameCallsAsAPointer() async throws {
        let byKeys = Scene()
        try byKeys.keyboard.lift(rowAt: at(1), of: byKeys.board.inProgress.list)
        try byKeys.stepForward(to: "Insert before Mill in Completed")
        // Every point visited, in order: stepping from the start visits the
        // drop points one by one up to the stop.
        let stop = try #require(byKeys.keyboard.currentIndex)
        let visited = byKeys.keyboard.dropPoints[0...stop].map { $0.view.convert($0.location, to: nil) }
        try byKeys.keyboard.drop()
        await byKeys.board.harness.waitForLoads()

        // A pointer lifting at the same row and crossing the same points.
        let byPointer = Board()
        let drag = try byPointer.harness.lift(from: "in-progress", at: rowPoint(1))
        for point in visited { try drag.move(to: point) }
        #expect(try await drag.drop() == .move)

        #expect(byKeys.board.harness.transcript.calls == byPointer.harness.transcript.calls)
        #expect(byKeys.board.harness.transcript.calls.contains(
            .list("completed", .performDrop(at(1), .moveAt))))
        #expect(byKeys.board.completed.names == ["Lake", "Oak", "Mill"])
        #expect(byKeys.board.inProgress.names == ["Bridge", "Pier", "Tower"])
        #expect(byPointer.completed.names == byKeys.board.completed.names)
    }

    @Test("Escape cancels: the lane hears the cancel and nothing changes")
    func cancel() throws {
        let scene = Scene()
        let harness = scene.board.harness
        try scene.keyboard.lift(rowAt: at(2), of: scene.board.inProgress.list)
        try scene.stepForward(to: "Insert before Lake in Completed")
        harness.clearTranscript()
        try scene.keyboard.cancel()

        #expect(harness.transcript.calls == [
            .source("in-progress", .willEnd(.cancel)),
            .list("completed", .dropSessionDidExit),
            .destination("completed", .didExit),
            .list("in-progress", .dragSessionDidEnd),
            .source("in-progress", .didEnd(.cancel)),
            .list("in-progress", .dropSessionDidEnd),
            .destination("in-progress", .didEnd),
            .list("completed", .dropSessionDidEnd),
            .destination("completed", .didEnd),
        ])
        #expect(scene.heard.last == "Cancelled dragging Pier.")
        #expect(scene.board.completed.list.dropHover == nil)
        #expect(scene.board.inProgress.names == ["Bridge", "Oak", "Pier", "Tower"])
    }

    @Test("Enter before choosing a drop point cancels instead of dropping over nothing")
    func dropWithoutAPointCancels() throws {
        let scene = Scene()
        try scene.keyboard.lift(rowAt: at(0), of: scene.board.inProgress.list)
        #expect(try scene.keyboard.drop() == .cancel)
        #expect(scene.heard.last == "Cancelled: no drop point was chosen for Bridge.")
        #expect(throws: DragDropError.self) { try scene.keyboard.moveToNext() }
    }

    @Test("Drop point descriptors replace a view's center and are said by name")
    func dropPointDescriptors() async throws {
        let scene = Scene()
        let notes = try #require(scene.board.window.descendant(named: "notes"))
        notes.accessibilityDropPointDescriptors = [
            AccessibilityLocationDescriptor(name: "Append to notes", point: CGPoint(x: 150, y: 500)),
        ]
        try scene.keyboard.lift(rowAt: at(3), of: scene.board.inProgress.list)
        #expect(scene.keyboard.dropPoints.last?.kind == .descriptor("Append to notes"))
        try scene.stepForward(to: "Append to notes, copy")
        #expect(try scene.keyboard.drop() == .copy)
        await scene.board.harness.waitForLoads()
        #expect(scene.board.notes.texts == ["Tower"])
        #expect(scene.heard.last == "Copied Tower (Append to notes).")
    }

    @Test("Drag source descriptors name what is picked up and where the lift happens")
    func dragSourceDescriptors() throws {
        let window = ViewNode(name: "window", frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let photo = ViewNode(name: "photo", frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let source = TextSource("sunset")
        photo.addInteraction(DragInteraction(delegate: source))
        photo.accessibilityDragSourceDescriptors = [
            AccessibilityLocationDescriptor(name: "Sunset photo", point: CGPoint(x: 20, y: 30)),
        ]
        window.addChild(photo)
        let engine = DragDropEngine(root: window)
        let keyboard = KeyboardDrag(engine: engine)
        var heard: [String] = []
        keyboard.announcer = { heard.append($0.text) }
        let session = try #require(try keyboard.lift(from: photo))
        #expect(session.location(in: photo) == CGPoint(x: 20, y: 30))
        #expect(heard.first?.hasPrefix("Picked up Sunset photo. There is nowhere to drop it.") == true)
        #expect(try keyboard.moveToNext() == nil)
        #expect(heard.last == "There is nowhere to drop Sunset photo. Press Escape to cancel.")
        try keyboard.cancel()
    }

    @Test("Alt+Up and Alt+Down reorder through the lane's drop delegate, one place at a time")
    func reorderByOnePlace() async throws {
        let scene = Scene()
        let lane = scene.board.inProgress
        #expect(try scene.keyboard.reorder(rowAt: at(2), of: lane.list, by: -1) == .move)
        #expect(lane.names == ["Bridge", "Pier", "Oak", "Tower"])
        #expect(scene.board.harness.transcript.calls.contains(.list("in-progress", .performDrop(at(1), .moveAt))))
        #expect(try scene.keyboard.reorder(rowAt: at(0), of: lane.list, by: 1) == .move)
        #expect(lane.names == ["Pier", "Bridge", "Oak", "Tower"])
        #expect(try scene.keyboard.reorder(rowAt: at(2), of: lane.list, by: 1) == .move)
        #expect(lane.names == ["Pier", "Bridge", "Tower", "Oak"])
        #expect(scene.heard == ["Moved Pier up.", "Moved Bridge down.", "Moved Oak down."])

        scene.board.harness.clearTranscript()
        #expect(try scene.keyboard.reorder(rowAt: at(0), of: lane.list, by: -1) == .cancel)
        #expect(try scene.keyboard.reorder(rowAt: at(3), of: lane.list, by: 1) == .cancel)
        #expect(scene.board.harness.transcript.calls.isEmpty)
        #expect(lane.names == ["Pier", "Bridge", "Tower", "Oak"])
    }

    @Test("A reorder the lane refuses changes nothing and says so")
    func refusedReorder() throws {
        let scene = Scene()
        let lane = scene.board.inProgress
        lane.localOperation = .copy
        #expect(try scene.keyboard.reorder(rowAt: at(1), of: lane.list, by: -1) == .cancel)
        #expect(lane.names == ["Bridge", "Oak", "Pier", "Tower"])
        #expect(scene.heard == ["Cannot move Oak there."])
        #expect(!scene.keyboard.isActive)
    }

    @Test("A keyboard drag crosses windows when its targets include both")
    func betweenWindows() async throws {
        let scene = Scene()
        let other = ViewNode(name: "window 2", frame: CGRect(x: 900, y: 0, width: 300, height: 300))
        let otherNotes = NotesTarget()
        let inbox = ViewNode(name: "inbox", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        inbox.accessibilityLabel = "Inbox"
        inbox.addInteraction(DropInteraction(delegate: otherNotes))
        other.addChild(inbox)
        let windows = [scene.board.window, other]
        scene.keyboard.targets = { windows.flatMap { KeyboardDrag.dropTargets(in: $0) } }
        try scene.keyboard.lift(rowAt: at(0), of: scene.board.completed.list)
        try scene.stepForward(to: "Drop on Inbox, copy")
        #expect(try scene.keyboard.drop() == .copy)
        await scene.board.harness.waitForLoads()
        #expect(otherNotes.texts == ["Lake"])
        #expect(scene.board.completed.names == ["Lake", "Mill"])
    }
}

/// A drag source offering one string.
@MainActor
final class TextSource: DragInteractionDelegate {
    let text: String
    init(_ text: String) { self.text = text }

    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
        [DragItem(itemProvider: textProvider(text))]
    }
}
