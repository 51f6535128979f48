import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing

@MainActor
final class Recorder: DragInteractionDelegate, DropInteractionDelegate {
    var loaded: [String] = []

    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
        [DragItem(itemProvider: ItemProvider(object: "text"))]
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        DropProposal(operation: .copy, isPrecise: true)
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        // An async load from a Task, which the harness must wait for.
        Task {
            self.loaded = try await session.loadObjects(ofClass: String.self)
        }
    }
}

/// A source and target whose drop loads late: performDrop starts a plain
/// Task (no trackingLoad, no loadObjects) that suspends several times and
/// sleeps before it asks for the data, as app code often does.
@MainActor
final class LateLoader: DragInteractionDelegate, DropInteractionDelegate {
    var events: [String] = []
    let text: String

    init(text: String) {
        self.text = text
    }

    /// A window with a "source" and a "target" view, both driven by this.
    func window() -> ViewNode {
        let window = ViewNode(name: "window", frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let source = ViewNode(name: "source", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let target = ViewNode(name: "target", frame: CGRect(x: 200, y: 0, width: 100, height: 100))
        window.addChild(source)
        window.addChild(target)
        source.addInteraction(DragInteraction(delegate: self))
        target.addInteraction(DropInteraction(delegate: self))
        return window
    }

    /// A provider whose text arrives only after its handler suspended a few
    /// times, and after `gate` has finished when there is one.
    nonisolated static func provider(_ text: String, gate: AsyncStream<Void>? = nil) -> ItemProvider {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .utf8PlainText) {
            for _ in 0..<5 { await Task.yield() }
            if let gate { for await _ in gate {} }
            return Data(text.utf8)
        }
        return provider
    }

    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
        [DragItem(itemProvider: Self.provider(text))]
    }

    func dragInteraction(_ interaction: DragInteraction, sessionDidTransferItems session: DragSession) {
        events.append("transferred")
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        .copy
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        let provider = session.items[0].itemProvider
        Task {
            for _ in 0..<10 { await Task.yield() }
            try await Task.sleep(for: .milliseconds(20))
            let text = try await provider.loadObject(ofClass: String.self)
            self.events.append("loaded \(text)")
        }
    }
}

