import Foundation
import ItemProviders
import UniformTypes

/// Turns dragged items into what GTK offers other processes (see
/// ``OutgoingProduction``): the first item's representations (as another
/// process may see them) in fidelity order under their MIME types,
/// `text/uri-list` when items have file representations, and the manifest
/// through which DragKit destinations get every item. Nothing is produced
/// until a destination reads a type.
@MainActor
enum OutgoingContent {
    /// Builds the lazy GTK content for `providers` (copied items).
    /// `restricted` content (kept to this app) offers nothing outside it.
    /// `combined` is what other apps get instead of the first item.
    static func make(for providers: [ItemProvider], combined: ItemProvider?, restricted: Bool,
                     observer: @escaping @MainActor (ContentProductionEvent) -> Void) -> (LazyContentProvider, OutgoingProduction) {
        make(for: OutgoingItems(providers), combined: combined, restricted: restricted, observer: observer)
    }

    /// Builds the lazy GTK content for `items` (a drag's items, made when
    /// first read). `restricted` drags (kept to this app) offer nothing
    /// outside it. `combined` is what other apps get instead of the first item.
    static func make(for items: OutgoingItems, combined: @autoclosure () -> ItemProvider?, restricted: Bool,
                     observer: @escaping @MainActor (ContentProductionEvent) -> Void) -> (LazyContentProvider, OutgoingProduction) {
        let production = OutgoingProduction(
            items: restricted ? OutgoingItems([]) : items, audience: .otherProcess,
            combined: restricted || items.count < 2 ? nil : combined()?.view(for: .otherProcess),
            observer: observer)
        let content = LazyContentProvider(mimeTypes: production.mimeTypes) { request in
            Task { @MainActor in
                do {
                    request.succeed(with: try await production.produce(request.mimeType))
                } catch {
                    request.fail("DragKit could not produce \(request.mimeType): \(error)")
                }
            }
        }
        return (content, production)
    }

    /// Whether a provider (as the destination's audience sees it) stands
    /// for files: it has file representations, so file managers get
    /// `text/uri-list`. Bytes alone never make a file, whatever their type.
    static func isFile(_ provider: ItemProvider) -> Bool {
        !provider.registeredFileContentTypes.isEmpty
    }

    /// `text/uri-list` for the providers' best file representations, each
    /// copied into a folder that outlives the drag (the destination opens
    /// the file after the source's own temporary copy is gone).
    static func uriList(for providers: [ItemProvider]) async throws -> Data {
        var lines: [String] = []
        for provider in providers {
            guard let type = provider.registeredFileContentTypes.first else { continue }
            let url = try await provider.withFileRepresentation(for: type) { file in
                try DraggedFiles.keep(file, named: provider.suggestedName, type: type)
            }
            lines.append(url.absoluteString)
        }
        return Data((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }
}

/// What a drag source produced for a destination: one per read.
public struct ContentProductionEvent: Sendable, Hashable {
    /// The MIME type read.
    public let mimeType: String
    /// The representation it came from.
    public let contentType: UTType
    /// How many bytes were sent.
    public let byteCount: Int
    /// Why production failed, when it did.
    public let error: String?
    /// Which dragged item it came from (0 is the first), or nil for the
    /// combined item other apps get (``DesktopDragDrop/combinedItem``).
    public let item: Int?
    /// Whether it went over the direct channel to another DragKit process
    /// rather than through the desktop's selection.
    public let throughChannel: Bool
}
