import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing

// The README's example, kept compiling and true.

@MainActor final class NameBadge: DropInteractionDelegate {
    let view = ViewNode(name: "badge", frame: CGRect(x: 0, y: 0, width: 200, height: 80))
    var name = ""
    init() { view.addInteraction(DropInteraction(delegate: self)) }

    func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
        session.canLoadObjects(ofClass: String.self)
    }
    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        .copy
    }
    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        session.loadObjects(ofClass: String.self) { names in self.name = names.first ?? "" }
    }
}

@MainActor
@Suite("README example")
struct ReadmeExampleTests {
    @Test("A name dragged from another process lands on the badge by copy")
    func nameFromAnotherProcess() async throws {
        let badge = NameBadge()
        let harness = DragDropHarness(root: badge.view)
        let drag = try harness.dragFromOtherProcess(objects: ["Ada Lovelace"])
        try drag.move(to: "badge")
        #expect(try await drag.drop() == .copy)
        #expect(badge.name == "Ada Lovelace")
        #expect(harness.transcript.calls == [
            .destination("badge", .canHandle(true)),
            .destination("badge", .didEnter),
            .destination("badge", .didUpdate(.copy)),
            .destination("badge", .performDrop),
            .destination("badge", .concludeDrop),
            .destination("badge", .didEnd),
        ])
    }
}
