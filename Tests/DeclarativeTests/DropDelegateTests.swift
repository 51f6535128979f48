import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import UniformTypes

@MainActor
@Suite("onDrop(of:delegate:): SwiftUI's DropDelegate order and defaults")
struct DropDelegateTests {
    let source = view("source", x: 0)
    let zone = view("zone", x: 200)
    let other = view("other", x: 400)
    let delegate = RecordingDropDelegate()
    let harness: DragDropHarness

    init() {
        (_, harness) = window([source, zone, other])
        harness.engine.reportsModifierCalls = true
        source.onDrag { textProvider("milk") }
        zone.onDrop(of: [.plainText], delegate: delegate)
    }

    @Test("enter, update, exit, come back and drop: calls in SwiftUI's order")
    func fullHover() async throws {
        delegate.proposals = [.copy, .copy, .move]
        let drag = try harness.lift(from: "source")
        try drag.move(to: "zone", at: CGPoint(x: 10, y: 20))
        try drag.move(to: "zone", at: CGPoint(x: 30, y: 40))
        try drag.move(to: "other")
        try drag.move(to: "zone", at: CGPoint(x: 50, y: 60))
        let operation = try await drag.drop()

        #expect(operation == .move)
        #expect(delegate.log == [
            "validateDrop -> true",
            "dropEntered (10, 20)",
            "dropUpdated (10, 20) -> copy",
            "dropUpdated (30, 40) -> copy",
            "dropExited",
            "validateDrop -> true",
            "dropEntered (50, 60)",
            "dropUpdated (50, 60) -> move",
            "performDrop (50, 60) -> true",
        ])
        #expect(delegate.droppedTexts == ["milk"])
        // The transcript shows each DropDelegate call just before the
        // engine's interaction call it was made from.
        #expect(harness.transcript.calls(on: "zone") == [
            .modifier("zone", .validateDrop(true)), .destination("zone", .canHandle(true)),
            .modifier("zone", .dropEntered), .destination("zone", .didEnter),
            .modifier("zone", .dropUpdated(.copy)), .destination("zone", .didUpdate(.copy)),
            .modifier("zone", .dropUpdated(.copy)), .destination("zone", .didUpdate(.copy)),
            .modifier("zone", .dropExited), .destination("zone", .didExit),
            .modifier("zone", .validateDrop(true)), .destination("zone", .canHandle(true)),
            .modifier("zone", .dropEntered), .destination("zone", .didEnter),
            .modifier("zone", .dropUpdated(.move)), .destination("zone", .didUpdate(.move)),
            .modifier("zone", .performDrop(true)), .destination("zone", .performDrop),
            .destination("zone", .concludeDrop),
            .destination("zone", .didEnd),
        ])
        #expect(harness.transcript.calls(on: "source").last == .source("source", .didTransferItems))
    }

    @Test("dropUpdated returning nil keeps the last proposal, and copy before any")
    func nilProposalKeepsLast() throws {
        delegate.proposals = [nil, .move, nil]
        let drag = try harness.lift(from: "source")
        #expect(try drag.move(to: "zone") == .copy)
        #expect(try drag.move(to: "zone", at: CGPoint(x: 5, y: 5)) == .move)
        #expect(try drag.move(to: "zone", at: CGPoint(x: 6, y: 6)) == .move)
        try drag.cancel()
    }

    @Test("a delegate with only performDrop: validates matching drags and proposes copy")
    func defaults() async throws {
        final class Minimal: DropDelegate {
            var dropped = 0
            func performDrop(info: DropInfo) -> Bool { dropped += 1; return true }
        }
        let minimal = Minimal()
        other.onDrop(of: [.plainText], delegate: minimal)
        let drag = try harness.lift(from: "source")
        #expect(try drag.move(to: "other") == .copy)
        #expect(try await drag.drop() == .copy)
        #expect(minimal.dropped == 1)
    }

    @Test("validateDrop false: no further calls, no target, the drag cancels there")
    func validateRefuses() async throws {
        delegate.validates = false
        let drag = try harness.lift(from: "source")
        #expect(try drag.move(to: "zone") == nil)
        #expect(try drag.move(to: "zone", at: CGPoint(x: 1, y: 1)) == nil)
        #expect(try await drag.drop() == .cancel)
        // Asked once per entry, as UIKit's canHandle.
        #expect(delegate.log == ["validateDrop -> false"])
    }

    @Test("a drag whose types match none of `of:` is never shown to the delegate")
    func refusedTypes() async throws {
        let image = view("image", x: 600)
        harness.root.addChild(image)
        image.onDrag {
            let provider = ItemProvider()
            provider.registerDataRepresentation(for: .png) { Data([0x89]) }
            return provider
        }
        delegate.validates = true
        let drag = try harness.lift(from: "image")
        #expect(try drag.move(to: "zone") == nil)
        #expect(try await drag.drop() == .cancel)
        #expect(delegate.log.isEmpty)
    }

    @Test("performDrop returning false refuses the drop: the source hears cancel")
    func performRefuses() async throws {
        delegate.performs = false
        let drag = try harness.lift(from: "source")
        try drag.move(to: "zone")
        #expect(try await drag.drop() == .cancel)
        #expect(delegate.log.last == "performDrop (50, 50) -> false")
        #expect(delegate.droppedTexts.isEmpty)
        let sourceCalls = harness.transcript.calls(on: "source")
        #expect(sourceCalls.contains(.source("source", .willEnd(.copy))))
        #expect(sourceCalls.last == .source("source", .didEnd(.cancel)))
    }

    @Test("let go over the zone with a cancel proposal: dropExited, no performDrop")
    func cancelProposalExits() async throws {
        delegate.proposals = [.cancel]
        let drag = try harness.lift(from: "source")
        try drag.move(to: "zone")
        #expect(try await drag.drop() == .cancel)
        #expect(delegate.log == ["validateDrop -> true", "dropEntered (50, 50)", "dropUpdated (50, 50) -> cancel",
                                 "dropExited"])
    }

    @Test("DropInfo lists only the providers of the types asked for")
    func infoProviders() async throws {
        final class Inspect: DropDelegate {
            var counts: [Int] = []
            func performDrop(info: DropInfo) -> Bool {
                counts = [info.itemProviders(for: [.plainText]).count, info.itemProviders(for: [.png]).count,
                          info.itemProviders(for: [.png, .plainText]).count]
                return info.hasItemsConforming(to: [.png])
            }
        }
        let inspect = Inspect()
        other.onDrop(of: [.plainText, .png], delegate: inspect)
        let picture = ItemProvider()
        picture.registerDataRepresentation(for: .png) { Data([0x89]) }
        let drag = try harness.dragFromOtherProcess([textProvider("a"), picture, textProvider("b")])
        try drag.move(to: "other")
        #expect(try await drag.drop() == .copy)
        #expect(inspect.counts == [2, 1, 3])
    }
}
