import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import UniformTypes

/// A point in a 44-point-row list: `fraction` of the way down row `row`.
func rowPoint(_ row: Int, _ fraction: CGFloat = 0.5) -> CGPoint {
    CGPoint(x: 100, y: CGFloat(row) * 44 + 44 * fraction)
}

/// A list of names built only from the list modifiers, the way a SwiftUI
/// `ForEach` with `onMove` and `onInsert` is: rows drag their name as text,
/// reorders and insertions change `names`, and the list is told.
@MainActor
final class ModifierList {
    let window = ViewNode(name: "window", frame: CGRect(x: 0, y: 0, width: 800, height: 600))
    let rows: ListItems<String>
    let list: ListView
    let harness: DragDropHarness
    private(set) var moves: [(IndexSet, Int)] = []
    private(set) var inserts: [(Int, Int)] = []
    private(set) var targeted: [Bool] = []

    init(_ names: [String], reorders: Bool = true, inserts insertTypes: [UTType]? = [.plainText],
         validate: (@MainActor (DropInfo) -> Bool)? = nil) {
        rows = ListItems(names)
        list = ListView(name: "list", frame: CGRect(x: 0, y: 0, width: 200, height: 600), dataSource: rows,
                        layout: ListRowLayout(width: 200) { _ in 44 })
        window.addChild(list.node)
        harness = DragDropHarness(root: window)
        list.onDrag { [rows] index in textProvider(rows.items[index]) }
        if reorders {
            list.onMove { [unowned self] source, destination in
                moves.append((source, destination))
                var names = rows.items
                names.move(fromOffsets: source, toOffset: destination)
                replace(with: names)
            }
        }
        if let insertTypes {
            list.onInsert(of: insertTypes, isTargeted: { [unowned self] in targeted.append($0) },
                          validate: validate) { [unowned self] index, providers in
                inserts.append((index, providers.count))
                Task {
                    for (offset, provider) in providers.enumerated() {
                        let text = try await provider.loadObject(ofClass: String.self)
                        rows.insert(text, at: IndexPath(item: index + offset, section: 0))
                        try list.insertItems(at: [IndexPath(item: index + offset, section: 0)])
                    }
                }
            }
        }
    }

    var names: [String] { rows.items }

    var moveCalls: [String] { moves.map { "\(Array($0.0)) -> \($0.1)" } }

    private func replace(with names: [String]) {
        for index in names.indices { rows[IndexPath(item: index, section: 0)] = names[index] }
    }

    /// Drags row `from` and drops it at `point` in the list.
    func drag(row from: Int, to point: CGPoint) async throws -> DropOperation {
        let drag = try harness.lift(from: "list", at: rowPoint(from))
        try drag.move(to: "list", at: point)
        return try await drag.drop()
    }

    /// Drags `text` in from another process and drops it at `point`.
    func dropText(_ texts: [String], at point: CGPoint) async throws -> DropOperation {
        let drag = try harness.dragFromOtherProcess(texts.map(textProvider))
        try drag.move(to: "list", at: point)
        let operation = try await drag.drop()
        // The inserting Task loads after the drop.
        for _ in 0..<20 where rows.items.count < names.count + texts.count { await Task.yield() }
        return operation
    }
}
