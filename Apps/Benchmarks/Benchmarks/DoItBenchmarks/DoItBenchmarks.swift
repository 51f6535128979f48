import Benchmark
import DoItCore
import Foundation
import ItemProviders

// Do It's core under a big drop: 1,000 to-do items dropped at once (one
// drag, 1,000 item providers carrying item JSON, as from another app) into
// the middle of a list, and the undo of that drop. The baseline, measured
// in the same run, adds the same 1,000 items straight into the store (one
// call, one transaction, no reading and no move into place).

let itemCount = 1_000

/// A store in a fresh folder with one list of 20 items, and the 1,000
/// items to drop, as providers from another process.
@MainActor
struct DropScene {
    let folder: URL
    let store: TodoStore
    let list: TodoList
    let providers: [ItemProvider]
    let items: [TodoItem]

    init() {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("doit-bench-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = try! TodoStore(directory: folder, sampleData: false)
        list = TodoList(name: "Inbox")
        try! store.addList(list, items: (0..<20).map { TodoItem(title: "Existing \($0)", listID: list.id) })
        items = (0..<itemCount).map { TodoItem(title: "Dropped \($0)", priority: .high, notes: "from the benchmark", listID: list.id) }
        providers = items.map { item in
            let provider = ItemProvider()
            provider.registerDataRepresentation(for: .todoItem) { TodoJSON.data(for: item) }
            provider.registerDataRepresentation(for: .utf8PlainText) { Data(TodoText.string(for: item).utf8) }
            return provider.view(for: .otherProcess)
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: 2,
        maxDuration: .seconds(5),
        maxIterations: 100
    )

    Benchmark("Baseline: add 1,000 items straight into the store") { benchmark in
        // The harness waits for this closure, so handing it to the main
        // actor for the measurement races with nothing.
        nonisolated(unsafe) let benchmark = benchmark
        await MainActor.run {
            let scene = DropScene()
            benchmark.startMeasurement()
            try! scene.store.addItems(scene.items)
            benchmark.stopMeasurement()
            precondition(scene.store.items(inList: scene.list.id).count == 20 + itemCount)
            scene.remove()
        }
    }

    Benchmark("Drop 1,000 items on a list in one drag") { benchmark in
        nonisolated(unsafe) let benchmark = benchmark
        await Task { @MainActor in
            let scene = DropScene()
            let handler = TodoDropHandler(store: scene.store)
            benchmark.startMeasurement()
            try! await handler.drop(scene.providers, at: 10, on: .list(scene.list.id))
            benchmark.stopMeasurement()
            precondition(scene.store.items(inList: scene.list.id)[10].title == "Dropped 0")
            scene.remove()
        }.value
    }

    Benchmark("Undo the drop of 1,000 items") { benchmark in
        nonisolated(unsafe) let benchmark = benchmark
        await Task { @MainActor in
            let scene = DropScene()
            let handler = TodoDropHandler(store: scene.store)
            try! await handler.drop(scene.providers, at: 10, on: .list(scene.list.id))
            benchmark.startMeasurement()
            scene.store.undoHistory.undo()
            benchmark.stopMeasurement()
            precondition(scene.store.items(inList: scene.list.id).count == 20)
            scene.remove()
        }.value
    }
}
