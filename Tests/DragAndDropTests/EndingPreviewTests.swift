import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing

/// Previews for the end of a drag (UIKit's `previewForCancelling` and
/// `previewForDropping`): by default back to the lift spot, or where the
/// drag was let go; a delegate may choose another spot, or none.
@MainActor
@Suite struct EndingPreviewTests {
    /// A text source that sends cancelled items to `home`, or lets them vanish.
    final class HomingSource: DragInteractionDelegate {
        var home: TargetedDragPreview?
        var vanishes = false
        var asked: [TargetedDragPreview] = []

        func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
            let item = DragItem(itemProvider: ItemProvider(object: "Harbour Light"))
            item.previewProvider = { DragPreview(title: "Harbour Light") }
            return [item]
        }

        func dragInteraction(_ interaction: DragInteraction, previewForCancelling item: DragItem,
                             withDefault defaultPreview: TargetedDragPreview) -> TargetedDragPreview? {
            asked.append(defaultPreview)
            return vanishes ? nil : home ?? defaultPreview
        }
    }

    /// A target that flies dropped items to `slot`.
    final class SlotTarget: DropInteractionDelegate {
        var slot: TargetedDragPreview?
        var asked: [TargetedDragPreview] = []

        func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal { .copy }

        func dropInteraction(_ interaction: DropInteraction, previewForDropping item: DragItem,
                             withDefault defaultPreview: TargetedDragPreview) -> TargetedDragPreview? {
            asked.append(defaultPreview)
            return slot ?? defaultPreview
        }
    }

    private func scene() -> (ViewNode, ViewNode, ViewNode, HomingSource, SlotTarget, DragDropHarness) {
        let window = ViewNode(name: "window", frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let card = ViewNode(name: "card", frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        let board = ViewNode(name: "board", frame: CGRect(x: 200, y: 0, width: 200, height: 300))
        window.addChild(card)
        window.addChild(board)
        let source = HomingSource(), target = SlotTarget()
        card.addInteraction(DragInteraction(delegate: source))
        board.addInteraction(DropInteraction(delegate: target))
        return (window, card, board, source, target, DragDropHarness(root: window))
    }

    @Test func aCancelledItemGoesBackToWhereItWasLiftedByDefault() throws {
        let (_, card, _, source, _, harness) = scene()
        let drag = try harness.lift(from: "card", at: CGPoint(x: 30, y: 12))
        try drag.move(to: "board")
        let item = try #require(drag.dragSession?.items.first)
        let preview = try #require(harness.engine.cancelPreview(for: item, of: drag.pointer))
        #expect(preview.target === card)
        #expect(preview.center == CGPoint(x: 30, y: 12))
        #expect(preview.preview.title == "Harbour Light")
        #expect(source.asked.count == 1)
        #expect(harness.transcript.calls.contains(.source("card", .previewForCancelling(hasPreview: true))))
        try drag.cancel()
    }

    @Test func aSourceMaySendACancelledItemElsewhereOrLetItVanish() throws {
        let (window, _, _, source, _, harness) = scene()
        source.home = TargetedDragPreview(target: window, center: CGPoint(x: 5, y: 280))
        let drag = try harness.lift(from: "card")
        let item = try #require(drag.dragSession?.items.first)
        #expect(harness.engine.cancelPreview(for: item, of: drag.pointer)?.center == CGPoint(x: 5, y: 280))
        source.vanishes = true
        #expect(harness.engine.cancelPreview(for: item, of: drag.pointer) == nil)
        #expect(harness.transcript.calls.suffix(1) == [.source("card", .previewForCancelling(hasPreview: false))])
        try drag.cancel()
        // After the drag there is nothing to ask about.
        #expect(harness.engine.cancelPreview(for: item, of: drag.pointer) == nil)
    }

    @Test func aDroppedItemLandsWhereTheDragWasLetGoOrWhereTheTargetSays() async throws {
        let (_, _, board, source, target, harness) = scene()
        defer { withExtendedLifetime(source) {} }
        let drag = try harness.lift(from: "card")
        try drag.move(to: "board", at: CGPoint(x: 50, y: 120))
        let item = try #require(drag.dropSession?.items.first)
        let landing = try #require(harness.engine.dropPreview(for: item, of: drag.pointer))
        #expect(landing.target === board)
        #expect(landing.center == CGPoint(x: 50, y: 120))
        #expect(landing.preview.title == "Harbour Light")

        target.slot = TargetedDragPreview(target: board, center: CGPoint(x: 100, y: 20))
        #expect(harness.engine.dropPreview(for: item, of: drag.pointer)?.center == CGPoint(x: 100, y: 20))
        #expect(harness.transcript.calls.contains(.destination("board", .previewForDropping(hasPreview: true))))
        #expect(try await drag.drop() == .copy)
    }

    @Test func overNoTargetThereIsNoDropPreview() throws {
        let (_, _, _, source, target, harness) = scene()
        defer { withExtendedLifetime(source) {} }
        let drag = try harness.lift(from: "card")
        try drag.move(to: CGPoint(x: 60, y: 200))
        let item = try #require(drag.dragSession?.items.first)
        #expect(harness.engine.dropPreview(for: item, of: drag.pointer) == nil)
        #expect(target.asked.isEmpty)
        try drag.cancel()
    }
}
