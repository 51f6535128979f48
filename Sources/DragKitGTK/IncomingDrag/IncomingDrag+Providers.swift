import Foundation
import ItemProviders
import UniformTypes

/// The item providers an ``IncomingDrag`` from another process hands the
/// engine.
///
/// From another DragKit process (the drag offers a ``TransferManifest``):
/// every dragged item, each with its own representations, fetched over the
/// source's direct channel only when loaded, with the byte count as the
/// load's progress; the first item falls back to the selection when the
/// channel cannot be reached.
///
/// From any other app: one item whose provider has one representation per
/// type the offered formats stand for, in the source's order, as
/// ``ForeignFormatTable`` understands them (a browser's link is
/// `public.url`, text in any charset is UTF-8 text, private formats stay
/// out of the way), read through the selection and converted.
extension IncomingDrag {
    /// One provider per dragged item. When the manifest could not be used
    /// (``refusal``: over its limits or not a manifest: `.malformed`; it
    /// never arrived: `.stalled`) the drag is read like any other app's,
    /// and a load of `public.data` that finds nothing else fails with
    /// ``ItemProviderError/Code/malformedTransfer`` or
    /// ``ItemProviderError/Code/transferStalled`` saying why.
    func makeProviders() -> [ItemProvider] {
        if let manifest, !manifest.items.isEmpty {
            representations = []
            let providers = manifest.items.map { _ in ItemProvider() }
            for (index, item) in manifest.items.enumerated() {
                ChannelLoad.register(item, at: index, of: manifest, on: providers[index], stallTimeout: stallTimeout) {
                    [self] representation, context, progress in
                    try await fetch(representation, of: manifest, context: context, progress: progress)
                }
            }
            // Files are also offered by name, as to any app: the first item
            // lists them as file URLs.
            if drop.formats.contains(MIMETypeMapping.uriList) {
                registerSelectionRepresentation(MIMETypeMapping.uriList, type: .fileURL, on: providers[0], item: 0,
                                                of: manifest.items.count)
            }
            return providers
        }
        representations = ForeignFormatTable.representations(
            offered: drop.formats.mimeTypes.filter { $0 != TransferManifest.mimeType })
        let provider = ItemProvider()
        registerSelectionRepresentations(on: provider)
        if let refusal { registerRefusal(refusal, on: provider) }
        return [provider]
    }

    /// After the other formats: why the manifest could not be used, for a
    /// destination that asks for any data.
    private func registerRefusal(_ breakage: TransferContext.Breakage, on provider: ItemProvider) {
        let context = TransferContext(type: .data, mime: TransferManifest.mimeType, item: 0, itemCount: 1, itemName: nil,
                                      sourceProcess: nil, stallTimeout: Self.manifestStallTimeout)
        provider.registerDataRepresentation(for: .data) {
            throw await context.error(breakage, received: 0, expected: nil)
        }
    }

    // MARK: - From another DragKit process

    private func fetch(_ representation: TransferManifest.Representation, of manifest: TransferManifest,
                       context: TransferContext, progress: Progress) async throws -> Data {
        // The first item's types are offered through the selection too.
        var fallback: (@MainActor () async throws -> Data)?
        if context.item == 0, drop.formats.contains(representation.mime) {
            fallback = { [self] in try await readSelection(context, progress: progress) }
        }
        return try await reads.track {
            try await ChannelLoad.fetch(representation, of: manifest, context: context, stallTimeout: stallTimeout,
                                        deadline: deadline, progress: progress, observer: transferObserver,
                                        fallback: fallback)
        }
    }

    // MARK: - From any app, through the selection

    private func registerSelectionRepresentations(on provider: ItemProvider) {
        for representation in representations {
            let context = TransferContext(type: representation.type, mime: representation.formats.first ?? "",
                                          item: 0, itemCount: 1, itemName: nil,
                                          sourceProcess: manifest?.process, stallTimeout: stallTimeout)
            provider.registerDataRepresentation(for: representation.type) { [self] progress in
                try await reads.track {
                    let (mime, data) = try await readSelection(context, preferring: representation.formats, progress: progress)
                    return try ForeignFormatTable.convert(data, readAs: mime, for: representation).data
                }
            }
        }
    }

    private func registerSelectionRepresentation(_ mime: String, type: UTType, on provider: ItemProvider, item: Int,
                                                 of itemCount: Int) {
        let context = TransferContext(type: type, mime: mime, item: item, itemCount: itemCount, itemName: nil,
                                      sourceProcess: manifest?.process, stallTimeout: stallTimeout)
        provider.registerDataRepresentation(for: type) { [self] progress in
            try await reads.track { try await readSelection(context, progress: progress) }
        }
    }

    private func readSelection(_ context: TransferContext, progress: Progress) async throws -> Data {
        try await readSelection(context, preferring: [context.mime], progress: progress).data
    }

    /// Reads the first of `formats` the drag offers; the load ends with all
    /// the bytes or an ``ItemProviderError`` naming what went wrong.
    private func readSelection(
        _ context: TransferContext, preferring formats: [String], progress: Progress
    ) async throws -> (mimeType: String, data: Data) {
        do {
            let (mime, data) = try await SelectionRead.read(preferring: formats, from: drop, stallTimeout: stallTimeout,
                                                            observer: transferObserver) { received in
                progress.completedUnitCount = received
            }
            // GTK on X11 turns a source's refusal into an empty answer, so
            // an advertised type that arrives empty was not produced.
            guard !data.isEmpty else {
                throw await context.error(.notProduced("it answered with no bytes at all"), received: 0, expected: nil)
            }
            return (mime, data)
        } catch let error as SelectionRead.Failure {
            switch error.kind {
            case .cancelled:
                throw CancellationError()
            case .stalled:
                throw await context.error(.stalled, received: error.received, expected: nil)
            case .tooLarge(let limit):
                throw await context.error(.malformed("it sent more than \(limit) bytes"), received: error.received, expected: nil)
            case .failed(let message):
                // Nothing at all came: the source never produced the type.
                if error.received == 0, context.sourceProcess.map(ProcessLiveness.isRunning) ?? true {
                    throw await context.error(.notProduced(message), received: 0, expected: nil)
                }
                throw await context.error(.ended(message), received: error.received, expected: nil)
            }
        }
    }
}
