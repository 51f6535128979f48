import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import UniformTypes

/// A geocache, written and read as JSON under an app-declared type.
struct Geocache: Codable, Equatable, ItemProviderReading, ItemProviderWriting {
    static let contentType = UTType(exportedAs: "org.dragkit.example.geocache", conformingTo: .data)

    var name: String
    var summary: String

    static var readableContentTypes: [UTType] { [contentType] }
    static var writableContentTypes: [UTType] { [contentType] }

    static func object(fromItemProviderData data: Data, contentType: UTType) throws -> Geocache {
        try JSONDecoder().decode(Geocache.self, from: data)
    }

    func loadData(for contentType: UTType) async throws -> Data {
        try JSONEncoder().encode(self)
    }
}

/// A detail view that is both a drag source and a drop target for geocaches.
@MainActor
final class CacheDetail: DragInteractionDelegate, DropInteractionDelegate {
    let view: ViewNode
    var geocache: Geocache
    var shownName: String

    init(name: String, frame: CGRect, geocache: Geocache) {
        view = ViewNode(name: name, frame: frame)
        self.geocache = geocache
        shownName = geocache.name
        view.addInteraction(DragInteraction(delegate: self))
        view.addInteraction(DropInteraction(delegate: self))
    }

    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
        [DragItem(itemProvider: ItemProvider(object: geocache))]
    }

    func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
        session.canLoadObjects(ofClass: Geocache.self)
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        .copy
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        session.loadObjects(ofClass: Geocache.self) { geocaches in
            guard let first = geocaches.first else { return }
            self.geocache = first
            self.shownName = first.name
        }
    }
}

@MainActor
@Suite("Custom view drag and drop (geocache detail)")
struct CustomViewDragDropTests {
    let window = ViewNode(name: "window", frame: CGRect(x: 0, y: 0, width: 800, height: 400))
    let maker = CacheDetail(name: "maker", frame: CGRect(x: 0, y: 0, width: 400, height: 400),
                            geocache: Geocache(name: "Old Mill", summary: "Behind the wheel"))
    let editor = CacheDetail(name: "editor", frame: CGRect(x: 400, y: 0, width: 400, height: 400),
                             geocache: Geocache(name: "Town Hall", summary: "Under the steps"))

    init() {
        window.addChild(maker.view)
        window.addChild(editor.view)
    }

    @Test("A geocache dragged onto the other detail view is copied and shown")
    func copiesGeocache() async throws {
        let harness = DragDropHarness(root: window)
        let drag = try harness.lift(from: "maker")
        #expect(try drag.move(to: "editor") == .copy)
        #expect(try await drag.drop() == .copy)
        #expect(editor.geocache == Geocache(name: "Old Mill", summary: "Behind the wheel"))
        #expect(editor.shownName == "Old Mill")
        #expect(maker.geocache.name == "Old Mill")
        #expect(harness.transcript.calls == droppedDragCalls(from: "maker", onto: "editor"))
    }

    @Test("The source view is also a target: moving over itself asks its own drop delegate")
    func sourceIsTargetToo() async throws {
        let harness = DragDropHarness(root: window)
        let drag = try harness.lift(from: "maker")
        #expect(try drag.move(to: "maker", at: CGPoint(x: 10, y: 10)) == .copy)
        #expect(try await drag.drop() == .copy)
        #expect(maker.shownName == "Old Mill")
        #expect(harness.transcript.calls == droppedDragCalls(from: "maker", onto: "maker"))
    }

    @Test("A geocache from another process is copied too")
    func fromOtherProcess() async throws {
        let harness = DragDropHarness(root: window)
        let drag = try harness.dragFromOtherProcess(objects: [Geocache(name: "Lighthouse", summary: "At the top")])
        try drag.move(to: "editor")
        #expect(try await drag.drop() == .copy)
        #expect(editor.shownName == "Lighthouse")
    }

    @Test("Other types are refused and the view keeps its geocache")
    func othersRefused() async throws {
        let harness = DragDropHarness(root: window)
        let drag = try harness.dragFromOtherProcess(objects: ["plain text"])
        #expect(try drag.move(to: "editor") == nil)
        #expect(try await drag.drop() == .cancel)
        #expect(editor.geocache.name == "Town Hall")
        #expect(harness.transcript.calls == [.destination("editor", .canHandle(false))])
    }

    @Test("Only the first loaded geocache is used when several arrive")
    func firstOfSeveral() async throws {
        let harness = DragDropHarness(root: window)
        let drag = try harness.dragFromOtherProcess(objects: [
            Geocache(name: "First", summary: ""), Geocache(name: "Second", summary: ""),
        ])
        try drag.move(to: "editor")
        #expect(try await drag.drop() == .copy)
        #expect(editor.shownName == "First")
    }
}
