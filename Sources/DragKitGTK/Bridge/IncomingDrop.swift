import Foundation
import ItemProviders
import UniformTypes

/// A drag from another process as DragKit sees it: one item whose provider
/// has one representation per type the offered formats stand for, in the
/// source's order, as ``ForeignFormatTable`` understands them (a browser's
/// link is `public.url`, text in any charset is UTF-8 text, private formats
/// stay out of the way). Loading a representation reads its best format
/// from GTK asynchronously and converts it, so data crosses only when a
/// destination loads it after the drop; the bytes read so far are the
/// load's progress (out of the byte count a DragKit source announces, else
/// indeterminate).
@MainActor
final class IncomingDrop {
    let drop: Drop
    let provider = ItemProvider()
    private let reads = DropReads()
    private let representations: [ForeignFormatTable.Representation]
    private var prepared = false

    init(drop: Drop, transferObserver: (@MainActor (String, UInt64) -> Void)? = nil) {
        self.drop = drop
        reads.transferObserver = transferObserver
        representations = ForeignFormatTable.representations(offered: drop.formats.mimeTypes)
        for representation in representations {
            provider.registerDataRepresentation(for: representation.type) { [reads, drop] progress in
                let (mime, data) = try await reads.read(preferring: representation.formats, from: drop, reportingTo: progress)
                return try ForeignFormatTable.convert(data, readAs: mime, for: representation).data
            }
        }
    }

    /// Whether `drop` is the GTK drop this stands for.
    func represents(_ other: Drop) -> Bool { drop.isSame(as: other) }

    /// Whether the drag offers files by name.
    var hasFileList: Bool { drop.formats.contains(MIMETypeMapping.uriList) }

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
           let (mime, data) = try? await reads.read(preferring: link.formats, from: drop),
           let title = (try? ForeignFormatTable.convert(data, readAs: mime, for: link))?.title {
            provider.suggestedName = title
        }
    }

    private func registerFiles() async {
        guard hasFileList, let list = try? await reads.read(MIMETypeMapping.uriList, from: drop) else { return }
        let urls = String(decoding: list, as: UTF8.self)
            .split(whereSeparator: \.isNewline)
            .filter { !$0.hasPrefix("#") }
            .compactMap { URL(string: String($0).trimmingCharacters(in: .whitespaces)) }
            .filter(\.isFileURL)
        var seen = Set<UTType>()
        for url in urls {
            let type = UTType(filenameExtension: url.pathExtension) ?? .data
            guard seen.insert(type).inserted else { continue }
            if provider.suggestedName == nil {
                provider.suggestedName = url.deletingPathExtension().lastPathComponent
            }
            provider.registerFileRepresentation(for: type) { url }
        }
    }

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
