import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import UniformTypes

@MainActor
@Suite("onDrop(of:isTargeted:perform:) and its location variant")
struct DropModifierTests {
    let source = view("source", x: 0)
    let zone = view("zone", x: 200)
    let harness: DragDropHarness

    init() {
        (_, harness) = window([source, zone])
        source.onDrag { textProvider("eggs") }
    }

    @Test("perform gets the conforming providers, readable; isTargeted follows the hover")
    func performAndTargeting() async throws {
        var targeted: [Bool] = []
        var texts: [String] = []
        zone.onDrop(of: [.plainText], isTargeted: { targeted.append($0) }) { providers in
            Task {
                for provider in providers {
                    texts.append(try await provider.loadObject(ofClass: String.self))
                }
            }
            return true
        }
        let drag = try harness.lift(from: "source")
        try drag.move(to: "zone")
        #expect(targeted == [true])
        try drag.move(to: "source")
        #expect(targeted == [true, false])
        try drag.move(to: "zone")
        #expect(try await drag.drop() == .copy)
        #expect(targeted == [true, false, true, false])
        #expect(texts == ["eggs"])
    }

    @Test("the location variant gets the drop point in the view's coordinates")
    func location() async throws {
        var dropped: [CGPoint] = []
        zone.onDrop(of: [.plainText]) { (_: [ItemProvider], point: CGPoint) in
            dropped.append(point)
            return true
        }
        let drag = try harness.lift(from: "source")
        try drag.move(to: "zone", at: CGPoint(x: 12, y: 34))
        #expect(try await drag.drop() == .copy)
        #expect(dropped == [CGPoint(x: 12, y: 34)])
    }

    @Test("perform returning false: nothing changes and the drag ends cancelled")
    func refuses() async throws {
        var calls = 0
        zone.onDrop(of: [.plainText]) { _ in
            calls += 1
            return false
        }
        let drag = try harness.lift(from: "source")
        try drag.move(to: "zone")
        #expect(try await drag.drop() == .cancel)
        #expect(calls == 1)
        #expect(harness.transcript.calls(on: "source").last == .source("source", .didEnd(.cancel)))
    }

    @Test("types matching none of of: never reach perform, and the next modifier is asked")
    func refusedTypesFallThrough() async throws {
        var order: [String] = []
        zone.onDrop(of: [.plainText]) { _ in order.append("text"); return true }
        zone.onDrop(of: [.png]) { _ in order.append("png"); return true }
        // The last modifier added is asked first; it refuses text, so the
        // text drop reaches the first.
        let drag = try harness.lift(from: "source")
        #expect(try drag.move(to: "zone") == .copy)
        _ = try await drag.drop()
        #expect(order == ["text"])

        let png = ItemProvider()
        png.registerDataRepresentation(for: .png) { Data([0x89]) }
        let image = try harness.dragFromOtherProcess([png])
        try image.move(to: "zone")
        _ = try await image.drop()
        #expect(order == ["text", "png"])

        let json = ItemProvider()
        json.registerDataRepresentation(for: .json) { Data("{}".utf8) }
        let refused = try harness.dragFromOtherProcess([json])
        #expect(try refused.move(to: "zone") == nil)
        #expect(try await refused.drop() == .cancel)
        #expect(order == ["text", "png"])
    }
}

@MainActor
@Suite("onDrag, itemProvider and draggable")
struct DragModifierTests {
    let row = view("row", x: 0)
    let zone = view("zone", x: 200)
    let harness: DragDropHarness

    init() {
        (_, harness) = window([row, zone])
    }

    @Test("onDrag makes the provider at each lift; its preview reaches the toolkit")
    func onDragAndPreview() throws {
        var lifts = 0
        row.onDrag({
            lifts += 1
            return textProvider("row \(lifts)")
        }, preview: { DragPreview(title: "Row") })
        let drag = try harness.lift(from: "row")
        #expect(lifts == 1)
        let item = try #require(drag.dragSession?.items.first)
        #expect(item.itemProvider.registeredContentTypes == [.utf8PlainText])
        #expect(harness.engine.liftPreview(for: item, of: drag.pointer)?.title == "Row")
        try drag.cancel()
        _ = try harness.lift(from: "row")
        #expect(lifts == 2)
    }

    @Test("itemProvider returning nil starts no drag; a nil action removes the source")
    func itemProviderNil() throws {
        var offers = false
        row.itemProvider { offers ? textProvider("x") : nil }
        #expect(throws: HarnessError.self) { try harness.lift(from: "row") }
        offers = true
        let drag = try harness.lift(from: "row")
        try drag.cancel()
        row.itemProvider(nil)
        #expect(row.interactions.isEmpty)
        #expect(throws: HarnessError.self) { try harness.lift(from: "row") }
    }

    @Test("a later drag modifier replaces the earlier one")
    func replaces() throws {
        row.onDrag { textProvider("first") }
        row.draggable(Todo(title: "second"))
        #expect(row.interactions.count == 1)
        let drag = try harness.lift(from: "row")
        let item = try #require(drag.dragSession?.items.first)
        #expect(item.itemProvider.registeredContentTypes == [.testTodo, .utf8PlainText])
        #expect(item.localObject as? Todo == Todo(title: "second"))
    }

    @Test("draggable reads its payload at the lift")
    func draggableReadsAtLift() async throws {
        var todo = Todo(title: "draft")
        row.draggable(todo)
        todo.title = "final"
        var received: [Todo] = []
        zone.dropDestination(for: Todo.self) { items, _ in
            received += items
            return true
        }
        let drag = try harness.lift(from: "row")
        try drag.move(to: "zone")
        #expect(try await drag.drop() == .copy)
        #expect(received == [Todo(title: "final")])
    }
}
