import Foundation
import ItemProviders
import UniformTypes

/// A drag from another process as DragKit sees it: one item whose provider
/// lists, per offered MIME type in the source's order, a representation
/// typed by `UTType(mimeType:)`. Loading a representation reads that MIME
/// type from GTK asynchronously, so data crosses only when a destination
/// loads it after the drop; the bytes read so far are the load's progress
/// (out of the byte count a DragKit source announces, else indeterminate).
@MainActor
final class IncomingDrop {
    let drop: Drop
    let provider = ItemProvider()
    private let reads = DropReads()
    private var filesRegistered = false

    init(drop: Drop, transferObserver: (@MainActor (String, UInt64) -> Void)? = nil) {
        self.drop = drop
        reads.transferObserver = transferObserver
        var seen = Set<UTType>()
        for mime in drop.formats.mimeTypes {
            guard let type = MIMETypeMapping.type(forMIMEType: mime), seen.insert(type).inserted else { continue }
            provider.registerDataRepresentation(for: type) { [reads, drop] progress in
                try await reads.read(mime, from: drop, reportingTo: progress)
            }
        }
    }

    /// Whether `drop` is the GTK drop this stands for.
    func represents(_ other: Drop) -> Bool { drop.isSame(as: other) }

    /// Whether the drag offers files by name.
    var hasFileList: Bool { drop.formats.contains(MIMETypeMapping.uriList) }

    /// Before the drop is handed to the destination: a `text/uri-list` is
    /// read (it is only names) and each file is registered as a file
    /// representation typed by its name, so destinations can ask for
    /// `.png` or `.data` rather than parse URLs.
    func registerFiles() async {
        guard !filesRegistered, hasFileList else { return }
        filesRegistered = true
        guard let list = try? await reads.read(MIMETypeMapping.uriList, from: drop) else { return }
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
