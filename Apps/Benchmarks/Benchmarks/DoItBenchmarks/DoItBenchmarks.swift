import Benchmark
import DoItCore
import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders

// Do It under a big drop: 1,000 to-do items dragged in from another app in
// one drag (1,000 item providers carrying item JSON) and let go in the
// middle of a list, through the drag engine and the list screen's onInsert
// (read every provider, check the rules, add the items and move them into
// place as one undo step, the list reloads); and the undo of that drop.
// The baseline, measured in the same run, adds the same 1,000 items
// straight into the store (one call, one transaction: no drag, no reading,
// no move into place).

let itemCount = 1_000

/// Do It with one list of 20 items in a fresh data folder, shown in a
/// window on a headless desktop, and the 1,000 items to drop.
@MainActor
struct DropScene {
    let folder: URL
    let app: DoItApp
    let list: TodoList
    let screen: TodoListScreen
    let harness: DragDropHarness
    let items: [TodoItem]
    let providers: [ItemProvider]

    init() {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("doit-bench-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let app = DoItApp(store: try! TodoStore(directory: folder, sampleData: false))
        let list = TodoList(name: "Inbox")
        try! app.store.addList(list, items: (0..<20).map { TodoItem(title: "Existing \($0)", listID: list.id) })
        let desktop = ViewNode(name: "desktop", frame: CGRect(x: 0, y: 0, width: 2_000, height: 1_000))
        app.onWindowOpened = { desktop.addChild($0.node) }
        let window = app.windows.open(.list(list.id))
        let items = (0..<itemCount).map { TodoItem(title: "Dropped \($0)", priority: .high, notes: "from the benchmark", listID: list.id) }
        self.folder = folder
        self.app = app
        self.list = list
        self.items = items
        harness = DragDropHarness(root: desktop)
        screen = app.screens[window.id]!.list!
        providers = items.map { item in
            let provider = ItemProvider()
            provider.registerDataRepresentation(for: .todoItem) { TodoJSON.data(for: item) }
            provider.registerDataRepresentation(for: .utf8PlainText) { Data(TodoText.string(for: item).utf8) }
            return provider
        }
    }

    /// Drags the 1,000 items in and lets go before row 10.
    func dropEverything() async {
        let row = screen.listView.frameForItem(at: IndexPath(item: 10, section: 0))!
        let point = screen.listView.node.convert(CGPoint(x: row.midX, y: row.minY + 4), to: harness.root)
        let drag = try! harness.dragFromOtherProcess(providers)
        try! drag.move(to: point)
        try! await drag.drop()
        await app.waitForDrops()
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
            try! scene.app.store.addItems(scene.items)
            benchmark.stopMeasurement()
            precondition(scene.app.store.items(inList: scene.list.id).count == 20 + itemCount)
            scene.remove()
        }
    }

    Benchmark("Drop 1,000 items on a list in one drag") { benchmark in
        nonisolated(unsafe) let benchmark = benchmark
        await Task { @MainActor in
            let scene = DropScene()
            benchmark.startMeasurement()
            await scene.dropEverything()
            benchmark.stopMeasurement()
            precondition(scene.screen.items[10].title == "Dropped 0" && scene.screen.items.count == 20 + itemCount)
            scene.remove()
        }.value
    }

    Benchmark("Undo the drop of 1,000 items") { benchmark in
        nonisolated(unsafe) let benchmark = benchmark
        await Task { @MainActor in
            let scene = DropScene()
            await scene.dropEverything()
            benchmark.startMeasurement()
            scene.app.undo()
            benchmark.stopMeasurement()
            precondition(scene.screen.items.count == 20)
            scene.remove()
        }.value
    }
}
