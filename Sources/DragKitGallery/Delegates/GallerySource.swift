import DragAndDrop
import DragKitGTK
import Foundation
import ItemProviders
import UniformTypes

/// What a gallery drag source offers.
enum GalleryPayload: String {
    /// Plain text, HTML and an own-process-only type, with a local object.
    case text
    /// A PNG file (offered to other processes as `text/uri-list` too).
    case file
    /// A 64 MiB data representation, for throughput.
    case big
    /// A web link (`public.url`, and its text).
    case link
}

/// A drag source that logs what it is asked for.
@MainActor
final class GallerySource: DragInteractionDelegate {
    static let secretType = UTType(exportedAs: "org.dragkit.gallery.secret", conformingTo: .data)
    /// The size of the `big` payload (`--big-mib N`, 64 by default).
    nonisolated(unsafe) static var bigByteCount = 64 << 20

    let payload: GalleryPayload
    let name: String

    init(payload: GalleryPayload, name: String) {
        self.payload = payload
        self.name = name
    }

    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
        session.localContext = "context from \(name)"
        let provider: ItemProvider
        switch payload {
        case .text:
            provider = ItemProvider()
            provider.registerDataRepresentation(for: .html) { Data("<b>Hello from DragKit</b>".utf8) }
            provider.registerDataRepresentation(for: .utf8PlainText) { Data("Hello from DragKit".utf8) }
            provider.registerDataRepresentation(for: Self.secretType, visibility: .ownProcess) { Data("secret".utf8) }
        case .file:
            guard let fileProvider = ItemProvider(contentsOf: Self.sampleFile()) else { return [] }
            provider = fileProvider
        case .big:
            provider = ItemProvider()
            provider.registerDataRepresentation(for: .data) { Data(repeating: 0x5A, count: Self.bigByteCount) }
        case .link:
            provider = ItemProvider(object: Self.link)
        }
        let item = DragItem(itemProvider: provider)
        item.localObject = "local object from \(name)"
        EventLog.emit("drag-begin", ["source": name, "types": provider.registeredContentTypes.map(\.identifier)])
        return [item]
    }

    func dragInteraction(_ interaction: DragInteraction, sessionAllowsMoveOperation session: DragSession) -> Bool {
        payload == .text
    }

    func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {
        EventLog.emit("drag-end", ["source": name, "operation": operation.description])
    }

    /// The web link the `link` payload drags.
    static let link = URL(string: "https://example.org/dragkit?from=gallery")!

    /// A 1×1 PNG.
    static let swatchPNG = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")!

    /// The swatch PNG in the temporary directory.
    static func sampleFile() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dragkit-gallery-swatch.png")
        try? swatchPNG.write(to: url)
        return url
    }
}
