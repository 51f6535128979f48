import ContactsCore
import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import UniformTypes
import VCard

/// A data source index path in the contacts table.
func at(_ row: Int) -> IndexPath {
    IndexPath(item: row, section: 0)
}

/// A point `fraction` of the way down row `row` of a table with 44-point rows.
func rowPoint(_ row: Int, _ fraction: CGFloat = 0.5) -> CGPoint {
    CGPoint(x: 100, y: CGFloat(row) * 44 + 44 * fraction)
}

/// A 2×2 PNG.
let onePixelPNG = Data(base64Encoded:
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4z8DAAMIM////ZwAAHu8E/KPItPcAAAAASUVORK5CYII=")!

/// A vCard file holding one 3.0 card per name.
func vCardData(_ names: [String]) -> Data {
    VCardWriter().data(for: names.map { VCard(version: .v3_0, properties: [.text("FN", $0)]) })
}

/// An item from another app offering `data` as a vCard, produced only once
/// `gate` lets it (so a test sees the placeholder while it "loads").
func vCardProvider(_ data: Data, gate: LoadGateForTests? = nil) -> ItemProvider {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .vCard) {
        await gate?.wait()
        return data
    }
    return provider
}

/// Holds loads back until the test opens it.
final class LoadGateForTests: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream<Void>.makeStream()
    }

    func wait() async {
        for await _ in stream { return }
    }

    func open() {
        continuation.finish()
    }
}

/// A test row cell a placeholder writes into.
@MainActor
final class TestCell: ContactRowCell {
    var text = ""
}

/// A drop target standing for another app that takes plain text: it reads
/// one String per item.
@MainActor
final class TextTarget: DropInteractionDelegate {
    private(set) var texts: [String] = []
    let node: ViewNode

    init(frame: CGRect, in window: ViewNode) {
        node = ViewNode(name: "notes", frame: frame)
        window.addChild(node)
        node.addInteraction(DropInteraction(delegate: self))
    }

    func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
        session.canLoadObjects(ofClass: String.self)
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        DropProposal(operation: .copy)
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        session.loadObjects(ofClass: String.self) { self.texts += $0 }
    }
}

/// A contacts scene over an in-memory store (with the sample contacts, or
/// with `names` in their place), and a harness reporting list calls.
@MainActor
func makeScene(_ names: [String]? = nil) throws -> (ContactsScene, DragDropHarness) {
    let store = try ContactStore()
    if let names {
        try store.removeAllContacts()
        try store.insert(names.map { VCard(version: .v3_0, properties: [.text("FN", $0)]) }, at: 0)
    }
    let scene = try ContactsScene(store: store)
    let harness = DragDropHarness(root: scene.root)
    harness.engine.reportsListDelegateCalls = true
    return (scene, harness)
}

extension ListDropProposal {
    static let copyAt = ListDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
}

/// The calls a drag lifted from the contacts table begins with.
func contactsLiftCalls(at indexPath: IndexPath, items: Int = 1) -> [DelegateCall] {
    let name = ContactsTable.name
    return [
        .list(name, .itemsForBeginning(indexPath, count: items)),
        .source(name, .itemsForBeginning(items)),
        .list(name, .dragSessionAllowsMoveOperation(false)),
        .source(name, .allowsMoveOperation(false)),
        .list(name, .dragSessionIsRestrictedToDraggingApplication(false)),
        .source(name, .isRestrictedToDraggingApplication(false)),
        .list(name, .dragSessionWillBegin),
        .source(name, .willBegin),
    ]
}

/// The calls the table gets as a drag from another app enters it, is
/// proposed a copy at `destination`, and drops there.
func contactsDropCalls(destination: IndexPath?) -> [DelegateCall] {
    let name = ContactsTable.name
    return [
        .list(name, .canHandle(true)),
        .destination(name, .canHandle(true)),
        .list(name, .dropSessionDidEnter),
        .destination(name, .didEnter),
        .list(name, .dropSessionDidUpdate(destination, .copyAt)),
        .destination(name, .didUpdate(DropProposal(operation: .copy))),
        .list(name, .performDrop(destination, .copyAt)),
        .destination(name, .performDrop),
        .destination(name, .concludeDrop),
        .list(name, .dropSessionDidEnd),
        .destination(name, .didEnd),
    ]
}

/// A 16×16 JPEG, whole.
let smallJPEG = Data(base64Encoded:
    "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAQABADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAAAAYH/8QAFhAAAwAAAAAAAAAAAAAAAAAAABRh/8QAFAEBAAAAAAAAAAAAAAAAAAAABv/EABYRAAMAAAAAAAAAAAAAAAAAAAAWYv/aAAwDAQACEQMRAD8Aytyhyk85Q5RgiSPXOj//2Q==")!

/// A folder of files for one test, removed when the test is done.
final class TestFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("contacts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `data` to `name` and returns the file's URL.
    func write(_ name: String, _ data: Data) throws -> URL {
        let file = url.appendingPathComponent(name)
        try data.write(to: file)
        return file
    }

    func write(_ name: String, _ text: String) throws -> URL {
        try write(name, Data(text.utf8))
    }
}

/// An item as a file manager offers several files: one item, a `text/uri-list`.
func fileListProvider(_ urls: [URL]) -> ItemProvider {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .fileURL) {
        Data(urls.map(\.absoluteString).joined(separator: "\r\n").utf8)
    }
    return provider
}

/// One 3.0 card with a name and a UID (and more properties).
func card(_ name: String, uid: String? = nil, _ more: [VCardProperty] = []) -> VCard {
    var properties: [VCardProperty] = [.text("FN", name)]
    if let uid { properties.append(.text("UID", uid)) }
    return VCard(version: .v3_0, properties: properties + more)
}

extension ContactsTable {
    /// Undoes the newest change and waits until it is done (a step of
    /// many contacts runs as a task).
    func undoLastAndWait() async {
        undoLast()
        await undo.waitForRunningStep()
    }

    /// Redoes the newest undone change and waits until it is done.
    func redoLastAndWait() async {
        redoLast()
        await undo.waitForRunningStep()
    }
}
