import Foundation
import ItemProviders
import UniformTypes

/// A drag from another process as DragKit sees it.
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
///
/// Either way a load ends with all the bytes or an ``ItemProviderError``
/// (the source died, closed early, stalled, or never produced the type),
/// never with part of the data.
@MainActor
final class IncomingDrop {
    let drop: Drop
    /// One provider per dragged item.
    let providers: [ItemProvider]
    /// The manifest of a DragKit source, when there is one.
    let manifest: TransferManifest?
    private let reads = DropReads()
    private let stallTimeout: Duration
    private let deadline: Duration
    /// What other apps' formats stand for (empty for a DragKit source).
    private let representations: [ForeignFormatTable.Representation]
    private var prepared = false

    /// - Parameter refusal: why the drag's manifest could not be used (over
    ///   its limits or not a manifest: `.malformed`; it never arrived:
    ///   `.stalled`), when it could not: the drag is then read like any
    ///   other app's, and a load of `public.data` that finds nothing else
    ///   fails with ``ItemProviderError/Code/malformedTransfer`` or
    ///   ``ItemProviderError/Code/transferStalled`` saying why.
    init(drop: Drop, manifest: TransferManifest?, refusal: TransferContext.Breakage? = nil, stallTimeout: Duration,
         deadline: Duration = DesktopDragDrop.defaultTransferDeadline,
         transferObserver: (@MainActor (String, UInt64) -> Void)? = nil) {
        self.drop = drop
        self.manifest = manifest
        self.stallTimeout = stallTimeout
        self.deadline = deadline
        reads.transferObserver = transferObserver
        if let manifest, !manifest.items.isEmpty {
            representations = []
            providers = manifest.items.map { _ in ItemProvider() }
            for (index, item) in manifest.items.enumerated() {
                registerChannelRepresentations(of: item, at: index, in: manifest)
            }
            // Files are also offered by name, as to any app: the first item
            // lists them as file URLs.
            if drop.formats.contains(MIMETypeMapping.uriList) {
                registerSelectionRepresentation(MIMETypeMapping.uriList, type: .fileURL, item: 0, of: manifest.items.count)
            }
        } else {
            representations = ForeignFormatTable.representations(
                offered: drop.formats.mimeTypes.filter { $0 != TransferManifest.mimeType })
            providers = [ItemProvider()]
            registerSelectionRepresentations()
            if let refusal { registerRefusal(refusal) }
        }
    }

    /// After the other formats: why the manifest could not be used, for a
    /// destination that asks for any data.
    private func registerRefusal(_ breakage: TransferContext.Breakage) {
        let context = TransferContext(type: .data, mime: TransferManifest.mimeType, item: 0, itemCount: 1, itemName: nil,
                                      sourceProcess: nil, stallTimeout: ManifestRead.stallTimeout)
        provider.registerDataRepresentation(for: .data) {
            throw await context.error(breakage, received: 0, expected: nil)
        }
    }

    /// The first item, the one other apps' drags consist of.
    var provider: ItemProvider { providers[0] }

    /// Whether `drop` is the GTK drop this stands for.
    func represents(_ other: Drop) -> Bool { drop.isSame(as: other) }

    // MARK: - From another DragKit process

    private func registerChannelRepresentations(of item: TransferManifest.Item, at index: Int, in manifest: TransferManifest) {
        ManifestFetch.register(item, at: index, of: manifest, on: providers[index], stallTimeout: stallTimeout) {
            [self] representation, context, progress in
            try await fetch(representation, context: context, progress: progress)
        }
    }

    private func fetch(_ representation: TransferManifest.Representation, context: TransferContext,
                       progress: Progress) async throws -> Data {
        guard let manifest else { throw CancellationError() }
        // The first item's types are offered through the selection too.
        var fallback: (@MainActor () async throws -> Data)?
        if context.item == 0, drop.formats.contains(representation.mime) {
            fallback = { [self] in try await readSelection(context, progress: progress) }
        }
        return try await reads.track {
            try await ManifestFetch.fetch(representation, of: manifest, context: context, stallTimeout: stallTimeout,
                                          deadline: deadline, progress: progress, observer: reads.transferObserver,
                                          fallback: fallback)
        }
    }

