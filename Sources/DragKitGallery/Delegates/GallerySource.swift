import DragAndDrop
import DragKitGTK
import DragKitWidgets
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
    /// Three items, each with its own HTML and plain text.
    case multi
    /// 16 MiB whose handler takes about four seconds, reporting progress
    /// and stopping (logged as `handler-cancelled`) when cancelled.
    case slow
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
        case .multi:
            let items = (1...3).map { number in
                let provider = ItemProvider()
                provider.suggestedName = "Item \(number)"
                provider.registerDataRepresentation(for: .html) { Data("<b>Item \(number)</b>".utf8) }
                provider.registerDataRepresentation(for: .utf8PlainText) { Data("Item \(number)".utf8) }
                return DragItem(itemProvider: provider)
            }
            EventLog.emit("drag-begin", ["source": name, "items": items.count])
            return items
        case .slow:
            provider = ItemProvider()
            provider.registerDataRepresentation(for: .data, loadHandler: Self.slowData)
        case .link:
            provider = ItemProvider(object: Self.link)
        }
        let item = DragItem(itemProvider: provider)
        item.localObject = "local object from \(name)"
        EventLog.emit("drag-begin", ["source": name, "types": provider.registeredContentTypes.map(\.identifier)])
        return [item]
    }

    /// Builds 16 MiB in 32 steps of 125 ms, as a slow exporter would.
    @Sendable private static func slowData(_ progress: Progress) async throws -> Data {
        let steps = 32
        let step = (16 << 20) / steps
        progress.totalUnitCount = Int64(steps)
        var data = Data()
        await MainActor.run { EventLog.emit("handler-start", [:]) }
        for index in 0..<steps {
            do {
                try await Task.sleep(for: .milliseconds(125))
            } catch {
                await MainActor.run { EventLog.emit("handler-cancelled", ["step": index]) }
                throw error
            }
            data.append(Data(repeating: UInt8(index), count: step))
            progress.completedUnitCount = Int64(index + 1)
        }
        return data
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
