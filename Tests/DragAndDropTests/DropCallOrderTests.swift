import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing

@MainActor
@Suite("Delegate call order")
struct DropCallOrderTests {
    @Test("A drop the target accepts: every call in UIKit's order")
    func acceptedDrop() async throws {
        let scene = Scene()
        let drag = try scene.harness.lift(from: "photo")
        #expect(try drag.move(to: "zone") == .copy)
        let operation = try await drag.drop()

        #expect(operation == .copy)
        #expect(scene.zoneTarget.received == ["hello"])
        #expect(scene.source.endedWith == [.copy])
        #expect(scene.harness.transcript.calls == Scene.liftCalls + [
            .destination("zone", .canHandle(true)),
            .destination("zone", .didEnter),
            .destination("zone", .didUpdate(.copy)),
            .source("photo", .didMove),
            .source("photo", .willEnd(.copy)),
            .destination("zone", .performDrop),
            .destination("zone", .concludeDrop),
            .source("photo", .didEnd(.copy)),
            .destination("zone", .didEnd),
            .source("photo", .didTransferItems),
        ])
        #expect(scene.harness.transcript.calls == droppedDragCalls(from: "photo", onto: "zone"))
    }

    @Test("A target refusing in canHandle is asked once and gets nothing else")
    func refusedByCanHandle() async throws {
        let scene = Scene()
        scene.zoneTarget.accepts = { _ in false }
        let drag = try scene.harness.lift(from: "photo")
        #expect(try drag.move(to: "zone") == nil)
        #expect(try drag.move(to: "zone", at: CGPoint(x: 10, y: 10)) == nil)
        let operation = try await drag.drop()

        #expect(operation == .cancel)
        #expect(scene.zoneTarget.drops == 0)
        #expect(scene.harness.transcript.calls == Scene.liftCalls + [
            .destination("zone", .canHandle(false)),
            .source("photo", .didMove),
            .source("photo", .didMove),
            .source("photo", .willEnd(.cancel)),
            .source("photo", .didEnd(.cancel)),
        ])
    }

    @Test("A refusal is asked again when the drag comes back")
    func refusalForgottenAfterLeaving() throws {
        let scene = Scene()
        scene.zoneTarget.accepts = { _ in false }
        let drag = try scene.harness.lift(from: "photo")
        try drag.move(to: "zone")
        try drag.move(to: "label")
        try drag.move(to: "zone")
        #expect(scene.harness.transcript.calls(on: "zone") == [
            .destination("zone", .canHandle(false)),
            .destination("zone", .canHandle(false)),
        ])
    }

    @Test("A drag that leaves a target and ends over another")
    func leavesAndEndsElsewhere() async throws {
        let scene = Scene()
        scene.otherTarget.proposal = { _ in .forbidden }
        let drag = try scene.harness.lift(from: "photo")
        #expect(try drag.move(to: "zone") == .copy)
        #expect(try drag.move(to: "other") == .forbidden)
        let operation = try await drag.drop()

        #expect(operation == .cancel)
        #expect(scene.zoneTarget.drops == 0 && scene.otherTarget.drops == 0)
        #expect(scene.harness.transcript.calls == Scene.liftCalls + [
            .destination("zone", .canHandle(true)),
            .destination("zone", .didEnter),
            .destination("zone", .didUpdate(.copy)),
            .source("photo", .didMove),
            .destination("other", .canHandle(true)),
            .destination("zone", .didExit),
            .destination("other", .didEnter),
            .destination("other", .didUpdate(.forbidden)),
            .source("photo", .didMove),
            .source("photo", .willEnd(.cancel)),
            .destination("other", .didExit),
            .source("photo", .didEnd(.cancel)),
            .destination("zone", .didEnd),
            .destination("other", .didEnd),
        ])
    }

    @Test("A drag that leaves a target and ends over nothing")
    func leavesAndEndsOverNothing() async throws {
        let scene = Scene()
        let drag = try scene.harness.lift(from: "photo")
        #expect(try drag.move(to: "zone") == .copy)
        #expect(try drag.move(to: "label") == nil)
        #expect(try await drag.drop() == .cancel)
        #expect(scene.harness.transcript.calls(on: "zone") == [
            .destination("zone", .canHandle(true)),
            .destination("zone", .didEnter),
            .destination("zone", .didUpdate(.copy)),
            .destination("zone", .didExit),
            .destination("zone", .didEnd),
        ])
    }

    @Test("Forbidden and cancel proposals end without a drop", arguments: [DropProposal.forbidden, .cancel])
    func refusingProposals(_ proposal: DropProposal) async throws {
        let scene = Scene()
        scene.zoneTarget.proposal = { _ in proposal }
        let drag = try scene.harness.lift(from: "photo")
        #expect(try drag.move(to: "zone") == proposal)
        let operation = try await drag.drop()

        #expect(operation == .cancel)
        #expect(scene.zoneTarget.drops == 0)
        #expect(scene.source.endedWith == [.cancel])
        #expect(scene.harness.transcript.calls == Scene.liftCalls + [
            .destination("zone", .canHandle(true)),
            .destination("zone", .didEnter),
            .destination("zone", .didUpdate(proposal)),
            .source("photo", .didMove),
            .source("photo", .willEnd(.cancel)),
            .destination("zone", .didExit),
            .source("photo", .didEnd(.cancel)),
            .destination("zone", .didEnd),
        ])
    }

    @Test("A move proposal becomes a cancel when the source does not allow moves")
    func moveDowngradedWhenNotAllowed() async throws {
        let scene = Scene()
        scene.source.allowsMove = false
        scene.zoneTarget.proposal = { _ in .move }
        let drag = try scene.harness.lift(from: "photo")
        let proposal = try drag.move(to: "zone")
        let operation = try await drag.drop()

        #expect(proposal == .cancel)
        #expect(operation == .cancel)
        #expect(scene.zoneTarget.drops == 0)
        #expect(scene.source.endedWith == [.cancel])
        // The transcript keeps what the delegate proposed; the drag acts on a cancel.
        #expect(scene.harness.transcript.calls == Scene.liftCalls(allowingMoves: false) + [
            .destination("zone", .canHandle(true)),
            .destination("zone", .didEnter),
            .destination("zone", .didUpdate(.move)),
            .source("photo", .didMove),
            .source("photo", .willEnd(.cancel)),
            .destination("zone", .didExit),
            .source("photo", .didEnd(.cancel)),
            .destination("zone", .didEnd),
        ])
    }

    @Test("A move proposal is kept when the source allows moves")
    func moveKeptWhenAllowed() async throws {
        let scene = Scene()
        scene.zoneTarget.proposal = { _ in .move }
        let drag = try scene.harness.lift(from: "photo")
        #expect(try drag.move(to: "zone") == .move)
        #expect(try await drag.drop() == .move)
        #expect(scene.source.endedWith == [.move])
        #expect(scene.zoneTarget.received == ["hello"])
    }

    @Test("A move proposal for a drag from another process becomes a cancel")
    func moveDowngradedForOtherProcess() async throws {
        let scene = Scene()
        scene.zoneTarget.proposal = { _ in .move }
        let drag = try scene.harness.dragFromOtherProcess(objects: ["far away"])
        #expect(try drag.move(to: "zone")?.operation == .cancel)
        #expect(try await drag.drop() == .cancel)
        #expect(scene.zoneTarget.drops == 0)
        #expect(scene.harness.transcript.calls == [
            .destination("zone", .canHandle(true)),
            .destination("zone", .didEnter),
            .destination("zone", .didUpdate(.move)),
            .destination("zone", .didExit),
            .destination("zone", .didEnd),
        ])
    }

    @Test("Cancelling over an accepting target performs no drop")
    func cancelOverTarget() throws {
        let scene = Scene()
        let drag = try scene.harness.lift(from: "photo")
        try drag.move(to: "zone")
        try drag.cancel()
        #expect(scene.zoneTarget.drops == 0)
        #expect(scene.source.endedWith == [.cancel])
        #expect(scene.harness.transcript.calls == Scene.liftCalls + [
            .destination("zone", .canHandle(true)),
            .destination("zone", .didEnter),
            .destination("zone", .didUpdate(.copy)),
            .source("photo", .didMove),
            .source("photo", .willEnd(.cancel)),
            .destination("zone", .didExit),
            .source("photo", .didEnd(.cancel)),
            .destination("zone", .didEnd),
        ])
    }

    @Test("Another process's move or forbidden answer ends as cancel where a drop here would",
          arguments: [(DropOperation.move, false, DropOperation.cancel), (.move, true, .move), (.forbidden, true, .cancel)])
    func endedOutsideUnderTheSameRules(reported: DropOperation, allowsMove: Bool, told: DropOperation) throws {
        let scene = Scene()
        scene.source.allowsMove = allowsMove
        let drag = try scene.harness.lift(from: "photo")
        try drag.moveOutside()
        try drag.endOutside(with: reported)
        #expect(scene.source.endedWith == [told])
        #expect(scene.harness.transcript.calls.suffix(2) == [
            .source("photo", .willEnd(told)),
            .source("photo", .didEnd(told)),
        ])
    }

    @Test("A drag handled by another process tells the source that process's operation")
    func endedOutside() throws {
        let scene = Scene()
        let drag = try scene.harness.lift(from: "photo")
        try drag.move(to: "zone")
        try drag.moveOutside()
        try drag.endOutside(with: .copy)
        #expect(scene.zoneTarget.drops == 0)
        #expect(scene.source.endedWith == [.copy])
        // Nothing here performs a drop, so nothing here is transferred.
        #expect(scene.harness.transcript.calls == Scene.liftCalls + [
            .destination("zone", .canHandle(true)),
            .destination("zone", .didEnter),
            .destination("zone", .didUpdate(.copy)),
            .source("photo", .didMove),
            .destination("zone", .didExit),
            .source("photo", .didMove),
            .source("photo", .willEnd(.copy)),
            .source("photo", .didEnd(.copy)),
            .destination("zone", .didEnd),
        ])
    }
}
