import Foundation
import ItemProviders
import UniformTypes

/// Turns dragged items into what GTK offers other processes: the first
/// item's representations (as another process may see them) in fidelity
/// order under their MIME types, and `text/uri-list` for items that are
/// files. Nothing is produced until a destination reads a type.
@MainActor
enum OutgoingContent {
    /// Builds the lazy GTK content for `providers` (the session's items).
    /// `restricted` drags (kept to this app) offer nothing outside it.
    static func make(for providers: [ItemProvider], restricted: Bool,
                     observer: @escaping @MainActor (ContentProductionEvent) -> Void) -> LazyContentProvider {
        let outside = restricted ? [] : providers.map { $0.view(for: .otherProcess) }
        var offers: [(mime: String, type: UTType)] = []
        if let first = outside.first {
            for type in first.registeredContentTypes {
                for mime in MIMETypeMapping.mimeTypes(for: type) where !offers.contains(where: { $0.mime == mime }) {
                    offers.append((mime, type))
                }
            }
        }
        let files = outside.filter(isFile)
        if !files.isEmpty, !offers.contains(where: { $0.mime == MIMETypeMapping.uriList }) {
            offers.append((MIMETypeMapping.uriList, .fileURL))
        }
        return LazyContentProvider(mimeTypes: offers.map(\.mime)) { request in
            let mime = request.mimeType
            guard let offer = offers.first(where: { $0.mime == mime }) else {
                request.fail("\(mime) is not offered")
                return
            }
            Task { @MainActor in
                do {
                    let data: Data
                    if mime == MIMETypeMapping.uriList, !files.isEmpty {
                        data = try await uriList(for: files)
                    } else {
                        data = try await outside[0].loadDataRepresentation(for: offer.type)
                    }
                    observer(ContentProductionEvent(mimeType: mime, contentType: offer.type, byteCount: data.count, error: nil))
                    request.succeed(with: data)
                } catch {
                    observer(ContentProductionEvent(mimeType: mime, contentType: offer.type, byteCount: 0, error: "\(error)"))
                    request.fail("DragKit could not produce \(mime): \(error)")
                }
            }
        }
    }

    /// Whether a provider stands for a file (a file representation the
    /// source lets others open, or a named item that is not text), so
    /// that file managers get `text/uri-list`.
    static func isFile(_ provider: ItemProvider) -> Bool {
        if provider.hasRepresentationConforming(to: .item, fileOptions: .openInPlace) { return true }
        guard provider.suggestedName != nil, let best = provider.registeredContentTypes.first else { return false }
        return !best.conforms(to: .text) && best != .fileURL
    }

    /// `text/uri-list` for the providers' best representations, each copied
    /// into a folder that outlives the drag (the destination opens the
    /// file after the source's own temporary copy is gone).
    static func uriList(for providers: [ItemProvider]) async throws -> Data {
        var lines: [String] = []
        for provider in providers {
            guard let type = provider.registeredContentTypes.first else { continue }
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
}
