import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import UniformTypes

@MainActor
@Suite("DragDropEngine")
struct DragDropEngineTests {
    @Test("No items means no drag, and nothing else is asked")
    func noItemsNoDrag() throws {
        let scene = Scene(texts: [])
        let error = #expect(throws: HarnessError.self) { try scene.harness.lift(from: "photo") }
        #expect(error?.code == .nothingToDrag)
        #expect(scene.harness.transcript.calls == [.source("photo", .itemsForBeginning(0))])
        #expect(scene.harness.engine.activePointers.isEmpty)
    }

    @Test("Lifting where there is no drag source starts nothing")
    func nothingToLift() throws {
        let scene = Scene()
        #expect(throws: HarnessError.self) { try scene.harness.lift(from: "label") }
        #expect(try scene.harness.engine.beginDrag(.primary, at: CGPoint(x: 1000, y: 1000)) == nil)
        #expect(scene.harness.transcript.isEmpty)
    }

    @Test("A disabled drag interaction starts no drags")
    func disabledSource() throws {
        let scene = Scene()
        for case let drag as DragInteraction in scene.photo.interactions { drag.isEnabled = false }
        #expect(throws: HarnessError.self) { try scene.harness.lift(from: "photo") }
        #expect(scene.harness.transcript.isEmpty)
    }

    @Test("Events for a pointer that is not dragging, or is busy, are refused and change nothing")
    func badEvents() throws {
        let scene = Scene()
        let engine = scene.harness.engine
        let notDragging = #expect(throws: DragDropError.self) { try engine.move(7, to: .zero) }
        #expect(notDragging?.code == .noActiveDrag)
        #expect(notDragging?.description.contains("pointer 7") == true)
        #expect(throws: DragDropError.self) { try engine.drop(7) }
        #expect(throws: DragDropError.self) { try engine.cancel(7) }

        let session = try #require(try engine.beginDrag(1, at: CGPoint(x: 20, y: 20)))
        let busy = #expect(throws: DragDropError.self) { try engine.beginDrag(1, at: CGPoint(x: 20, y: 20)) }
        #expect(busy?.code == .pointerBusy)
        #expect(throws: DragDropError.self) { try engine.beginExternalDrag(1, items: []) }
        #expect(engine.dragSession(for: 1) === session)
        #expect(engine.activePointers == [1])

        let external = try engine.beginExternalDrag(2, items: [ItemProvider(object: "x")])
        let notLocal = #expect(throws: DragDropError.self) { try engine.addItems(to: 2, at: CGPoint(x: 20, y: 20)) }
        #expect(notLocal?.code == .notLocalDrag)
        #expect(external.items.count == 1)

        let rootless = DragDropEngine()
        let noRoot = #expect(throws: DragDropError.self) { try rootless.beginDrag(.primary, at: .zero) }
        #expect(noRoot?.code == .noRootView)
    }

    @Test("Events naming their view give the same calls as hit-tested ones")
    func namedRouting() async throws {
        var transcripts: [[DelegateCall]] = []
        for routing in [DragDropHarness.Routing.hitTesting, .namedViews] {
            let scene = Scene(routing: routing)
            let drag = try scene.harness.lift(from: "photo")
            try drag.move(to: "zone", at: CGPoint(x: 5, y: 5))
            try drag.move(to: "other")
            try drag.move(to: "zone")
            #expect(try await drag.drop() == .copy)
            #expect(scene.zoneTarget.received == ["hello"])
            transcripts.append(scene.harness.transcript.calls)
        }
        #expect(transcripts[0] == transcripts[1])
    }

    @Test("A named view covered by another is still the target when named directly")
    func namedViewUnderCover() throws {
        let scene = Scene(routing: .namedViews)
        let cover = ViewNode(name: "cover", frame: scene.zone.frame)
        scene.window.addChild(cover)
        let drag = try scene.harness.lift(from: "photo")
        #expect(try drag.move(to: "zone") == .copy)
        #expect(try drag.move(to: "cover") == nil)
    }

    @Test("Sessions know their location, items, local context and local objects")
    func sessionsInProcess() async throws {
        let scene = Scene(texts: ["a", "b"])
        var seen: (local: DragSession?, objects: [String], sources: Int, context: String?)?
        scene.zoneTarget.accepts = { session in
            seen = (session.localDragSession,
                    session.items.compactMap { $0.localObject as? String },
                    session.items.compactMap(\.sourceItem).count,
                    session.localDragSession?.localContext as? String)
            return true
        }
        let drag = try scene.harness.lift(from: "photo", at: CGPoint(x: 5, y: 6))
        let session = try #require(drag.dragSession)
        #expect(session.location(in: scene.photo) == CGPoint(x: 5, y: 6))
        #expect(session.location(in: nil) == CGPoint(x: 15, y: 16))
        #expect(session.items.count == 2)
        #expect(session.allowsMoveOperation)
        #expect(!session.isRestrictedToDraggingApplication)
        #expect(session.hasItemsConforming(to: [.plainText]))
        #expect(session.canLoadObjects(ofClass: String.self))
        session.localContext = "coordinator"
        try drag.move(to: "zone")
        #expect(seen?.local === session)
        #expect(seen?.objects == ["a", "b"])
        #expect(seen?.sources == 2)
        #expect(seen?.context == "coordinator")
        #expect(drag.dropSession?.items.first?.itemProvider !== session.items.first?.itemProvider)
        #expect(drag.dropSession?.location(in: scene.zone) == CGPoint(x: 50, y: 50))
    }

