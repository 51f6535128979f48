import Foundation
import UniformTypes

extension ItemProvider {
    // MARK: - Registering representations, best first

    /// Offers `contentType` as bytes that `loadHandler` produces when (and
    /// only when) a destination asks for it.
    ///
    /// Register in fidelity order: the first registration is the best one.
    /// The handler runs at most once per request, concurrent requests share
    /// a run, and it may check `Task.isCancelled` (or call
    /// `Task.checkCancellation()`) to stop early when the load is cancelled.
    ///
    /// ```swift
    /// provider.registerDataRepresentation(for: .utf8PlainText) { Data(cache.name.utf8) }
    /// ```
    public func registerDataRepresentation(
        for contentType: UTType,
        visibility: RepresentationVisibility = .all,
        loadHandler: @escaping @Sendable () async throws -> Data
    ) {
        append(contentType, visibility: visibility, name: nil, source: .data(loadHandler))
    }

    /// Offers `contentType` as a file that `loadHandler` returns when asked.
    ///
    /// The file must exist until the handler's load finishes; destinations
    /// get a private copy (cloned or streamed, never read into memory), or,
    /// when `openInPlace` is `true` and they ask for it, the file itself.
    public func registerFileRepresentation(
        for contentType: UTType,
        visibility: RepresentationVisibility = .all,
        openInPlace: Bool = false,
        loadHandler: @escaping @Sendable () async throws -> URL
    ) {
        append(contentType, visibility: visibility, name: nil, source: .file(opensInPlace: openInPlace) {
            SentFile(url: try await loadHandler(), allowsOriginal: openInPlace)
        })
    }

    /// Offers every type `object` can write, in the object's order. Each
    /// type's visibility is the stricter of `visibility` and the object's
    /// ``ItemProviderWriting/itemProviderVisibility(for:)``. Destinations in
    /// this process that load the object's own type get `object` itself.
    public func registerObject(_ object: some ItemProviderWriting, visibility: RepresentationVisibility = .all) {
        for type in object.writableContentTypes {
            let effective = visibility.restricted(by: object.itemProviderVisibility(for: type))
            append(type, visibility: effective, name: nil, source: .object(object))
        }
    }

    /// Offers every representation of `value`'s ``Transferable`` type that
    /// can export it (and whose exporting condition holds), in declaration
    /// order. Sets ``suggestedName`` from the first suggested file name when
    /// the provider has none yet.
    public func register<T: Transferable>(_ value: T) {
        for entry in T.transferEntries {
            guard let exporter = entry.exporter, entry.exportingCondition?(value) ?? true else { continue }
            let name = entry.suggestedFileName?(value)
            let source: Representation.Source = switch exporter {
            case .data(let export):
                .data { try await export(value) }
            case .file(let export):
                .file(opensInPlace: entry.opensInPlace) {
                    let sent = try await export(value)
                    return SentFile(url: sent.file, allowsOriginal: sent.allowAccessingOriginalFile)
                }
            }
            append(entry.contentType, visibility: entry.visibility, name: name, source: source)
            if let name {
                storage.state.withLock { state in
                    if state.suggestedName == nil { state.suggestedName = name }
                }
            }
        }
    }

    private func append(_ type: UTType, visibility: RepresentationVisibility, name: String?, source: Representation.Source) {
        storage.state.withLock { state in
            let representation = Representation(id: state.nextRepresentationID, contentType: type,
                                                visibility: visibility, suggestedName: name, source: source)
            state.nextRepresentationID += 1
            state.representations.append(representation)
        }
    }
}
