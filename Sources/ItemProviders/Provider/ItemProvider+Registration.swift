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

    /// Offers `contentType` as bytes that `loadHandler` produces when asked,
    /// telling destinations how far it got through `progress`.
    ///
    /// The handler's `Progress` starts indeterminate (`totalUnitCount` is
    /// -1). Set `totalUnitCount` once the amount of work is known and raise
    /// `completedUnitCount` as it gets done; every load waiting for this
    /// run, coalesced ones included, sees the same counts in its own
    /// `Progress` (the `progress:` it passed, or the one a completion-handler
    /// load returned). Leaving the total unknown shows as indeterminate
    /// progress until the load finishes.
    ///
    /// When the load is cancelled (its task, or the `Progress` the
    /// destination holds), `progress.isCancelled` becomes `true` and its
    /// `cancellationHandler` is called, as well as `Task.isCancelled`.
    /// Only the counts set on `progress` itself travel: children added to
    /// it are not passed on.
    ///
    /// ```swift
    /// provider.registerDataRepresentation(for: .mpeg4Movie) { progress in
    ///     progress.totalUnitCount = Int64(export.byteCount)
    ///     var movie = Data()
    ///     for try await chunk in export.chunks {
    ///         if progress.isCancelled { throw CancellationError() }
    ///         movie.append(chunk)
    ///         progress.completedUnitCount = Int64(movie.count)
    ///     }
    ///     return movie
    /// }
    ///
    /// // destination
    /// let progress = Progress(totalUnitCount: 1)
    /// progressBar.observe(progress)
    /// let movie = try await provider.loadDataRepresentation(for: .movie, progress: progress)
    /// ```
    public func registerDataRepresentation(
        for contentType: UTType,
        visibility: RepresentationVisibility = .all,
        loadHandler: @escaping @Sendable (_ progress: Progress) async throws -> Data
    ) {
        append(contentType, visibility: visibility, name: nil, source: .reportingData(loadHandler))
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
        append(contentType, visibility: visibility, name: nil, source: .file(opensInPlace: openInPlace, reportsProgress: false) { _ in
            SentFile(url: try await loadHandler(), allowsOriginal: openInPlace)
        })
    }

    /// Offers `contentType` as a file that `loadHandler` returns when asked,
    /// telling destinations how far it got through `progress` (for example
    /// while downloading or exporting the file).
    ///
    /// `progress` works as for the data form that takes one: its counts
    /// reach every waiting load's `Progress`, and it is cancelled when the
    /// load is. A handler that reports progress speaks
    /// for the whole load: copying its file for the destination adds no
    /// further steps. The file is used as with the plain form.
    ///
    /// ```swift
    /// provider.registerFileRepresentation(for: .zip) { progress in
    ///     try await archive.write(to: archiveURL) { written, total in
    ///         progress.totalUnitCount = total
    ///         progress.completedUnitCount = written
    ///     }
    ///     return archiveURL
    /// }
    /// ```
    public func registerFileRepresentation(
        for contentType: UTType,
        visibility: RepresentationVisibility = .all,
        openInPlace: Bool = false,
        loadHandler: @escaping @Sendable (_ progress: Progress) async throws -> URL
    ) {
        append(contentType, visibility: visibility, name: nil, source: .file(opensInPlace: openInPlace, reportsProgress: true) { progress in
            SentFile(url: try await loadHandler(progress ?? RunProgress()), allowsOriginal: openInPlace)
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
                .file(opensInPlace: entry.opensInPlace, reportsProgress: false) { _ in
                    let sent = try await export(value)
                    return SentFile(url: sent.file, allowsOriginal: sent.allowAccessingOriginalFile)
                }
            }
            append(entry.contentType, visibility: entry.visibility, name: name, source: source)
            if let name {
                storage.state.withLock { state in
                    if state.suggestedName == nil, state.nameSource == nil { state.suggestedName = name }
                }
            }
        }
    }

    /// Offers `contentType` as the file `loadHandler` returns, placed at
    /// `index` among the representations registered so far rather than
    /// last: for a backend that learns only at the drop that its item is a
    /// file, whose file must come before the stand-ins offered while
    /// hovering (a list of names, or their text).
    package func insertFileRepresentation(for contentType: UTType, at index: Int,
                                          loadHandler: @escaping @Sendable () async throws -> URL) {
        append(contentType, visibility: .all, name: nil, at: index, source: .file(opensInPlace: false, reportsProgress: false) { _ in
            SentFile(url: try await loadHandler(), allowsOriginal: false)
        })
    }

    private func append(_ type: UTType, visibility: RepresentationVisibility, name: String?, at index: Int? = nil,
                        source: Representation.Source) {
        storage.state.withLock { state in
            let representation = Representation(id: state.nextRepresentationID, contentType: type,
                                                visibility: visibility, suggestedName: name, source: source)
            state.nextRepresentationID += 1
            // Appending, the common case, is much cheaper than inserting at
            // the end (a lift of 50,000 items registers 100,000).
            if let index {
                state.representations.insert(representation, at: min(max(index, 0), state.representations.count))
            } else {
                state.representations.append(representation)
            }
        }
    }
}
