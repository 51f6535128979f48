import Foundation
import ItemProviders
import UniformTypes

/// Reads dropped item providers into ``DropPayload``s: what the seed app's
/// item receiver does.
///
/// An item or list of this app's store is recognised by its UUID
/// representation, which only drags inside the process carry, whatever the
/// destination accepts: that is how a destination tells a move from new
/// data. Otherwise the first of `accepting` the provider offers is loaded.
public enum PayloadReader {
    /// The payloads of `providers`, in order.
    ///
    /// - Throws: ``DoItError`` `.unsupportedData` (a provider offers none of
    ///   `accepting`), `.invalidJSON`, `.emptyText`, `.loadFailed`.
    public static func payloads(of providers: [ItemProvider], accepting: [UTType]) async throws(DoItError) -> [DropPayload] {
        // One after the other: loading them side by side measured no faster
        // (DoItBenchmarks, "read 1,000 providers") and is harder to follow.
        var payloads: [DropPayload] = []
        for provider in providers {
            payloads.append(try await payload(of: provider, accepting: accepting))
        }
        return payloads
    }

    static func payload(of provider: ItemProvider, accepting: [UTType]) async throws(DoItError) -> DropPayload {
        if provider.hasItemConforming(to: .todoItemID) {
            return .existingItem(try await uuid(provider, .todoItemID))
        }
        if provider.hasItemConforming(to: .todoListID) {
            return .existingList(try await uuid(provider, .todoListID))
        }
        for type in accepting where provider.hasItemConforming(to: type) {
            // Plain text only: JSON conforms to public.text too, and is read below.
            if type.conforms(to: .plainText) {
                let text: String
                do {
                    text = try await provider.loadObject(ofClass: String.self)
                } catch {
                    throw DoItError(.loadFailed, "The dropped text could not be read. Try the drag again.",
                                    details: String(describing: error))
                }
                guard !text.trimmed.isEmpty else {
                    throw DoItError(.emptyText, "The dropped text is empty; drop some words to make an item of them.")
                }
                return .text(text)
            }
            let data = try await data(provider, type)
            switch type {
            case .todoItem:
                return .items([try TodoJSON.item(from: data)])
            case .todoList:
                let (list, items) = try TodoJSON.list(from: data)
                return .list(list, items)
            default:
                switch try TodoJSON.content(from: data) {
                case .items(let items): return .items(items)
                case .list(let list, let items): return .list(list, items)
                }
            }
        }
        let offered = provider.registeredContentTypes.map(\.identifier)
        throw DoItError(.unsupportedData, "Do It can't use "
            + (offered.isEmpty ? "this data" : offered.joined(separator: ", "))
            + ". Drop to-do items, lists, JSON files or text.")
    }

    private static func data(_ provider: ItemProvider, _ type: UTType) async throws(DoItError) -> Data {
        do {
            return try await provider.loadDataRepresentation(for: type)
        } catch {
            throw DoItError(.loadFailed, "The dropped \(type.localizedDescription ?? "data") could not be read. Try the drag again.",
                            details: String(describing: error))
        }
    }

    private static func uuid(_ provider: ItemProvider, _ type: UTType) async throws(DoItError) -> UUID {
        let bytes = try await data(provider, type)
        guard let uuid = UUID(uuidString: String(decoding: bytes, as: UTF8.self)) else {
            throw DoItError(.invalidJSON, "The dragged reference is not a UUID.")
        }
        return uuid
    }
}
