import Foundation
import ItemProviders
import UniformTypes

/// What another DragKit process copied, as a paste reads it: the copy
/// offers the same ``TransferManifest`` a drag does, so the paste gets every
/// copied item with every type its providers registered (app-declared types
/// too, which have no MIME type other apps could read), each fetched over
/// the source's channel only when loaded, exactly as a drop from that
/// process would.
@MainActor
enum PastedManifest {
    /// How long the manifest may take to start arriving, or pause.
    static let stallTimeout: Duration = .seconds(5)

    /// The clipboard's manifest, read through `reader` within a drag's
    /// limits; nil when it breaks them, is not a manifest, never arrives or
    /// names another machine's channel (the paste then reads the public
    /// formats, as from any other program).
    static func read(
        offered: Set<String>,
        reader: @escaping @MainActor ([String], @escaping @MainActor (UInt64) -> Void) async throws -> (mimeType: String, data: Data)
    ) async -> TransferManifest? {
        guard offered.contains(TransferManifest.mimeType) else { return nil }
        do {
            let data = try await SelectionRead.read(
                preferring: [TransferManifest.mimeType], offered: offered.contains, stallTimeout: stallTimeout,
                limit: TransferManifest.Limits.maximumSize, reader: reader).data
            // Decoded off the main loop: even within its limits a manifest
            // from a hostile program must not freeze the window.
            let decoded = try await Task.detached { try TransferManifest.decode(data) }.value
            return decoded.flatMap { $0.isReachable && !$0.items.isEmpty ? $0 : nil }
        } catch {
            return nil
        }
    }

    /// One provider per copied item. A representation of the first item
    /// that the clipboard offers as well is read from the clipboard when the
    /// channel cannot be reached.
    static func providers(
        for manifest: TransferManifest, offered: Set<String>, stallTimeout: Duration, deadline: Duration
    ) -> [ItemProvider] {
        manifest.items.enumerated().map { index, item in
            let provider = ItemProvider()
            ChannelLoad.register(item, at: index, of: manifest, on: provider, stallTimeout: stallTimeout) {
                representation, context, progress in
                let fallbackMIME = index == 0 && offered.contains(representation.mime) ? representation.mime : nil
                return try await fetch(representation, of: manifest, context: context, fallbackMIME: fallbackMIME,
                                       stallTimeout: stallTimeout, deadline: deadline, progress: progress)
            }
            return provider
        }
    }

    private static func fetch(
        _ representation: TransferManifest.Representation, of manifest: TransferManifest, context: TransferContext,
        fallbackMIME: String?, stallTimeout: Duration, deadline: Duration, progress: Progress
    ) async throws -> Data {
        var fallback: (@MainActor () async throws -> Data)?
        if let fallbackMIME {
            fallback = { try await DesktopPasteboard.read(fallbackMIME) }
        }
        return try await ChannelLoad.fetch(representation, of: manifest, context: context, stallTimeout: stallTimeout,
                                             deadline: deadline, progress: progress, observer: nil, fallback: fallback)
    }
}
