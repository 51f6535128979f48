import Foundation
import UniformTypes

/// Exports and imports a `Codable` item as JSON (or with the encoder and
/// decoder you pass) under a content type you declare, usually one
/// conforming to `public.json`.
///
/// ```swift
/// extension UTType {
///     static let todoItem = UTType(exportedAs: "com.example.todo-item", conformingTo: .json)
/// }
/// CodableRepresentation(contentType: .todoItem)
/// ```
public struct CodableRepresentation<Item: Transferable & Codable>: TransferRepresentation, TransferEntrySource {
    let entry: TransferEntry<Item>

    public init(
        for itemType: Item.Type = Item.self,
        contentType: UTType,
        encoder: JSONEncoder = JSONEncoder(),
        decoder: JSONDecoder = JSONDecoder()
    ) {
        entry = TransferEntry(
            contentType: contentType,
            exporter: .data { item in try encoder.encode(item) },
            importer: .data { data in try decoder.decode(Item.self, from: data) }
        )
    }

    var entries: [TransferEntry<Item>] { [entry] }

    public var body: Never {
        return preconditionFailure("CodableRepresentation has no body")
    }
}
