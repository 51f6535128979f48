import Foundation
import UniformTypes

/// One or more ways to export and import an `Item`: the built-in
/// ``CodableRepresentation``, ``DataRepresentation``,
/// ``FileRepresentation`` and ``ProxyRepresentation``, groups of them, or a
/// type of your own whose ``body`` composes them.
///
/// ```swift
/// struct NoteRepresentation: TransferRepresentation {
///     var body: some TransferRepresentation<Note> {
///         CodableRepresentation(contentType: .note)
///         ProxyRepresentation(exporting: \.text)
///     }
/// }
/// ```
public protocol TransferRepresentation<Item>: Sendable {
    /// The value the representation exports and imports.
    associatedtype Item: Transferable
    /// The representations this one is made of.
    associatedtype Body: TransferRepresentation

    /// The representations this one is made of; built-in representations
    /// have none.
    @TransferRepresentationBuilder<Item> var body: Body { get }
}

/// A representation that lists its entries itself instead of through
/// `body`: the built-in ones, groups and modified representations.
protocol TransferEntrySource: TransferRepresentation {
    var entries: [TransferEntry<Item>] { get }
}

extension TransferRepresentation {
    /// Every export and import way this representation stands for, in order.
    var flattenedEntries: [TransferEntry<Item>] {
        if let source = self as? any TransferEntrySource {
            return listedEntries(of: source, as: Item.self)
        }
        return composedEntries(of: body, as: Item.self)
    }
}

/// The entries of `source`, typed for `Item`. The dynamic type of a
/// representation of `Item` lists entries of `Item`, so the cast succeeds;
/// a `body` made of another item's representations contributes nothing.
/// Kept out of line: inlined into `flattenedEntries`, the optimizer of
/// Swift 6.3 crashes on it.
@inline(never)
private func listedEntries<Item: Transferable>(of source: any TransferEntrySource, as item: Item.Type) -> [TransferEntry<Item>] {
    func open<Source: TransferEntrySource>(_ source: Source) -> Any { source.entries }
    return open(source) as? [TransferEntry<Item>] ?? []
}

@inline(never)
private func composedEntries<Item: Transferable, Body: TransferRepresentation>(of body: Body, as item: Item.Type) -> [TransferEntry<Item>] {
    body.flattenedEntries as Any as? [TransferEntry<Item>] ?? []
}

/// One way to export and/or import an `Item` under one content type.
struct TransferEntry<Item: Transferable>: Sendable {
    enum Exporter: Sendable {
        case data(@Sendable (Item) async throws -> Data)
        case file(@Sendable (Item) async throws -> SentTransferredFile)
    }

    enum Importer: Sendable {
        case data(@Sendable (Data) async throws -> Item)
        case file(@Sendable (ReceivedTransferredFile) async throws -> Item)
    }

    var contentType: UTType
    var exporter: Exporter?
    var importer: Importer?
    var visibility: RepresentationVisibility = .all
    var opensInPlace = false
    var suggestedFileName: (@Sendable (Item) -> String?)?
    var exportingCondition: (@Sendable (Item) -> Bool)?
}
