import Foundation
import UniformTypes

/// Exports and imports an item as bytes of one content type.
///
/// ```swift
/// DataRepresentation(contentType: .png) { $0.pngData } importing: { try Sticker(pngData: $0) }
/// ```
public struct DataRepresentation<Item: Transferable>: TransferRepresentation, TransferEntrySource {
    let entry: TransferEntry<Item>

    /// Exports with `exporting` and imports with `importing`.
    public init(
        contentType: UTType,
        exporting: @escaping @Sendable (Item) async throws -> Data,
        importing: @escaping @Sendable (Data) async throws -> Item
    ) {
        entry = TransferEntry(contentType: contentType, exporter: .data(exporting), importer: .data(importing))
    }

    /// Exports only.
    public init(exportedContentType contentType: UTType, exporting: @escaping @Sendable (Item) async throws -> Data) {
        entry = TransferEntry(contentType: contentType, exporter: .data(exporting), importer: nil)
    }

    /// Imports only.
    public init(importedContentType contentType: UTType, importing: @escaping @Sendable (Data) async throws -> Item) {
        entry = TransferEntry(contentType: contentType, exporter: nil, importer: .data(importing))
    }

    var entries: [TransferEntry<Item>] { [entry] }

    public var body: Never {
        return preconditionFailure("DataRepresentation has no body")
    }
}
