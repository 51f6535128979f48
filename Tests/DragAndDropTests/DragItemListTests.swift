import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import UniformTypes

/// A drag source giving its texts as a ``DragItemList``, counting the items it makes.
@MainActor
final class LazyTextSource: DragInteractionDelegate {
    let texts: [String]
    var addedTexts: [String] = []
    private(set) var made: [Int] = []
    private(set) var list: DragItemList?
    var endedWith: [DropOperation] = []

    init(count: Int) {
        texts = (0..<count).map { "text \($0)" }
    }

    func dragInteraction(_ interaction: DragInteraction, itemListForBeginning session: DragSession) -> DragItemList? {
        let list = DragItemList(count: texts.count) { [unowned self] index in
            made.append(index)
            let item = DragItem(itemProvider: ItemProvider(object: texts[index]))
            item.localObject = texts[index]
            return item
        }
        self.list = list
        return list
    }

    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
        Issue.record("itemsForBeginning is asked only when itemListForBeginning gives no list")
        return []
    }

    func dragInteraction(_ interaction: DragInteraction, itemsForAddingTo session: DragSession,
                         withTouchAt point: CGPoint) -> [DragItem] {
        addedTexts.map { DragItem(itemProvider: ItemProvider(object: $0)) }
    }

    func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {
        endedWith.append(operation)
    }
}

@MainActor
@Suite("DragItemList")
struct DragItemListTests {
    /// The Scene's window, with the photo's source replaced by a lazy one of `count` items.
    private func scene(count: Int) -> (Scene, LazyTextSource) {
        let scene = Scene()
        let source = LazyTextSource(count: count)
        for case let drag as DragInteraction in scene.photo.interactions { scene.photo.removeInteraction(drag) }
        scene.photo.addInteraction(DragInteraction(delegate: source))
        return (scene, source)
    }

    @Test("A list counts its items and makes each once, only when asked for")
    func makesItemsWhenAsked() {
        var made: [Int] = []
        let list = DragItemList(count: 5) { index in
            made.append(index)
            return DragItem(itemProvider: ItemProvider(object: "\(index)"))
        }
        #expect(list.count == 5)
        #expect(list.madeCount == 0)
        let third = list[3]
        #expect(list[3] === third)
        #expect(made == [3])
        #expect(list.isMade(3) && !list.isMade(0))
        #expect(list.containsMade(third))
        #expect(!list.containsMade(DragItem(itemProvider: ItemProvider())))
        #expect(list.contains { $0.itemProvider.suggestedName == nil })
        #expect(made == [3, 0])
        let all = list.all
        #expect(all.count == 5 && all[3] === third)
        #expect(made == [3, 0, 1, 2, 4])
    }

    @Test("A list of items already made holds them in order and makes nothing")
    func madeItems() {
        let items = (0..<3).map { DragItem(itemProvider: ItemProvider(object: "\($0)")) }
        let list = DragItemList(items)
        #expect(list.count == 3 && list.madeCount == 3)
        #expect(zip(list.all, items).allSatisfy { $0 === $1 })
        #expect(DragItemList([]).isEmpty)
    }

    @Test("A lift of 1,000 items from a list makes none; the session counts them")
    func liftMakesNoItems() throws {
        let (scene, source) = scene(count: 1_000)
        let drag = try scene.harness.lift(from: "photo")
        let session = try #require(drag.dragSession)
        #expect(session.itemCount == 1_000)
        #expect(source.made.isEmpty)
        #expect(scene.harness.transcript.calls.first == .source("photo", .itemsForBeginning(1_000)))
        #expect(session.item(at: 999).localObject as? String == "text 999")
        #expect(source.made == [999])
    }

    @Test("Hovering asks about types from the first item only; the drop gets every item in order")
    func dropGetsAllItemsInOrder() async throws {
        let (scene, source) = scene(count: 1_000)
        scene.zoneTarget.accepts = { $0.hasItemsConforming(to: .plainText) && $0.itemCount == 1_000 }
        let drag = try scene.harness.lift(from: "photo")
        #expect(try drag.move(to: "zone") == .copy)
        #expect(source.made == [0])
        #expect(try await drag.drop() == .copy)
        #expect(scene.zoneTarget.received == source.texts)
        #expect(source.made.count == 1_000)
        #expect(source.endedWith == [.copy])
    }

    @Test("Items added to a lazy drag follow the list's items")
    func addedItemsFollow() throws {
        let (scene, source) = scene(count: 3)
        source.addedTexts = ["added"]
        let drag = try scene.harness.lift(from: "photo")
        #expect(try drag.addItems(from: "photo") == 1)
        let session = try #require(drag.dragSession)
        #expect(session.itemCount == 4)
        #expect(source.made.isEmpty)
        #expect(session.items.map { $0.localObject as? String } == ["text 0", "text 1", "text 2", nil])
        #expect(session.item(at: 3).itemProvider.canLoadObject(ofClass: String.self))
    }

    @Test("A cancelled lazy drag makes no item and ends as cancelled")
    func cancel() throws {
        let (scene, source) = scene(count: 50)
        let drag = try scene.harness.lift(from: "photo")
        try drag.move(to: "other")
        try drag.moveOutside()
        #expect(source.made.count <= 1)
        let session = try #require(drag.dragSession)
        let first = session.item(at: 0)
        #expect(scene.harness.engine.cancelPreview(for: first, of: drag.pointer) != nil)
        try drag.cancel()
        #expect(source.endedWith == [.cancel])
        #expect(source.made == [0])
    }
}
