import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import UniformTypes

/// Copy and paste through the same item providers and delegates as drag
/// and drop, on the geocache board.
@MainActor
@Suite struct PasteboardTests {
    @Test("Copy asks the lane for the providers a lift gives, produces nothing, and ends as a cancelled drag")
    func copyIsALiftThatProducesNothing() throws {
        let board = Board()
        let pasteboard = Pasteboard()
        board.inProgress.list.select(at(1))
        pasteboard.setItemProviders(try board.inProgress.list.copyItemProviders(engine: board.harness.engine))

        #expect(pasteboard.itemProviders.count == 1)
        #expect(pasteboard.changeCount == 1)
        #expect(board.inProgress.exports.value == 0)
        #expect(board.harness.transcript.calls == listLiftCalls("in-progress", at: at(1)) + [
            .source("in-progress", .willEnd(.cancel)),
            .list("in-progress", .dragSessionDidEnd),
            .source("in-progress", .didEnd(.cancel)),
        ])
        #expect(board.harness.engine.activePointers.isEmpty)
    }

    @Test("Paste lands after the focused row as a drop from another program would, through the lane's placeholder")
    func pasteIsADropAfterTheFocusedRow() async throws {
        let board = Board()
        let pasteboard = Pasteboard()
        board.inProgress.list.select(at(1))
        pasteboard.setItemProviders(try board.inProgress.list.copyItemProviders(engine: board.harness.engine))
        board.completed.list.select(at(0))
        board.harness.clearTranscript()

        let operation = try board.completed.list.paste(pasteboard.itemProviders, engine: board.harness.engine)
        await board.harness.waitForLoads()
        await board.completed.finishLoads()

        #expect(operation == .copy)
        #expect(board.completed.names == ["Lake", "Oak", "Mill"])
        #expect(board.inProgress.names == ["Bridge", "Oak", "Pier", "Tower"])
        #expect(board.inProgress.exports.value == 1)
        #expect(board.harness.transcript.calls.contains(.list("completed", .performDrop(at(1), .copyAt))))
        // A second paste reads the same providers again.
        _ = try board.completed.list.paste(pasteboard.itemProviders, engine: board.harness.engine)
        await board.harness.waitForLoads()
        await board.completed.finishLoads()
        #expect(board.completed.names.filter { $0 == "Oak" }.count == 2)
    }

    @Test("A paste sees the providers as another process would: ownProcess representations stay hidden")
    func pasteHonoursVisibility() async throws {
        let window = ViewNode(name: "window", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let zone = ViewNode(name: "zone", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let target = TypesTarget()
        zone.addInteraction(DropInteraction(delegate: target))
        window.addChild(zone)
        let engine = DragDropEngine(root: window)
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .json, visibility: .ownProcess) { Data("{}".utf8) }
        provider.registerDataRepresentation(for: .utf8PlainText) { Data("Milk".utf8) }
        let pasteboard = Pasteboard()
        pasteboard.setItemProviders([provider])

        #expect(try engine.paste(pasteboard.itemProviders, into: zone, at: CGPoint(x: 10, y: 10)) == .copy)
        #expect(target.seen == [[UTType.utf8PlainText.identifier]])
        #expect(pasteboard.localItemProviders.first?.registeredContentTypes.contains(.json) == true)
    }

    @Test("A paste the target refuses does nothing")
    func refusedPaste() throws {
        let board = Board()
        let notes = try #require(board.window.descendant(named: "notes"))
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { Data() }
        #expect(try board.harness.engine.paste([provider], into: notes, at: CGPoint(x: 10, y: 10)) == .cancel)
        #expect(board.notes.texts.isEmpty)
        #expect(board.harness.transcript.calls == [.destination("notes", .canHandle(false))])
        #expect(try board.completed.list.paste([], engine: board.harness.engine) == .cancel)
        #expect(board.completed.names == ["Lake", "Mill"])
    }
}

/// A drop target recording the types each drop offered.
@MainActor
final class TypesTarget: DropInteractionDelegate {
    private(set) var seen: [[String]] = []

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        .copy
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        seen.append(session.items.flatMap { $0.itemProvider.registeredContentTypes.map(\.identifier) })
    }
}
