import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import UniformTypes

extension UTType {
    static let testTodo = UTType(exportedAs: "org.dragkit.tests.todo-item", conformingTo: .json)
    static let testTodoList = UTType(exportedAs: "org.dragkit.tests.todo-list", conformingTo: .json)
}

/// A to-do item as the Do It app drags it: JSON of its own type first, plain
/// text for other apps; text dropped in becomes a new item.
struct Todo: Codable, Hashable, Transferable {
    var title: String
    var done = false

    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .testTodo)
        ProxyRepresentation(exporting: { $0.title }, importing: { Todo(title: $0) })
    }
}

/// A window with named views, one harness over it.
@MainActor
func window(_ children: [ViewNode]) -> (ViewNode, DragDropHarness) {
    let root = ViewNode(name: "window", frame: CGRect(x: 0, y: 0, width: 800, height: 600))
    for child in children { root.addChild(child) }
    return (root, DragDropHarness(root: root))
}

/// A named view at `x` (100 × 100 at y 0).
@MainActor
func view(_ name: String, x: CGFloat) -> ViewNode {
    ViewNode(name: name, frame: CGRect(x: x, y: 0, width: 100, height: 100))
}

func textProvider(_ text: String) -> ItemProvider {
    ItemProvider(object: text)
}

/// Records a DropDelegate's calls, with the location each one saw.
@MainActor
final class RecordingDropDelegate: DropDelegate {
    private(set) var log: [String] = []
    var validates: Bool?
    var proposals: [DropProposal?] = []
    var performs = true
    private(set) var droppedTexts: [String] = []

    func validateDrop(info: DropInfo) -> Bool {
        let answer = validates ?? info.hasItemsConforming(to: [.plainText])
        log.append("validateDrop -> \(answer)")
        return answer
    }

    func dropEntered(info: DropInfo) {
        log.append("dropEntered \(point(info.location))")
    }

    func dropUpdated(info: DropInfo) -> DropProposal? {
        let proposal = proposals.isEmpty ? nil : proposals.removeFirst()
        log.append("dropUpdated \(point(info.location)) -> \(proposal.map(\.description) ?? "nil")")
        return proposal
    }

    func dropExited(info: DropInfo) {
        log.append("dropExited")
    }

    func performDrop(info: DropInfo) -> Bool {
        log.append("performDrop \(point(info.location)) -> \(performs)")
        guard performs else { return false }
        let providers = info.itemProviders(for: [.plainText])
        Task {
            for provider in providers {
                let text = try await info.session.trackingLoad {
                    try await provider.loadObject(ofClass: String.self)
                }
                droppedTexts.append(text)
            }
        }
        return true
    }

    private func point(_ point: CGPoint) -> String {
        "(\(Int(point.x)), \(Int(point.y)))"
    }
}
