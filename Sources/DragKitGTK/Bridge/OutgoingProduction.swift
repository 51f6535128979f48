import Foundation
import ItemProviders
import UniformTypes

/// The MIME types one drag offers other processes, and the bytes for each
/// when a destination reads it.
///
/// A DragKit destination reads a type's byte-count companion and then the
/// type itself. Both need the representation's bytes, so they are kept
/// from the first read to the second: the source's handler runs once.
@MainActor
final class OutgoingProduction {
    /// One offered MIME type and what answers it.
    struct Offer {
        enum Kind {
            /// The representation's bytes.
            case bytes
            /// The number of bytes `.bytes` of the same type will send.
            case byteCount
            /// File names of the items' file representations.
            case fileList
        }
        let mime: String
        let type: UTType
        let kind: Kind
    }

    /// Every offered MIME type: content first, in fidelity order, then the
    /// byte-count companions, which only DragKit destinations ask for.
    let offers: [Offer]
    /// The first item, as other processes see it: its types are offered.
    private let provider: ItemProvider?
    /// Items with file representations, offered by name as `text/uri-list`.
    private let files: [ItemProvider]
    private let observer: @MainActor (ContentProductionEvent) -> Void
    /// Bytes produced (or being produced) for a type whose byte count was
    /// read, kept until its bytes are read.
    private var produced: [UTType: Task<Data, any Error>] = [:]

    /// - Parameters:
    ///   - providers: The dragged items, already viewed for the audience
    ///     the drag goes to.
    ///   - observer: Told of each read that sent content.
    init(providers: [ItemProvider], observer: @escaping @MainActor (ContentProductionEvent) -> Void) {
        self.provider = providers.first
        self.files = providers.filter(OutgoingContent.isFile)
        self.observer = observer
        var content: [Offer] = []
        if let first = providers.first {
            for type in first.registeredContentTypes {
                for mime in MIMETypeMapping.mimeTypes(for: type) where !content.contains(where: { $0.mime == mime }) {
                    let isFileList = mime == MIMETypeMapping.uriList && !files.isEmpty
                    content.append(Offer(mime: mime, type: type, kind: isFileList ? .fileList : .bytes))
                }
            }
        }
        if !files.isEmpty, !content.contains(where: { $0.mime == MIMETypeMapping.uriList }) {
            content.append(Offer(mime: MIMETypeMapping.uriList, type: .fileURL, kind: .fileList))
        }
        let companions = content.filter { $0.kind == .bytes && $0.mime != MIMETypeMapping.uriList }.map {
            Offer(mime: MIMETypeMapping.byteCountMIMEType(for: $0.mime), type: $0.type, kind: .byteCount)
        }
        offers = content + companions
    }

    /// The offered MIME types, in order.
    var mimeTypes: [String] { offers.map(\.mime) }

    /// The bytes to send for `mime`.
    /// - Throws: ``GtkBackendError`` `.typeNotOffered` for a type this drag
    ///   does not offer, or the representation's load error.
    func produce(_ mime: String) async throws -> Data {
        guard let offer = offers.first(where: { $0.mime == mime }) else {
            throw GtkBackendError(code: .typeNotOffered,
                                  description: "\(mime) is not offered by this drag; it offers \(mimeTypes.joined(separator: ", ")).")
        }
        switch offer.kind {
        case .byteCount:
            do {
                let data = try await bytes(of: offer.type).value
                return Data(String(data.count).utf8)
            } catch {
                produced[offer.type] = nil
                throw error
            }
        case .bytes, .fileList:
            do {
                let data: Data
                if offer.kind == .fileList {
                    data = try await OutgoingContent.uriList(for: files)
                } else {
                    data = try await bytes(of: offer.type).value
                    produced[offer.type] = nil
                }
                observer(ContentProductionEvent(mimeType: mime, contentType: offer.type, byteCount: data.count, error: nil))
                return data
            } catch {
                produced[offer.type] = nil
                observer(ContentProductionEvent(mimeType: mime, contentType: offer.type, byteCount: 0, error: "\(error)"))
                throw error
            }
        }
    }

    /// The representation's bytes: the load already started for this type,
    /// or a new one.
    private func bytes(of type: UTType) -> Task<Data, any Error> {
        if let running = produced[type] { return running }
        guard let provider else {
            return Task { throw GtkBackendError(code: .typeNotOffered, description: "This drag offers nothing to other processes.") }
        }
        let load = Task { try await provider.loadDataRepresentation(for: type) }
        produced[type] = load
        return load
    }
}
