import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders

/// A drag source offering one text item per lift (or whatever `items` makes).
@MainActor
final class TextSource: DragInteractionDelegate {
    var texts: [String]
    var addedTexts: [String] = []
    var allowsMove = true
    var restricted = false
    var endedWith: [DropOperation] = []
    var transfers = 0

    init(_ texts: [String]) {
        self.texts = texts
    }

    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
        texts.map { text in
            let item = DragItem(itemProvider: ItemProvider(object: text))
            item.localObject = text
            return item
        }
    }

    func dragInteraction(_ interaction: DragInteraction, itemsForAddingTo session: DragSession,
                         withTouchAt point: CGPoint) -> [DragItem] {
        addedTexts.map { DragItem(itemProvider: ItemProvider(object: $0)) }
    }

    func dragInteraction(_ interaction: DragInteraction, sessionAllowsMoveOperation session: DragSession) -> Bool {
        allowsMove
    }

    func dragInteraction(_ interaction: DragInteraction,
                         sessionIsRestrictedToDraggingApplication session: DragSession) -> Bool {
        restricted
    }

    func dragInteraction(_ interaction: DragInteraction, session: DragSession,
                         didEndWith operation: DropOperation) {
        endedWith.append(operation)
    }

    func dragInteraction(_ interaction: DragInteraction, sessionDidTransferItems session: DragSession) {
        transfers += 1
    }
}

/// A drop target whose answers are set per test; it loads text on drop.
@MainActor
final class TextTarget: DropInteractionDelegate {
    var accepts: @MainActor (DropSession) -> Bool = { _ in true }
    var proposal: @MainActor (DropSession) -> DropProposal = { _ in .copy }
    var received: [String] = []
    var drops = 0

    init(proposal: DropProposal = .copy) {
        self.proposal = { _ in proposal }
    }

    func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
        accepts(session)
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        proposal(session)
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        drops += 1
        session.loadObjects(ofClass: String.self) { texts in
            self.received.append(contentsOf: texts)
        }
    }
}

/// A window with a drag source "photo", drop targets "zone" and "other", and
/// a plain "label"; delegates are kept here since interactions hold them
/// weakly.
@MainActor
struct Scene {
    let window = ViewNode(name: "window", frame: CGRect(x: 0, y: 0, width: 400, height: 300))
    let photo = ViewNode(name: "photo", frame: CGRect(x: 10, y: 10, width: 80, height: 80))
    let zone = ViewNode(name: "zone", frame: CGRect(x: 200, y: 10, width: 100, height: 100))
    let other = ViewNode(name: "other", frame: CGRect(x: 200, y: 150, width: 100, height: 100))
    let label = ViewNode(name: "label", frame: CGRect(x: 10, y: 150, width: 80, height: 40))
    let source: TextSource
    let zoneTarget = TextTarget()
    let otherTarget = TextTarget()
    let zoneInteraction: DropInteraction
    let harness: DragDropHarness

    init(texts: [String] = ["hello"], routing: DragDropHarness.Routing = .hitTesting) {
        source = TextSource(texts)
        for view in [photo, zone, other, label] { window.addChild(view) }
        photo.addInteraction(DragInteraction(delegate: source))
        zoneInteraction = DropInteraction(delegate: zoneTarget)
        zone.addInteraction(zoneInteraction)
        other.addInteraction(DropInteraction(delegate: otherTarget))
        harness = DragDropHarness(root: window, routing: routing)
    }

    /// Puts `delegate` in place of the zone's own target (the caller keeps
    /// it alive: interactions hold delegates weakly).
    func makeZoneTarget(_ delegate: any DropInteractionDelegate) {
        zone.removeInteraction(zoneInteraction)
        zone.addInteraction(DropInteraction(delegate: delegate))
    }

    /// The source calls every local drag begins with.
    static let liftCalls = liftCalls(allowingMoves: true)

    /// The source calls a local drag begins with, its source answering
    /// `allowingMoves` about moves.
    static func liftCalls(allowingMoves: Bool) -> [DelegateCall] {
        [
            .source("photo", .itemsForBeginning(1)),
            .source("photo", .allowsMoveOperation(allowingMoves)),
            .source("photo", .isRestrictedToDraggingApplication(false)),
            .source("photo", .willBegin),
        ]
    }
}

/// A weak reference, to check what a finished drag leaves alive.
struct WeakRef {
    weak var object: AnyObject?
}

/// A 1×1 PNG.
let onePixelPNG = Data(base64Encoded:
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")!

/// Every call of a drag lifted from the view named `source` (one item),
/// moved once onto the view named `target`, whose delegate accepts it and
/// proposes `operation` (copy or move), and dropped there, in UIKit's order
/// ("A drop the target accepts" in DropCallOrderTests spells it out).
func droppedDragCalls(from source: String, onto target: String, operation: DropOperation = .copy) -> [DelegateCall] {
    [
        .source(source, .itemsForBeginning(1)),
        .source(source, .allowsMoveOperation(true)),
        .source(source, .isRestrictedToDraggingApplication(false)),
        .source(source, .willBegin),
        .destination(target, .canHandle(true)),
        .destination(target, .didEnter),
        .destination(target, .didUpdate(DropProposal(operation: operation))),
        .source(source, .didMove),
        .source(source, .willEnd(operation)),
        .destination(target, .performDrop),
        .destination(target, .concludeDrop),
        .source(source, .didEnd(operation)),
        .destination(target, .didEnd),
        .source(source, .didTransferItems),
    ]
}
