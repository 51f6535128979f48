import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing

@MainActor
@Suite("Several drags at once")
struct SimultaneousDragsTests {
    @Test("Two drags by two pointers are independent")
    func twoSessions() async throws {
        let scene = Scene()
        let second = ViewNode(name: "card", frame: CGRect(x: 100, y: 10, width: 60, height: 60))
        let cardSource = TextSource(["card"])
        second.addInteraction(DragInteraction(delegate: cardSource))
        scene.window.addChild(second)
        scene.otherTarget.proposal = { _ in .move }

        let first = try scene.harness.lift(from: "photo")
        let other = try scene.harness.lift(from: "card")
        #expect(first.pointer != other.pointer)
        try first.move(to: "zone")
        try other.move(to: "other")
        #expect(scene.harness.engine.dropTarget(for: first.pointer) === scene.zoneInteraction)
        #expect(try #require(first.dragSession).location(in: scene.zone) == CGPoint(x: 50, y: 50))
        #expect(try #require(other.dragSession).location(in: scene.other) == CGPoint(x: 50, y: 50))

        #expect(try await other.drop() == .move)
        #expect(first.proposal == .copy)
        #expect(try await first.drop() == .copy)

        #expect(scene.zoneTarget.received == ["hello"])
        #expect(scene.otherTarget.received == ["card"])
        #expect(scene.source.endedWith == [.copy])
        #expect(cardSource.endedWith == [.move])
        let entries = scene.harness.transcript.entries
        let firstID = try #require(entries.first?.session)
        let secondID = try #require(entries.first { $0.session != firstID }?.session)
        // Each drag's calls are those of a lone drag: the other one never shows.
        #expect(scene.harness.transcript.calls(session: secondID) == droppedDragCalls(from: "card", onto: "other", operation: .move))
        #expect(scene.harness.transcript.calls(session: firstID) == droppedDragCalls(from: "photo", onto: "zone"))
    }

    @Test("A target that takes one drag at a time lets a second drag pass by")
    func oneSessionPerTarget() throws {
        let scene = Scene()
        let first = try scene.harness.lift(from: "photo")
        let second = try scene.harness.lift(from: "photo")
        #expect(try first.move(to: "zone") == .copy)
        #expect(try second.move(to: "zone") == nil)
        #expect(scene.harness.transcript.calls(on: "zone").filter { $0 == .destination("zone", .canHandle(true)) }.count == 1)

        scene.zoneInteraction.allowsSimultaneousDropSessions = true
        #expect(try second.move(to: "zone") == .copy)
        #expect(scene.zoneInteraction.activeSessionCount == 2)
    }

    @Test("A second touch adds items from another source to a running drag")
    func addingItems() async throws {
        let scene = Scene()
        let card = ViewNode(name: "card", frame: CGRect(x: 100, y: 10, width: 60, height: 60))
        let cardSource = TextSource([])
        cardSource.addedTexts = ["card 1", "card 2"]
        card.addInteraction(DragInteraction(delegate: cardSource))
        scene.window.addChild(card)

        let drag = try scene.harness.lift(from: "photo")
        #expect(try drag.addItems(from: "card") == 2)
        #expect(try drag.addItems(from: "label") == 0)
        #expect(drag.dragSession?.items.count == 3)
        #expect(drag.dropSession?.items.count == 3)
        try drag.move(to: "zone")
        #expect(try await drag.drop() == .copy)

        #expect(scene.zoneTarget.received == ["hello", "card 1", "card 2"])
        #expect(cardSource.endedWith == [.copy])
        #expect(cardSource.transfers == 1)
        #expect(scene.harness.transcript.calls(on: "card") == [
            .source("card", .itemsForAdding(2)),
            .source("card", .didMove),
            .source("card", .willEnd(.copy)),
            .source("card", .didEnd(.copy)),
            .source("card", .didTransferItems),
        ])
    }
}
