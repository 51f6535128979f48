import DragAndDrop
import Foundation
import ItemProviders
import UniformTypes

/// The MIME types one drag offers other processes, and the bytes for each
/// when a destination reads it.
///
/// Other apps see one item through the selection: the first item's
/// representations (or the combined item an app supplies for drags of
/// several items) under their own MIME types, `text/uri-list` for file
/// representations, and one DragKit format, the ``TransferManifest``.
/// DragKit destinations read the manifest and fetch every item's
/// representations over the process's ``ChannelServer``, each handler
/// running only when its representation is read.
@MainActor
final class OutgoingProduction {
    /// One offered MIME type and what answers it.
    struct Offer {
        enum Kind {
            /// The representation's bytes.
            case bytes
            /// File names of the items' file representations.
            case fileList
            /// The manifest of every item, for DragKit destinations.
            case manifest
        }
        let mime: String
        let type: UTType
        let kind: Kind
    }

    /// Every offered MIME type: content first, in fidelity order, then the
    /// manifest.
    let offers: [Offer]
    /// The first dragged item, as other processes see it.
    private let first: ItemProvider?
    /// How many items the manifest lists and the channel serves: every
    /// item, or only the offered one when there are more than a manifest
    /// may list.
    private let channelCount: Int
    /// The item the channel serves at an index, viewed for the audience.
    private let channelItem: @MainActor (Int) -> ItemProvider
    /// The channel's items made so far: each is viewed when first read.
    private var channelItems: [Int: ItemProvider] = [:]
    /// What the selection offers: the first item, or an app's combined item.
    private let offered: ItemProvider?
    /// Items with file representations, offered by name as `text/uri-list`.
    private let files: [ItemProvider]
    private let observer: @MainActor (ContentProductionEvent) -> Void
    /// The channel token of this drag, while the channel serves it.
    private var token: String?
    /// Told when a destination's process ended while it was reading.
    var onDestinationDied: (@MainActor () -> Void)?

    /// - Parameters:
    ///   - providers: The dragged items.
    ///   - audience: Who the drag goes to: only what it may see is offered
    ///     (nil: the providers are already viewed for it).
    ///   - combined: What other apps get instead of the first item, if any,
    ///     already viewed for the audience.
    ///   - observer: Told of each read that sent content.
    convenience init(providers: [ItemProvider], audience: ProviderAudience? = nil, combined: ItemProvider? = nil,
                     observer: @escaping @MainActor (ContentProductionEvent) -> Void) {
        self.init(items: OutgoingItems(providers), audience: audience, combined: combined, observer: observer)
    }

    /// - Parameters:
    ///   - items: The dragged items, made when first asked for.
    ///   - audience: Who the drag goes to: only what it may see is offered
    ///     (nil: the providers are already viewed for it).
    ///   - combined: What other apps get instead of the first item, if any,
    ///     already viewed for the audience.
    ///   - observer: Told of each read that sent content.
    ///
    /// - Complexity: O(*f*) for *f* items that may have files: other items
    ///   are made only when a destination reads them, so a drag of 50,000
    ///   items starts by making the first one.
    init(items: OutgoingItems, audience: ProviderAudience? = nil, combined: ItemProvider? = nil,
         observer: @escaping @MainActor (ContentProductionEvent) -> Void) {
        let viewed = { (provider: ItemProvider) in audience.map(provider.view(for:)) ?? provider }
        let first = items.count > 0 ? viewed(items.provider(0)) : nil
        self.first = first
        let offered = combined ?? first
        self.offered = offered
        self.files = items.mayHaveFiles().map(items.provider).filter { provider in
            audience.map(provider.offersFiles(to:)) ?? OutgoingContent.isFile(provider)
        }.map(viewed)
        self.observer = observer
        var content: [Offer] = []
        if let offered {
            for type in offered.registeredContentTypes {
                // Types with no MIME type of their own reach DragKit
                // destinations through the manifest; other apps could not
                // read them anyway.
                for mime in MIMETypeMapping.mimeTypes(for: type)
                where !mime.hasPrefix("application/x-dragkit") && !content.contains(where: { $0.mime == mime }) {
                    let isFileList = mime == MIMETypeMapping.uriList && !files.isEmpty
                    content.append(Offer(mime: mime, type: type, kind: isFileList ? .fileList : .bytes))
                }
            }
        }
        if !files.isEmpty, !content.contains(where: { $0.mime == MIMETypeMapping.uriList }) {
            content.append(Offer(mime: MIMETypeMapping.uriList, type: .fileURL, kind: .fileList))
        }
        // A drag of more items than a DragKit destination takes in a
        // manifest lists only the item the selection offers (an app's
        // combined item, or the first): one listing them all would hold up
        // this main loop (about 3 s for 50,000 items) only to be refused,
        // and that item's bytes still come through the channel, not in the
        // X server's small pieces.
        if items.count <= TransferManifest.Limits.maximumItems {
            channelCount = items.count
            channelItem = { index in index == 0 ? first ?? viewed(items.provider(0)) : viewed(items.provider(index)) }
        } else {
            channelCount = offered == nil ? 0 : 1
            channelItem = { _ in offered ?? ItemProvider() }
        }
        if channelCount > 0, ChannelServer.shared != nil {
            content.append(Offer(mime: TransferManifest.mimeType, type: .json, kind: .manifest))
        }
        offers = content
    }