@MainActor
@Suite("DragDropHarness")
struct HarnessTests {
    let window = ViewNode(name: "window", frame: CGRect(x: 0, y: 0, width: 300, height: 100))
    let source = ViewNode(name: "source", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let target = ViewNode(name: "target", frame: CGRect(x: 200, y: 0, width: 100, height: 100))
    let recorder = Recorder()

    init() {
        window.addChild(source)
        window.addChild(target)
        source.addInteraction(DragInteraction(delegate: recorder))
        target.addInteraction(DropInteraction(delegate: recorder))
    }

    @Test("A scripted drag by view names, with a readable transcript")
    func scriptedDrag() async throws {
        let harness = DragDropHarness(root: window)
        let drag = try harness.lift(from: "source", at: CGPoint(x: 10, y: 20))
        try drag.move(to: CGPoint(x: 150, y: 50), steps: 2)
        #expect(drag.location == CGPoint(x: 150, y: 50))
        #expect(drag.proposal == nil)
        #expect(try drag.move(to: "target") == DropProposal(operation: .copy, isPrecise: true))
        #expect(try await drag.drop() == .copy)
        #expect(recorder.loaded == ["text"])
        #expect(drag.hasEnded)

        #expect(harness.transcript.lines == [
            "drag#1 source source: itemsForBeginning -> 1 item at (10, 20)",
            "drag#1 source source: allowsMoveOperation -> true at (10, 20)",
            "drag#1 source source: isRestrictedToDraggingApplication -> false at (10, 20)",
            "drag#1 source source: willBegin at (10, 20)",
            "drag#1 source source: didMove at (80, 35)",
            "drag#1 source source: didMove at (150, 50)",
            "drag#1 destination target: canHandle -> true at (50, 50)",
            "drag#1 destination target: didEnter at (50, 50)",
            "drag#1 destination target: didUpdate -> copy precise at (50, 50)",
            "drag#1 source source: didMove at (250, 50)",
            "drag#1 source source: willEnd(copy) at (250, 50)",
            "drag#1 destination target: performDrop at (50, 50)",
            "drag#1 destination target: concludeDrop at (50, 50)",
            "drag#1 source source: didEnd(copy) at (250, 50)",
            "drag#1 destination target: didEnd at (50, 50)",
            "drag#1 source source: didTransferItems at (250, 50)",
        ])
        #expect(harness.transcript.description == harness.transcript.lines.joined(separator: "\n"))
        #expect(harness.transcript.sourceCalls.count == 10)
        #expect(harness.transcript.destinationCalls.count == 6)
        harness.clearTranscript()
        #expect(harness.transcript.isEmpty)
    }

    @Test("drop() waits for a load that a Task started in performDrop asks for only after suspending")
    func dropWaitsForALateUntrackedLoad() async throws {
        let loader = LateLoader(text: "late")
        let harness = DragDropHarness(root: loader.window())
        let drag = try harness.lift(from: "source")
        try drag.move(to: "target")
        #expect(try await drag.drop() == .copy)
        // The data is in before drop() returns, and the source hears of the
        // transfer only after it.
        #expect(loader.events == ["loaded late", "transferred"])
        #expect(harness.transcript.calls.last == .source("source", .didTransferItems))
    }

    @Test("A drop from another process that loads late is waited for by drop(); drop(waitingForLoads: false) leaves it to waitForLoads()")
    func lateLoadFromAnotherProcess() async throws {
        let loader = LateLoader(text: "unused")
        let harness = DragDropHarness(root: loader.window())

        let drag = try harness.dragFromOtherProcess([LateLoader.provider("from afar")])
        try drag.move(to: "target")
        #expect(try await drag.drop() == .copy)
        #expect(loader.events == ["loaded from afar"])

        // A test that holds the load back lets go without waiting, looks,
        // then lets the load go and waits.
        let gate = AsyncStream<Void>.makeStream()
        let held = try harness.dragFromOtherProcess([LateLoader.provider("held", gate: gate.stream)])
        try held.move(to: "target")
        let session = try #require(held.dropSession)
        #expect(try await held.drop(waitingForLoads: false) == .copy)
        #expect(loader.events == ["loaded from afar"])
        gate.continuation.finish()
        await harness.waitForLoads()
        #expect(loader.events == ["loaded from afar", "loaded held"])
        await session.waitForLoads()
    }

    @Test("Moving along a path visits every point")
    func path() throws {
        let harness = DragDropHarness(root: window)
        let drag = try harness.lift(from: "source")
        try drag.move(along: [CGPoint(x: 210, y: 10), CGPoint(x: 120, y: 10), CGPoint(x: 220, y: 10)])
        #expect(harness.transcript.calls(on: "target") == [
            .destination("target", .canHandle(true)),
            .destination("target", .didEnter),
            .destination("target", .didUpdate(DropProposal(operation: .copy, isPrecise: true))),
            .destination("target", .didExit),
            .destination("target", .canHandle(true)),
            .destination("target", .didEnter),
            .destination("target", .didUpdate(DropProposal(operation: .copy, isPrecise: true))),
        ])
    }

    @Test("Unknown view names say which names exist")
    func unknownName() throws {
        let harness = DragDropHarness(root: window)
        let error = #expect(throws: HarnessError.self) { try harness.lift(from: "sauce") }
        #expect(error?.code == .viewNotFound)
        #expect(error?.description.contains("\"source\"") == true)
        let drag = try harness.lift(from: "source")
        #expect(throws: HarnessError.self) { try drag.move(to: "targte") }
        #expect(harness.engine.activePointers == [drag.pointer])
    }

    @Test("Steps after the end of a drag are refused")
    func afterEnd() async throws {
        let harness = DragDropHarness(root: window)
        let drag = try harness.lift(from: "source")
        try drag.cancel()
        let error = #expect(throws: HarnessError.self) { try drag.move(to: "target") }
        #expect(error?.code == .dragEnded)
        await #expect(throws: HarnessError.self) { try await drag.drop() }
        #expect(throws: HarnessError.self) { try drag.hover(for: .seconds(1)) }
    }

    @Test("Engine refusals come back as harness errors with the engine's reason")
    func engineRefusal() throws {
        let harness = DragDropHarness(root: window)
        _ = try harness.lift(from: "source", pointer: 4)
        let error = #expect(throws: HarnessError.self) { try harness.lift(from: "source", pointer: 4) }
        #expect(error?.code == .engine)
        #expect(error?.engineError?.code == .pointerBusy)
        #expect(error?.description.contains("already driving") == true)
        #expect(harness.engine.activePointers == [4])
    }

    @Test("Hovering advances the harness clock")
    func hoverAdvancesClock() throws {
        let harness = DragDropHarness(root: window)
        let drag = try harness.lift(from: "source")
        try drag.hover(for: .milliseconds(1500))
        #expect(harness.engine.now == .milliseconds(1500))
        try drag.move(to: "target")
        #expect(harness.transcript.entries.last?.time == .milliseconds(1500))
    }
}
