import DoItCore
import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import UniformTypes

/// Do It on a headless desktop: every window's view node side by side under
/// one root, one drag engine (DragDropTesting's) for all of them, the app's
/// activity handler installed on it, sample data on a fixed clock.
@MainActor
final class Desktop {
    let app: DoItApp
    let root = ViewNode(name: "desktop", frame: CGRect(x: 0, y: 0, width: 4_000, height: 800))
    let harness: DragDropHarness

    init() throws {
        let store = try TodoStore(inMemoryWith: TestClock.fixed, sampleData: true)
        app = DoItApp(store: store)
        harness = DragDropHarness(root: root)
        app.onWindowOpened = { [root] screen in root.addChild(screen.node) }
        app.install(on: harness.engine)
        app.openMainWindow()
        store.undoHistory.removeAll()
    }

    var store: TodoStore { app.store }
    var main: WindowScreen { app.screens[1]! }

    func list(named name: String) -> TodoList {
        store.lists().first { $0.name == name }!
    }

    /// Opens a window showing a list (as a drag out would).
    func openWindow(_ content: WindowContent) -> WindowScreen {
        let window = app.windows.open(content)
        return app.screens[window.id]!
    }

    func openWindow(list name: String) -> WindowScreen {
        openWindow(.list(list(named: name).id))
    }

    func titles(_ name: String) -> [String] {
        store.items(inList: list(named: name).id).map(\.title)
    }

    // MARK: - Points (desktop coordinates)

    /// The middle of a row.
    func row(_ index: Int, of list: ListView) -> CGPoint {
        let frame = list.frameForItem(at: IndexPath(item: index, section: 0))!
        return list.node.convert(CGPoint(x: frame.midX, y: frame.midY), to: root)
    }

    /// A point that drops before row `index` (past the last row: the end).
    func gap(before index: Int, in list: ListView) -> CGPoint {
        let count = list.numberOfItems(inSection: 0)
        if index < count {
            let frame = list.frameForItem(at: IndexPath(item: index, section: 0))!
            return list.node.convert(CGPoint(x: frame.midX, y: frame.minY + 4), to: root)
        }
        let last = count > 0 ? list.frameForItem(at: IndexPath(item: count - 1, section: 0))!.maxY : 0
        return list.node.convert(CGPoint(x: 20, y: last + 20), to: root)
    }

    // MARK: - Drags

    /// Drags row `index` of `from` and drops it at `point`, waiting for the
    /// drop to be applied.
    @discardableResult
    func drag(row index: Int, of from: ListView, to point: CGPoint) async throws -> DropOperation {
        let drag = try harness.lift(at: row(index, of: from))
        try drag.move(to: point, steps: 4)
        let operation = try await drag.drop()
        await app.waitForDrops()
        return operation
    }

    /// Drops providers from another process at `point`.
    @discardableResult
    func dropFromOtherProcess(_ providers: [ItemProvider], at point: CGPoint) async throws -> (DropProposal?, DropOperation) {
        let drag = try harness.dragFromOtherProcess(providers)
        let proposal = try drag.move(to: point)
        let operation = try await drag.drop()
        await app.waitForDrops()
        return (proposal, operation)
    }
}

extension ItemProvider {
    /// A provider of `text` as another app offers it.
    static func text(_ text: String) -> ItemProvider {
        ItemProvider(object: text)
    }

    /// A provider of bytes of one type.
    static func data(_ string: String, as type: UTType) -> ItemProvider {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: type) { Data(string.utf8) }
        return provider
    }
}
