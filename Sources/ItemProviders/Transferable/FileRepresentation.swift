import Foundation
import UniformTypes

/// Exports and imports an item as a file of one content type. Files are
/// cloned or streamed, never read into memory.
///
/// ```swift
/// FileRepresentation(contentType: .mpeg4Movie) { movie in
///     SentTransferredFile(movie.url)
/// } importing: { received in
///     let copy = library.appending(path: received.file.lastPathComponent)
///     try FileManager.default.copyItem(at: received.file, to: copy)   // the received file goes away
///     return Movie(url: copy)
/// }
/// ```
public struct FileRepresentation<Item: Transferable>: TransferRepresentation, TransferEntrySource {
    let entry: TransferEntry<Item>

    /// Exports with `exporting` and imports with `importing`.
    /// - Parameters:
    ///   - contentType: The type the file is offered and received as.
    ///   - shouldAttemptToOpenInPlace: Importers get the source's file
    ///     itself when the exporter allows it.
    ///   - exporting: Writes the item to a file.
    ///   - importing: Makes an item from a received file.
    public init(
        contentType: UTType,
        shouldAttemptToOpenInPlace: Bool = false,
        exporting: @escaping @Sendable (Item) async throws -> SentTransferredFile,
        importing: @escaping @Sendable (ReceivedTransferredFile) async throws -> Item
    ) {
        entry = TransferEntry(contentType: contentType, exporter: .file(exporting), importer: .file(importing),
                              opensInPlace: shouldAttemptToOpenInPlace)
    }

    /// Exports only.
    public init(
        exportedContentType contentType: UTType,
        shouldAllowToOpenInPlace: Bool = false,
        exporting: @escaping @Sendable (Item) async throws -> SentTransferredFile
    ) {
        entry = TransferEntry(contentType: contentType, exporter: .file(exporting), importer: nil,
                              opensInPlace: shouldAllowToOpenInPlace)
    }

    /// Imports only.
    public init(
        importedContentType contentType: UTType,
        shouldAttemptToOpenInPlace: Bool = false,
        importing: @escaping @Sendable (ReceivedTransferredFile) async throws -> Item
    ) {
        entry = TransferEntry(contentType: contentType, exporter: nil, importer: .file(importing),
                              opensInPlace: shouldAttemptToOpenInPlace)
    }

    var entries: [TransferEntry<Item>] { [entry] }

    public var body: Never {
        return preconditionFailure("FileRepresentation has no body")
    }
}
