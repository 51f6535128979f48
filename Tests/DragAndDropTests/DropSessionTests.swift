import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Synchronization
import Testing
import UniformTypes

/// A target that loads through the providers directly, inside trackingLoad.
@MainActor
final class TrackingTarget: DropInteractionDelegate {
    var loaded: [String] = []
    var progress: Progress?

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        .copy
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        let providers = session.items.map(\.itemProvider)
        Task {
            for provider in providers {
                let text = try await session.trackingLoad {
                    try await provider.loadObject(ofClass: String.self)
                }
                self.loaded.append(text)
            }
        }
    }
}

/// Lines appended from any thread, in order.
final class SendableLog: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var entries: [String] { lines.withLock { $0 } }
}

/// A target whose performDrop only starts a Task given by the test.
@MainActor
final class TaskTarget: DropInteractionDelegate {
    var performDrop: @MainActor (DropSession) -> Void = { _ in }
    var session: DropSession?

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        .copy
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        self.session = session
        performDrop(session)
    }
}

/// A target that ends the drag from inside its own update call.
@MainActor
final class ImpatientTarget: DropInteractionDelegate {
    weak var engine: DragDropEngine?

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        try? engine?.cancel(session.pointer)
        return .copy
    }
}

@MainActor
@Suite("DropSession")
struct DropSessionTests {
    @Test("Progress counts the items loaded by a drop")
    func progress() async throws {
        let scene = Scene(texts: ["one", "two", "three"])
        let drag = try scene.harness.lift(from: "photo")
        try drag.move(to: "zone")
        let session = try #require(drag.dropSession)
        try await drag.drop()
        #expect(scene.zoneTarget.received == ["one", "two", "three"])
        #expect(session.progress.totalUnitCount == 3)
        #expect(session.progress.completedUnitCount == 3)
    }

    @Test("Loads wrapped in trackingLoad are waited for by drop()")
    func trackedLoads() async throws {
        let scene = Scene(texts: ["a", "b"])
        let target = TrackingTarget()
        scene.makeZoneTarget(target)
        let drag = try scene.harness.lift(from: "photo")
        try drag.move(to: "zone")
        try await drag.drop()
        #expect(target.loaded == ["a", "b"])
        #expect(scene.source.transfers == 1)
        #expect(scene.harness.transcript.calls.last == .source("photo", .didTransferItems))
    }

    @Test("A Task of the drop that waits for the drop's loads waits for the others, not for itself")
    func waitingFromTheDropsOwnTask() async throws {
        let scene = Scene(texts: ["a"])
        let target = TaskTarget()
        var events: [String] = []
        target.performDrop = { session in
            let provider = session.items[0].itemProvider
            Task {
                let text = try await provider.loadObject(ofClass: String.self)
                events.append("loaded \(text)")
            }
            Task {
                await session.waitForLoads()
                events.append("done waiting")
            }
        }
        scene.makeZoneTarget(target)
        let drag = try scene.harness.lift(from: "photo")
        try drag.move(to: "zone")
        try await drag.drop()
        #expect(events.sorted() == ["done waiting", "loaded a"])
        #expect(scene.source.transfers == 1)
    }

    @Test("Loads through a drop session's items count wherever they start, even detached and after the drop")
    func providerLoadsCountAnywhere() async throws {
        let scene = Scene()
        let target = TaskTarget()
        scene.makeZoneTarget(target)
        let (started, release) = (AsyncStream<Void>.makeStream(), AsyncStream<Void>.makeStream())
        let log = SendableLog()
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .utf8PlainText) {
            started.continuation.yield()
            for await _ in release.stream {}
            log.append("produced")
            return Data("slow".utf8)
        }
        let drag = try scene.harness.dragFromOtherProcess([provider])
        try drag.move(to: "zone")
        try await drag.drop()
        let session = try #require(target.session)
        let item = session.items[0].itemProvider
        let load = Task.detached { try await item.loadObject(ofClass: String.self) }
        for await _ in started.stream { break }
        let waiter = Task {
            await session.waitForLoads()
            log.append("idle")
        }
        release.continuation.finish()
        await waiter.value
        // Idle came only once the load had its data.
        #expect(log.entries == ["produced", "idle"])
        #expect(try await load.value == "slow")
    }

    @Test("A delegate that ends the drag inside its own call stops the move there")
    func reentrantEnd() throws {
        let scene = Scene()
        let target = ImpatientTarget()
        target.engine = scene.harness.engine
        scene.makeZoneTarget(target)
        let drag = try scene.harness.lift(from: "photo")
        #expect(try drag.move(to: "zone") == nil)
        #expect(scene.harness.engine.activePointers.isEmpty)
        #expect(scene.source.endedWith == [.cancel])
        #expect(!scene.harness.transcript.calls.contains(.source("photo", .didMove)))
    }

    @Test("A target whose delegate is gone is left, and offers no drop")
    func delegateGone() async throws {
        let window = ViewNode(name: "window", frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let source = ViewNode(name: "source", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let zone = ViewNode(name: "zone", frame: CGRect(x: 100, y: 0, width: 100, height: 100))
        window.addChild(source)
        window.addChild(zone)
        let sourceDelegate = TextSource(["x"])
        source.addInteraction(DragInteraction(delegate: sourceDelegate))
        var target: TextTarget? = TextTarget()
        zone.addInteraction(DropInteraction(delegate: try #require(target)))
        let harness = DragDropHarness(root: window)
        let drag = try harness.lift(from: "source")
        #expect(try drag.move(to: "zone") == .copy)
        target = nil
        #expect(try drag.move(to: "zone", at: CGPoint(x: 5, y: 5)) == nil)
        #expect(try await drag.drop() == .cancel)
    }

    @Test("Lift previews come from the delegate or the item")
    func previews() throws {
        let scene = Scene()
        let drag = try scene.harness.lift(from: "photo")
        let item = try #require(drag.dragSession?.items.first)
        #expect(scene.harness.engine.liftPreview(for: item, of: drag.pointer) == nil)
        item.previewProvider = { DragPreview(size: CGSize(width: 20, height: 10), title: "hello") }
        let preview = scene.harness.engine.liftPreview(for: item, of: drag.pointer)
        #expect(preview?.title == "hello")
        #expect(scene.harness.transcript.calls.suffix(2) == [
            .source("photo", .previewForLifting(hasPreview: false)),
            .source("photo", .previewForLifting(hasPreview: true)),
        ])
    }

    @Test("Local objects are shared with the source's items; other processes get none")
    func localObjects() throws {
        let scene = Scene()
        let drag = try scene.harness.lift(from: "photo")
        let dropItem = try #require(drag.dropSession?.items.first)
        #expect(dropItem.localObject as? String == "hello")
        dropItem.localObject = 42
        #expect(drag.dragSession?.items.first?.localObject as? Int == 42)
        #expect(dropItem.sourceItem === drag.dragSession?.items.first)

        let external = try scene.harness.dragFromOtherProcess(objects: ["x"])
        #expect(external.dropSession?.items.first?.localObject == nil)
        #expect(external.dropSession?.items.first?.sourceItem == nil)
    }
}