    /// The channel's item at `index`, viewed when first asked for.
    private func channelProvider(at index: Int) -> ItemProvider {
        if let made = channelItems[index] { return made }
        let provider = channelItem(index)
        channelItems[index] = provider
        return provider
    }

    /// The offered MIME types, in order.
    var mimeTypes: [String] { offers.map(\.mime) }

    /// The bytes to send through the selection for `mime`.
    /// - Throws: ``GtkBackendError`` `.typeNotOffered` for a type this drag
    ///   does not offer, or the representation's load error.
    func produce(_ mime: String) async throws -> Data {
        guard let offer = offers.first(where: { $0.mime == mime }) else {
            throw GtkBackendError(code: .typeNotOffered,
                                  description: "\(mime) is not offered by this drag; it offers \(mimeTypes.joined(separator: ", ")).")
        }
        switch offer.kind {
        case .manifest:
            return manifest().encoded()
        case .bytes, .fileList:
            let item = offered === first ? 0 : nil
            do {
                let data: Data
                if offer.kind == .fileList {
                    data = try await OutgoingContent.uriList(for: files)
                } else {
                    guard let offered else { throw GtkBackendError(code: .typeNotOffered, description: "This drag offers nothing to other processes.") }
                    data = try await offered.loadDataRepresentation(for: offer.type)
                }
                observer(ContentProductionEvent(mimeType: mime, contentType: offer.type, byteCount: data.count, error: nil, item: item, throughChannel: false))
                return data
            } catch {
                observer(ContentProductionEvent(mimeType: mime, contentType: offer.type, byteCount: 0, error: "\(error)", item: item, throughChannel: false))
                throw error
            }
        }
    }

    // MARK: - The channel

    /// The manifest of every item; the first read registers the drag with
    /// the channel.
    private func manifest() -> TransferManifest {
        let server = ChannelServer.shared
        if token == nil, let server {
            // Held by the channel until finish(): a transfer still running
            // when the drag ends is reported all the same.
            token = server.register(ChannelDrag(
                produce: { index, identifier in
                    try await self.produce(item: index, typeIdentifier: identifier)
                },
                report: { outcome in
                    Task { @MainActor in self.record(outcome) }
                }))
        }
        // Items of one drag mostly share their types: each type's MIME
        // type is looked up once, not once an item.
        var representations: [UTType: TransferManifest.Representation] = [:]
        let items = (0..<channelCount).map(channelProvider(at:)).map { provider in
            TransferManifest.Item(name: provider.suggestedName, types: provider.registeredContentTypes.map { type in
                if let known = representations[type] { return known }
                let representation = TransferManifest.Representation(type: type.identifier, mime: MIMETypeMapping.mimeTypes(for: type)[0])
                representations[type] = representation
                return representation
            })
        }
        return TransferManifest(version: TransferManifest.currentVersion, process: getpid(), boot: TransferManifest.currentBoot,
                                channel: server?.name ?? "", token: token ?? "", items: items)
    }

    /// Item `index`'s representation of the type `identifier` names, for
    /// the channel.
    private func produce(item index: Int, typeIdentifier identifier: String) async throws -> Data {
        guard (0..<channelCount).contains(index) else {
            throw GtkBackendError(code: .typeNotOffered, description: "This drag has \(channelCount) items; there is no item at index \(index).")
        }
        let provider = channelProvider(at: index)
        guard let type = provider.registeredContentTypes.first(where: { $0.identifier == identifier }) else {
            throw GtkBackendError(code: .typeNotOffered,
                                  description: "Item \(index + 1) does not offer \(identifier); it offers \(provider.registeredContentTypes.map(\.identifier).joined(separator: ", ")).")
        }
        return try await provider.loadDataRepresentation(for: type)
    }

    private func record(_ outcome: ChannelOutcome) {
        let type = UTType(outcome.type) ?? .data
        observer(ContentProductionEvent(mimeType: MIMETypeMapping.mimeTypes(for: type)[0], contentType: type,
                                        byteCount: outcome.byteCount, error: outcome.error, item: outcome.item, throughChannel: true))
        if outcome.destinationDied { onDestinationDied?() }
    }

    /// Stops serving the drag over the channel (its drag ended).
    func finish() {
        if let token { ChannelServer.shared?.unregister(token) }
        token = nil
    }
}

/// The items a drag offers other processes: how many, and each one's
/// provider, made when first asked for.
@MainActor
struct OutgoingItems {
    let count: Int
    /// The provider of the item at an index (the source's, not yet viewed
    /// for the audience).
    let provider: @MainActor (Int) -> ItemProvider
    /// The indices of the items that may have file representations.
    let mayHaveFiles: @MainActor () -> [Int]

    init(count: Int, provider: @escaping @MainActor (Int) -> ItemProvider, mayHaveFiles: @escaping @MainActor () -> [Int]) {
        self.count = count
        self.provider = provider
        self.mayHaveFiles = mayHaveFiles
    }

    /// Providers already made: each may have files.
    init(_ providers: [ItemProvider]) {
        self.init(count: providers.count, provider: { providers[$0] }, mayHaveFiles: { Array(providers.indices) })
    }

    /// A drag session's items: only those of lists that say they may have
    /// files are asked about files (``DragItemList``).
    init(_ session: DragSession) {
        self.init(count: session.itemCount, provider: { session.item(at: $0).itemProvider }, mayHaveFiles: {
            var indices: [Int] = []
            var start = 0
            for list in session.itemLists {
                if list.mayHaveFiles { indices += start..<(start + list.count) }
                start += list.count
            }
            return indices
        })
    }
}
