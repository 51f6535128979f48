import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import UniformTypes

@MainActor
@Suite("dropDestination(for:action:isTargeted:onFailure:)")
struct DropDestinationTests {
    let zone = view("zone", x: 200)
    let harness: DragDropHarness
    var model: [Todo] = []

    init() {
        (_, harness) = window([zone])
    }

    /// A zone appending dropped to-dos to `store`, failures to `failures`.
    func install(_ store: TodoStore, returning result: Bool = true, throwing: (any Error)? = nil) {
        zone.dropDestination(for: Todo.self, action: { items, point in
            if let throwing { throw throwing }
            guard result else { return false }
            store.items += items
            store.points.append(point)
            return true
        }, isTargeted: { store.targeted.append($0) }, onFailure: { store.failures.append($0) })
    }

    @Test("decodes each item through its best representation, then calls the action once")
    func bestFirst() async throws {
        let store = TodoStore()
        install(store)
        let json = ItemProvider(transferable: Todo(title: "from json", done: true))
        let text = textProvider("from text")
        let drag = try harness.dragFromOtherProcess([json, text])
        try drag.move(to: "zone", at: CGPoint(x: 7, y: 8))
        #expect(try await drag.drop() == .copy)
        // The JSON item keeps `done` (its own type wins over its text);
        // the text becomes a new item through the proxy.
        #expect(store.items == [Todo(title: "from json", done: true), Todo(title: "from text")])
        #expect(store.points == [CGPoint(x: 7, y: 8)])
        #expect(store.targeted == [true, false])
        #expect(store.failures.isEmpty)
    }

    @Test("one item failing to decode: the action is not called, the app gets the error")
    func decodeFailure() async throws {
        let store = TodoStore()
        install(store)
        let broken = ItemProvider()
        broken.registerDataRepresentation(for: .testTodo) { Data("not json".utf8) }
        let drag = try harness.dragFromOtherProcess([ItemProvider(transferable: Todo(title: "fine")), broken])
        try drag.move(to: "zone")
        _ = try await drag.drop()
        #expect(store.items.isEmpty)
        let error = try #require(store.failures.first)
        #expect(error.code == .decodingFailed)
        #expect(error.description.contains("Item 2 of 2"))
        #expect((error.underlyingError as? ItemProviderError)?.code == .decodingFailed)
    }

    @Test("the action returning false or throwing refuses the drop and changes nothing")
    func actionRefuses() async throws {
        struct Full: Error {}
        for (result, error) in [(false, nil), (true, Full() as (any Error)?)] {
            let store = TodoStore()
            let zone = view("zone", x: 0)
            let (_, harness) = window([zone])
            zone.dropDestination(for: Todo.self, action: { items, _ in
                if let error { throw error }
                if result { store.items += items }
                return result
            }, onFailure: { store.failures.append($0) })
            let drag = try harness.dragFromOtherProcess([ItemProvider(transferable: Todo(title: "x"))])
            try drag.move(to: "zone")
            let session = try #require(drag.dropSession)
            _ = try await drag.drop()
            #expect(store.items.isEmpty)
            #expect(session.isDropRefused)
            #expect(store.failures.map(\.code) == (error == nil ? [] : [.actionFailed]))
        }
    }

    @Test("drags with nothing importable as the type pass the destination by")
    func refusedTypes() async throws {
        let store = TodoStore()
        install(store)
        let png = ItemProvider()
        png.registerDataRepresentation(for: .png) { Data([0x89]) }
        let drag = try harness.dragFromOtherProcess([png])
        #expect(try drag.move(to: "zone") == nil)
        #expect(try await drag.drop() == .cancel)
        #expect(store.targeted.isEmpty && store.items.isEmpty && store.failures.isEmpty)
    }
}

@MainActor
final class TodoStore {
    var items: [Todo] = []
    var points: [CGPoint] = []
    var targeted: [Bool] = []
    var failures: [DropDestinationError] = []
}