    // MARK: - From any app, through the selection

    private func registerSelectionRepresentations() {
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

    private func registerSelectionRepresentation(_ mime: String, type: UTType, item: Int, of itemCount: Int) {
        let context = TransferContext(type: type, mime: mime, item: item, itemCount: itemCount, itemName: nil,
                                      sourceProcess: manifest?.process, stallTimeout: stallTimeout)
        providers[item].registerDataRepresentation(for: type) { [self] progress in
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
            let (mime, data) = try await reads.read(preferring: formats, from: drop, stallTimeout: stallTimeout) { received in
                progress.completedUnitCount = received
            }
            // GTK on X11 turns a source's refusal into an empty answer, so
            // an advertised type that arrives empty was not produced.
            guard !data.isEmpty else {
                throw await context.error(.notProduced("it answered with no bytes at all"), received: 0, expected: nil)
            }
            return (mime, data)
        } catch let error as DropReads.Failure {
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

    // MARK: - Files by name

    /// Whether the drag offers files by name (other apps' file drags).
    var hasFileList: Bool { manifest == nil && drop.formats.contains(MIMETypeMapping.uriList) }

    /// The link representation, when the drag offers a format that carries
    /// the link's title too (browsers do).
    private var titledLink: ForeignFormatTable.Representation? {
        representations.first { representation in
            representation.type == .url && representation.formats.contains {
                [.mozURL, .netscapeURL].contains(ForeignFormatTable.interpret($0).conversion)
            }
        }
    }

    /// Whether something must be read before the drop is handed over
    /// (``prepare()``).
    var needsPreparation: Bool { !prepared && (hasFileList || titledLink != nil) }

    /// Before the drop is handed to the destination: a `text/uri-list` is
    /// read (it is only names) and each file is registered as a file
    /// representation typed by its name, so destinations can ask for
    /// `.png` or `.data` rather than parse URLs; a link's title becomes the
    /// provider's suggested name.
    func prepare() async {
        guard !prepared else { return }
        prepared = true
        await registerFiles()
        if provider.suggestedName == nil, let link = titledLink,
           let (mime, data) = try? await reads.track({
               try await reads.read(preferring: link.formats, from: drop, stallTimeout: stallTimeout)
           }),
           let title = (try? ForeignFormatTable.convert(data, readAs: mime, for: link))?.title {
            provider.suggestedName = title
        }
    }

    private func registerFiles() async {
        guard hasFileList,
              let list = try? await reads.track({ try await reads.read(MIMETypeMapping.uriList, from: drop, stallTimeout: stallTimeout) })
        else { return }
        let urls = String(decoding: list, as: UTF8.self)
            .split(whereSeparator: \.isNewline)
            .filter { !$0.hasPrefix("#") }
            .compactMap { URL(string: String($0).trimmingCharacters(in: .whitespaces)) }
            .filter(\.isFileURL)
        // Ahead of the formats registered while hovering: a file's type is
        // its file's, and its bytes are the file's, never the text of the
        // list that names it (Qt offers that list as text/plain too).
        var seen = Set<UTType>()
        var position = 0
        for url in urls {
            let type = UTType(filenameExtension: url.pathExtension) ?? .data
            guard seen.insert(type).inserted else { continue }
            if provider.suggestedName == nil {
                provider.suggestedName = url.deletingPathExtension().lastPathComponent
            }
            provider.insertFileRepresentation(for: type, at: position) { url }
            position += 1
        }
    }

    /// Whether a read from the drop is in flight.
    var isReading: Bool { reads.isReading }

    /// Returns once no read is in flight.
    func waitForReads() async {
        await reads.waitUntilIdle()
    }

    /// Finishes the GTK drop; later loads fail with `.dropFinished` instead
    /// of reading from a drag that is over.
    func finish(_ action: DragAction) {
        reads.isFinished = true
        drop.finish(action)
    }
}
