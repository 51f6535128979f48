import Foundation
import ItemProviders
import UniformTypes

/// Loads one representation a DragKit manifest lists (a drag's or a
/// copy's) over the source's channel, and turns each way the transfer can
/// break into the ``ItemProviderError`` that says so. Shared by drops
/// (``IncomingDrag``) and pastes (``PastedManifest``).
enum ChannelLoad {
    /// The type a manifest entry names: the identifier when this process
    /// knows it, else what its MIME type stands for.
    static func type(of representation: TransferManifest.Representation) -> UTType {
        if let declared = UTType(representation.type), declared.isDeclared { return declared }
        return MIMETypeMapping.type(forMIMEType: representation.mime)
            ?? UTType(representation.type) ?? UTType(mimeType: representation.mime, conformingTo: .data) ?? .data
    }

    /// Registers on `provider` every type that item `index` of `manifest`
    /// lists (each once, in the manifest's order; the item's name as the
    /// suggested name), each loaded by `load` with its context.
    static func register(
        _ item: TransferManifest.Item, at index: Int, of manifest: TransferManifest, on provider: ItemProvider,
        stallTimeout: Duration,
        load: @escaping @Sendable (TransferManifest.Representation, TransferContext, Progress) async throws -> Data
    ) {
        provider.suggestedName = item.name
        var seen = Set<UTType>()
        for representation in item.types {
            let type = type(of: representation)
            guard seen.insert(type).inserted else { continue }
            let context = TransferContext(type: type, mime: representation.mime, item: index, itemCount: manifest.items.count,
                                          itemName: item.name, sourceProcess: manifest.process, stallTimeout: stallTimeout)
            provider.registerDataRepresentation(for: type) { progress in
                try await load(representation, context, progress)
            }
        }
    }

    /// Fetches `representation` of item `context.item` of `manifest`,
    /// reporting the bytes to `progress` (and `observer`). When the channel
    /// cannot be reached but the source still runs, `fallback` (a read
    /// through the selection, for the types the selection offers) is tried
    /// instead.
    @MainActor
    static func fetch(
        _ representation: TransferManifest.Representation, of manifest: TransferManifest, context: TransferContext,
        stallTimeout: Duration, deadline: Duration, progress: Progress,
        observer: (@MainActor (String, UInt64) -> Void)?, fallback: (@MainActor () async throws -> Data)?
    ) async throws -> Data {
        let request = ChannelClient.Request(channel: manifest.channel, token: manifest.token, item: context.item,
                                            typeIdentifier: representation.type, stallTimeout: stallTimeout, deadline: deadline)
        let mime = representation.mime
        do {
            return try await ChannelClient.fetch(request) { received, total in
                progress.totalUnitCount = total
                progress.completedUnitCount = received
                if let observer {
                    Task { @MainActor in observer(mime, UInt64(received)) }
                }
            }
        } catch {
            switch error.kind {
            case .unreachable(let reason):
                if let pid = context.sourceProcess, ProcessLiveness.state(of: pid) == .ended {
                    throw await context.error(.ended(nil), received: 0, expected: nil)
                }
                if let fallback { return try await fallback() }
                throw await context.error(.ended("its channel could not be reached: \(reason)"), received: 0, expected: nil)
            case .refused(let message):
                throw await context.error(.notProduced(message), received: 0, expected: nil)
            case .closedEarly:
                throw await context.error(.ended(nil), received: error.received, expected: error.expected)
            case .stalled:
                throw await context.error(.stalled, received: error.received, expected: error.expected)
            case .timedOut:
                throw await context.error(.timedOut(deadline), received: error.received, expected: error.expected)
            case .malformed(let reason):
                throw await context.error(.malformed(reason), received: error.received, expected: error.expected)
            case .cancelled:
                throw CancellationError()
            }
        }
    }
}
