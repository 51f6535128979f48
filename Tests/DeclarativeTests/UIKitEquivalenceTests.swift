import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import UniformTypes

/// The same drops, written once with UIKit-style delegates and once with the
/// SwiftUI-style modifiers, must leave the model in the same state.
@MainActor
@Suite("UIKit-style delegates and SwiftUI-style modifiers change the model the same way")
struct UIKitEquivalenceTests {
    /// A shopping list on the left, a basket taking text on the right.
    @MainActor
    final class Screen {
        let root = ViewNode(name: "window", frame: CGRect(x: 0, y: 0, width: 800, height: 600))
        let items: ListItems<String>
        let list: ListView
        let basket = ViewNode(name: "basket", frame: CGRect(x: 400, y: 0, width: 200, height: 200))
        var basketTexts: [String] = []
        let harness: DragDropHarness
        var keep: [AnyObject] = []

        init(_ names: [String]) {
            items = ListItems(names)
            list = ListView(name: "list", frame: CGRect(x: 0, y: 0, width: 200, height: 600), dataSource: items,
                            layout: ListRowLayout(width: 200) { _ in 44 })
            root.addChild(list.node)
            root.addChild(basket)
            harness = DragDropHarness(root: root)
        }
    }

    /// UIKit: a list drag/drop delegate and a drop interaction delegate.
    @MainActor
    final class UIKitStyle: ListDragDelegate, ListDropDelegate, DropInteractionDelegate {
        unowned let screen: Screen
        init(_ screen: Screen) { self.screen = screen }

        func list(_ list: ListView, itemsForBeginning session: DragSession, at indexPath: IndexPath) -> [DragItem] {
            [DragItem(itemProvider: textProvider(screen.items[indexPath]))]
        }
        func list(_ list: ListView, canHandle session: DropSession) -> Bool {
            session.localDragSession != nil || session.hasItemsConforming(to: [.plainText])
        }
        func list(_ list: ListView, dropSessionDidUpdate session: DropSession,
                  withDestinationIndexPath destinationIndexPath: IndexPath?) -> ListDropProposal {
            ListDropProposal(operation: session.localDragSession != nil ? .move : .copy,
                             intent: .insertAtDestinationIndexPath)
        }
        func list(_ list: ListView, performDropWith coordinator: ListDropCoordinator) {
            let end = IndexPath(item: screen.items.items.count, section: 0)
            if let item = coordinator.items.first, let source = item.sourceIndexPath {
                let destination = coordinator.destinationIndexPath ?? IndexPath(item: end.item - 1, section: 0)
                screen.items.moveItem(at: source, to: destination)
                try? list.moveItem(at: source, to: destination)
                return
            }
            let destination = coordinator.destinationIndexPath ?? end
            coordinator.session.loadObjects(ofClass: String.self) { [screen] texts in
                for (offset, text) in texts.enumerated() {
                    let at = IndexPath(item: destination.item + offset, section: 0)
                    screen.items.insert(text, at: at)
                    try? list.insertItems(at: [at])
                }
            }
        }
        func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
            session.canLoadObjects(ofClass: String.self)
        }
        func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
            .copy
        }
        func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
            session.loadObjects(ofClass: String.self) { [screen] in screen.basketTexts += $0 }
        }
    }

    static func uikit(_ names: [String]) -> Screen {
        let screen = Screen(names)
        let delegate = UIKitStyle(screen)
        screen.keep.append(delegate)
        screen.list.dragDelegate = delegate
        screen.list.dropDelegate = delegate
        screen.basket.addInteraction(DropInteraction(delegate: delegate))
        return screen
    }

    static func swiftUI(_ names: [String]) -> Screen {
        let screen = Screen(names)
        let items = screen.items, list = screen.list
        list.onDrag { index in textProvider(items.items[index]) }
            .onMove { source, destination in
                var names = items.items
                names.move(fromOffsets: source, toOffset: destination)
                for (index, name) in names.enumerated() { items[IndexPath(item: index, section: 0)] = name }
            }
            .onInsert(of: [.plainText]) { index, providers in
                Task {
                    for (offset, provider) in providers.enumerated() {
                        let text = try await provider.loadObject(ofClass: String.self)
                        let at = IndexPath(item: index + offset, section: 0)
                        items.insert(text, at: at)
                        try list.insertItems(at: [at])
                    }
                }
            }
        screen.basket.onDrop(of: [.plainText]) { providers in
            Task {
                for provider in providers {
                    screen.basketTexts.append(try await provider.loadObject(ofClass: String.self))
                }
            }
            return true
        }
        return screen
    }

    /// One script of drags: reorders within the list, text from another
    /// process into the list, rows into the basket.
    static func play(on screen: Screen) async throws -> [DropOperation] {
        var operations: [DropOperation] = []
        func drag(row: Int, to point: CGPoint, in view: String) async throws {
            let drag = try screen.harness.lift(from: "list", at: rowPoint(row))
            try drag.move(to: view, at: point)
            operations.append(try await drag.drop())
        }
        try await drag(row: 0, to: rowPoint(2, 0.8), in: "list")
        try await drag(row: 3, to: rowPoint(0, 0.1), in: "list")
        try await drag(row: 1, to: CGPoint(x: 100, y: 580), in: "list")
        let text = try screen.harness.dragFromOtherProcess([textProvider("butter"), textProvider("jam")])
        try text.move(to: "list", at: rowPoint(1, 0.9))
        operations.append(try await text.drop())
        try await drag(row: 0, to: CGPoint(x: 10, y: 10), in: "basket")
        for _ in 0..<50 where screen.items.items.count < 6 || screen.basketTexts.isEmpty { await Task.yield() }
        return operations
    }

    @Test("the same script leaves both models, lists and operations the same")
    func sameModel() async throws {
        let names = ["bread", "milk", "eggs", "tea"]
        let uikit = Self.uikit(names)
        let swiftUI = Self.swiftUI(names)
        let uikitOperations = try await Self.play(on: uikit)
        let swiftUIOperations = try await Self.play(on: swiftUI)

        #expect(uikit.items.items == ["tea", "eggs", "butter", "jam", "bread", "milk"])
        #expect(swiftUI.items.items == uikit.items.items)
        #expect(swiftUI.basketTexts == uikit.basketTexts)
        #expect(uikit.basketTexts == ["tea"])
        #expect(swiftUIOperations == uikitOperations)
        #expect(swiftUI.list.numberOfItems(inSection: 0) == uikit.list.numberOfItems(inSection: 0))
    }
}
