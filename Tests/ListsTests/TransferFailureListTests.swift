import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import UniformTypes

/// A list taking text items from other processes, each through its own
/// "Loading…" placeholder at the drop row, in the dragged order. A load that
/// fails (the source died, stalled, closed early or lied) removes its
/// placeholder and leaves the model as it was; with `fallsBack`, a transfer
/// failure first tries the next representation the item offers.
@MainActor
final class ImportingList: ListDropDelegate {
    let words: ListItems<String>
    let list: ListView
    var fallsBack = false
    private(set) var placeholderRows: [Int] = []
    private(set) var errors: [ItemProviderError] = []
    private let loads = PendingLoads()

    init(words: [String], in window: ViewNode) {
        self.words = ListItems(words)
        list = ListView(name: "words", frame: CGRect(x: 0, y: 0, width: 300, height: 600), dataSource: self.words,
                        layout: ListRowLayout(width: 300) { _ in 44 })
        list.dropDelegate = self
        window.addChild(list.node)
    }

    func finishLoads() async {
        await loads.finish()
    }

    func list(_ list: ListView, dropSessionDidUpdate session: DropSession,
              withDestinationIndexPath destinationIndexPath: IndexPath?) -> ListDropProposal {
        .copyAt
    }

    func list(_ list: ListView, performDropWith coordinator: ListDropCoordinator) {
        let destination = coordinator.destinationIndexPath ?? at(words.items.count)
        // Each placeholder goes in above the ones already there, so the last
        // item goes first and the rows end up in the dragged order.
        var placed: [(DragItem, PlaceholderContext)] = []
        for dropItem in coordinator.items.reversed() {
            let placeholder = DropPlaceholder(insertionIndexPath: destination, reuseIdentifier: "row")
            guard let context = try? coordinator.drop(dropItem.dragItem, to: placeholder) else { continue }
            placeholderRows.append(list.numberOfItems(inSection: 0))
            placed.insert((dropItem.dragItem, context), at: 0)
        }
        for (dragItem, context) in placed {
            let provider = dragItem.itemProvider
            let fallsBack = fallsBack
            loads.start {
                do {
                    let text: String
                    do {
                        text = try await provider.loadObject(ofClass: String.self)
                    } catch let error as ItemProviderError where error.isTransferFailure && fallsBack {
                        self.errors.append(error)
                        text = try await provider.loadObject(ofClass: String.self, excluding: [error.contentType].compactMap { $0 })
                    }
                    try context.commitInsertion { self.words.insert(text, at: $0) }
                } catch {
                    context.deletePlaceholder()
                    if let error = error as? ItemProviderError { self.errors.append(error) }
                }
            }
        }
    }
}

/// An item whose plain text cannot cross: its load fails as a transfer
/// from a dead (or lying) source process does in the GTK backend.
private func brokenTextProvider(_ code: ItemProviderError.Code, thenHTML html: String? = nil) -> ItemProvider {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .utf8PlainText) {
        throw ItemProviderError(code, "The drag source (process 4242) stopped before public.utf8-plain-text of item 2 of 3 arrived: 512 bytes had arrived and none were kept.",
                                contentType: .utf8PlainText, receivedByteCount: 512)
    }
    if let html {
        provider.registerDataRepresentation(for: .html) { Data(html.utf8) }
    }
    return provider
}

@MainActor
@Suite struct TransferFailureListTests {
    let window = ViewNode(name: "window", frame: CGRect(x: 0, y: 0, width: 800, height: 600))

    @Test func aFailedLoadRemovesItsPlaceholderAndTheOtherItemsStillArrive() async throws {
        let words = ImportingList(words: ["Bread", "Milk"], in: window)
        let harness = listHarness(root: window)
        let drag = try harness.dragFromOtherProcess([
            textProvider("Apple"), brokenTextProvider(.sourceProcessDied), textProvider("Cherry"),
        ])
        #expect(try drag.move(to: "words", at: rowPoint(1, 0.2)) == .copy)
        #expect(try await drag.drop() == .copy)
        // Three placeholders went in at once, one per item.
        #expect(words.placeholderRows == [3, 4, 5])
        await words.finishLoads()

        #expect(words.words.items == ["Bread", "Apple", "Cherry", "Milk"])
        #expect(words.list.numberOfItems(inSection: 0) == 4)
        #expect(!words.list.hasUncommittedUpdates)
        #expect(words.errors.map(\.code) == [.sourceProcessDied])
        #expect(words.errors.first?.receivedByteCount == 512)
        #expect(words.errors.first?.contentType == .utf8PlainText)
    }

    @Test func whenEveryLoadFailsTheModelIsUnchanged() async throws {
        let words = ImportingList(words: ["Bread", "Milk"], in: window)
        let harness = listHarness(root: window)
        let drag = try harness.dragFromOtherProcess([brokenTextProvider(.transferStalled), brokenTextProvider(.transferClosedEarly)])
        try drag.move(to: "words", at: rowPoint(0, 0.2))
        #expect(try await drag.drop() == .copy)
        #expect(words.placeholderRows == [3, 4])
        await words.finishLoads()

        #expect(words.words.items == ["Bread", "Milk"])
        #expect(words.list.numberOfItems(inSection: 0) == 2)
        #expect(!words.list.hasUncommittedUpdates)
        #expect(Set(words.errors.map(\.code)) == [.transferStalled, .transferClosedEarly])
        #expect(words.errors.count == 2, "each failure is reported once")
    }

    @Test func aDestinationCanAskForTheNextRepresentationAfterATransferFailure() async throws {
        let words = ImportingList(words: ["Bread"], in: window)
        words.fallsBack = true
        let harness = listHarness(root: window)
        let drag = try harness.dragFromOtherProcess([brokenTextProvider(.advertisedTypeNotProduced, thenHTML: "<b>Apple</b>")])
        try drag.move(to: "words", at: rowPoint(1, 0.2))
        #expect(try await drag.drop() == .copy)
        await words.finishLoads()

        // The failure was seen (not skipped silently), then HTML was read.
        #expect(words.errors.map(\.code) == [.advertisedTypeNotProduced])
        #expect(words.words.items == ["Bread", "<b>Apple</b>"])
        #expect(!words.list.hasUncommittedUpdates)
    }
}
