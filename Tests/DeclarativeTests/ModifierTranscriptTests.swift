import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import UniformTypes

/// With `reportsModifierCalls` on, a harness's transcript shows what each
/// modifier called on the app's side, in SwiftUI's order, next to the
/// engine's UIKit-level calls.
@MainActor
@Suite("Transcripts of the modifiers' calls")
struct ModifierTranscriptTests {
    @Test("onDrag and onDrop with isTargeted: provider at the lift, targeting, perform")
    func onDragOnDrop() async throws {
        let row = view("row", x: 0).onDrag { textProvider("tea") }
        let zone = view("zone", x: 200).onDrop(of: [.plainText], isTargeted: { _ in }) { _ in true }
        let (_, harness) = window([row, zone])
        harness.engine.reportsModifierCalls = true

        let drag = try harness.lift(from: "row")
        try drag.move(to: "zone")
        _ = try await drag.drop()

        #expect(harness.transcript.calls(on: "row").prefix(2) == [
            .modifier("row", .itemProvider(provided: true)), .source("row", .itemsForBeginning(1)),
        ])
        #expect(harness.transcript.calls(on: "zone") == [
            .modifier("zone", .validateDrop(true)), .destination("zone", .canHandle(true)),
            .modifier("zone", .isTargeted(true)), .modifier("zone", .dropEntered), .destination("zone", .didEnter),
            .modifier("zone", .dropUpdated(nil)), .destination("zone", .didUpdate(.copy)),
            .modifier("zone", .isTargeted(false)), .modifier("zone", .performDrop(true)),
            .destination("zone", .performDrop), .destination("zone", .concludeDrop), .destination("zone", .didEnd),
        ])
    }

    @Test("itemProvider returning nil: reported, and no drag begins")
    func itemProviderNil() throws {
        let row = view("row", x: 0).itemProvider { nil }
        let (_, harness) = window([row])
        harness.engine.reportsModifierCalls = true
        #expect(throws: HarnessError.self) { try harness.lift(from: "row") }
        #expect(harness.transcript.calls == [
            .modifier("row", .itemProvider(provided: false)), .source("row", .itemsForBeginning(0)),
        ])
    }

    @Test("dropDestination: the action's call comes after the drop, once the items decoded")
    func dropDestination() async throws {
        let zone = view("zone", x: 0).dropDestination(for: Todo.self) { _, _ in true }
        let (_, harness) = window([zone])
        harness.engine.reportsModifierCalls = true
        let drag = try harness.dragFromOtherProcess([ItemProvider(transferable: Todo(title: "a")), textProvider("b")])
        try drag.move(to: "zone")
        _ = try await drag.drop()
        #expect(harness.transcript.calls.suffix(5) == [
            .modifier("zone", .performDrop(true)), .destination("zone", .performDrop),
            .destination("zone", .concludeDrop), .destination("zone", .didEnd),
            .modifier("zone", .dropDestination(count: 2, true)),
        ])

        let broken = ItemProvider()
        broken.registerDataRepresentation(for: .testTodo) { Data("{".utf8) }
        let failing = try harness.dragFromOtherProcess([broken])
        try failing.move(to: "zone")
        _ = try await failing.drop()
        #expect(harness.transcript.calls.last == .modifier("zone", .dropDestinationFailed(.decodingFailed)))
    }

    @Test("onMove and onInsert: each just before the list's performDrop, with SwiftUI's indexes")
    func listModifiers() async throws {
        let list = ModifierList(["A", "B", "C"])
        list.harness.engine.reportsModifierCalls = true
        list.harness.engine.reportsListDelegateCalls = true
        _ = try await list.drag(row: 0, to: rowPoint(2, 0.9))
        _ = try await list.dropText(["x"], at: rowPoint(0, 0.1))

        let calls = list.harness.transcript.calls(on: "list").filter { call in
            switch call {
            case .modifier(_, .onMove), .modifier(_, .onInsert), .list(_, .performDrop), .destination(_, .performDrop),
                 .modifier(_, .itemProvider): true
            default: false
            }
        }
        let move = ListDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
        let copy = ListDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
        #expect(calls == [
            .modifier("list", .itemProvider(provided: true)),
            .modifier("list", .onMove([0], 3)), .list("list", .performDrop(IndexPath(item: 2, section: 0), move)),
            .destination("list", .performDrop),
            .modifier("list", .onInsert(index: 0, count: 1)), .list("list", .performDrop(IndexPath(item: 0, section: 0), copy)),
            .destination("list", .performDrop),
        ])
        #expect(list.names == ["x", "B", "C", "A"])
    }
}