    @Test("Both sides of a drag answer type questions alike, through DragDropSession")
    func sharedSessionQueries() throws {
        func answers(_ session: some DragDropSession) -> [Bool] {
            [session.hasItemsConforming(to: .plainText), session.hasItemsConforming(to: [.png, .json]),
             session.canLoadObjects(ofClass: String.self), session.allowsMoveOperation,
             session.isRestrictedToDraggingApplication]
        }
        let scene = Scene()
        scene.source.restricted = true
        let drag = try scene.harness.lift(from: "photo")
        let dragSession = try #require(drag.dragSession)
        let dropSession = try #require(drag.dropSession)
        #expect(answers(dragSession) == [true, false, true, true, true])
        #expect(answers(dropSession) == answers(dragSession))
        #expect(dropSession.location(in: scene.photo) == dragSession.location(in: scene.photo))
    }

    @Test("A drag from another process: no local session or objects, ownProcess data hidden")
    func fromOtherProcess() async throws {
        let scene = Scene()
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .json, visibility: .ownProcess) { Data("{}".utf8) }
        provider.registerDataRepresentation(for: .utf8PlainText) { Data("public".utf8) }
        var seen: (hasLocal: Bool, json: Bool, text: Bool, moves: Bool)?
        scene.zoneTarget.accepts = { session in
            seen = (session.localDragSession != nil, session.hasItemsConforming(to: .json),
                    session.hasItemsConforming(to: .plainText), session.allowsMoveOperation)
            return true
        }
        let drag = try scene.harness.dragFromOtherProcess([provider])
        #expect(drag.dragSession == nil)
        try drag.move(to: "zone")
        #expect(seen?.hasLocal == false)
        #expect(seen?.json == false)
        #expect(seen?.text == true)
        #expect(seen?.moves == false)
        #expect(drag.dropSession?.items.first?.localObject == nil)
        #expect(try await drag.drop() == .copy)
        #expect(scene.zoneTarget.received == ["public"])
    }

    @Test("handle(_:) applies input events like the methods")
    func inputValues() throws {
        let scene = Scene()
        let engine = scene.harness.engine
        #expect(try engine.handle(.beginDrag(3, at: CGPoint(x: 20, y: 20))) == nil)
        #expect(try engine.handle(.move(3, to: CGPoint(x: 250, y: 50))) == .copy)
        #expect(try engine.handle(.moveInView(3, to: CGPoint(x: 1, y: 1), in: nil)) == nil)
        #expect(try engine.handle(.moveInView(3, to: CGPoint(x: 1, y: 1), in: scene.zone)) == .copy)
        #expect(try engine.handle(.drop(3)) == nil)
        #expect(scene.source.endedWith == [.copy])
        #expect(throws: DragDropError.self) { try engine.handle(.cancel(3)) }
    }

    @Test("Drags, sessions and items are released when drags end, after 10,000 drags")
    func releasedAfterManyDrags() async throws {
        let scene = Scene()
        let engine = DragDropEngine(root: scene.window, clock: ManualClock())
        var refs: [WeakRef] = []
        refs.reserveCapacity(40_000)
        for index in 0..<10_000 {
            let pointer = PointerID(rawValue: index % 3)
            if index % 4 == 3 {
                let drop = try engine.beginExternalDrag(pointer, items: [ItemProvider(object: "far")])
                refs.append(WeakRef(object: drop))
                refs.append(WeakRef(object: drop.items[0]))
                try engine.move(pointer, to: CGPoint(x: 250, y: 50))
                try engine.drop(pointer)
                continue
            }
            let session = try #require(try engine.beginDrag(pointer, at: CGPoint(x: 20, y: 20)))
            try engine.move(pointer, to: CGPoint(x: 250, y: 50))
            let drop = try #require(engine.dropSession(for: pointer))
            refs.append(WeakRef(object: session))
            refs.append(WeakRef(object: drop))
            refs.append(WeakRef(object: session.items[0]))
            refs.append(WeakRef(object: drop.items[0]))
            switch index % 4 {
            case 0: try engine.drop(pointer)
            case 1: try engine.cancel(pointer)
            default:
                try engine.move(pointer, to: CGPoint(x: 250, y: 200))
                try engine.drop(pointer)
            }
        }
        await engine.waitForTransfers()
        #expect(engine.activePointers.isEmpty)
        #expect(scene.zoneInteraction.activeSessionCount == 0)
        #expect(scene.zoneTarget.received.count == 5_000)
        #expect(scene.otherTarget.received.count == 2_500)
        #expect(refs.count == 35_000)
        #expect(refs.allSatisfy { $0.object == nil })
    }
}
