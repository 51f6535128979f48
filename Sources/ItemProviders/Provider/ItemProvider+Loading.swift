import Foundation
import UniformTypes

extension ItemProvider {
    // MARK: - Loading, async first

    /// The bytes of the best representation conforming to `contentType`.
    ///
    /// Asking for a supertype gets the best registered subtype: with
    /// `public.utf8-plain-text` registered, asking for `.text` delivers it.
    /// A file representation is read into memory. Runs the source's handler
    /// (at most once, shared with concurrent requests for the same
    /// representation).
    ///
    /// - Parameters:
    ///   - contentType: The type wanted; any registered type conforming to
    ///     it may be delivered.
    ///   - progress: A `Progress` to report into and to cancel the load
    ///     through; the load becomes its child and takes all its remaining
    ///     units.
    /// - Throws: ``ItemProviderError`` (`.typeNotRegistered`, `.notVisible`,
    ///   `.sealed`, `.handlerFailed`, `.fileUnavailable`, `.cancelled`).
    ///
    /// ```swift
    /// let bytes = try await provider.loadDataRepresentation(for: .text)
    /// ```
    public func loadDataRepresentation(for contentType: UTType, progress: Progress? = nil) async throws -> Data {
        guard let progress else { return try await dataRepresentation(for: contentType, progress: nil) }
        return try await LoadProgress.run(reportingTo: progress) { own in
            try await self.dataRepresentation(for: contentType, progress: own)
        }
    }

    /// Runs `body` with a file holding the best representation conforming
    /// to `contentType`; the file exists until `body` returns and is removed
    /// afterwards, so it cannot vanish while in use. Move or copy it inside
    /// `body` to keep it.
    ///
    /// A data representation is written to a temporary file; a file
    /// representation is cloned or copied extent by extent, never read into
    /// memory. Throws `body`'s errors unchanged, and ``ItemProviderError``
    /// for everything else.
    ///
    /// ```swift
    /// let saved = try await provider.withFileRepresentation(for: .png) { url in
    ///     try FileManager.default.copyItem(at: url, to: library.appending(path: url.lastPathComponent))
    /// }
    /// ```
    nonisolated(nonsending)
    public func withFileRepresentation<R>(
        for contentType: UTType,
        progress: Progress? = nil,
        _ body: (URL) async throws -> R
    ) async throws -> R {
        let file = try await LoadProgress.run(reportingTo: progress) { own in
            try await self.fileRepresentation(for: contentType, inPlace: false, progress: own)
        }
        defer { file.release() }
        return try await body(file.url)
    }

    /// Like ``withFileRepresentation(for:progress:_:)``, but when the source
    /// registered the file with `openInPlace`, `body` gets the source's
    /// original file and `isInPlace` is `true` (the original is never
    /// removed). Otherwise `body` gets a temporary copy.
    nonisolated(nonsending)
    public func withInPlaceFileRepresentation<R>(
        for contentType: UTType,
        progress: Progress? = nil,
        _ body: (_ url: URL, _ isInPlace: Bool) async throws -> R
    ) async throws -> R {
        let file = try await LoadProgress.run(reportingTo: progress) { own in
            try await self.fileRepresentation(for: contentType, inPlace: true, progress: own)
        }
        defer { file.release() }
        return try await body(file.url, file.isOriginal)
    }

    /// An object of type `T`, read from the first of `T`'s readable types
    /// the provider offers (in `T`'s order; among registered types
    /// conforming to it, the provider's best).
    ///
    /// In the source's own process, when the chosen representation belongs
    /// to an object registered with ``registerObject(_:visibility:)`` that
    /// is a `T`, that object is returned without encoding it.
    ///
    /// - Throws: ``ItemProviderError``; `.decodingFailed` names the type and
    ///   keeps `T`'s error as ``ItemProviderError/underlyingError``.
    public func loadObject<T: ItemProviderReading>(ofClass: T.Type, progress: Progress? = nil) async throws -> T {
        guard let progress else { return try await object(ofClass: T.self, progress: nil) }
        return try await LoadProgress.run(reportingTo: progress) { own in
            try await self.object(ofClass: T.self, progress: own)
        }
    }

    /// A `T` imported through the first of `T`'s importing representations
    /// that the provider offers (in `T`'s declaration order; among
    /// registered types conforming to it, the provider's best).
    ///
    /// ```swift
    /// let item = try await provider.loadTransferable(type: TodoItem.self)
    /// ```
    public func loadTransferable<T: Transferable>(type: T.Type, progress: Progress? = nil) async throws -> T {
        guard let progress else { return try await transferable(type: T.self, progress: nil) }
        return try await LoadProgress.run(reportingTo: progress) { own in
            try await self.transferable(type: T.self, progress: own)
        }
    }

    // MARK: - Implementations shared with the completion-handler forms

    func dataRepresentation(for contentType: UTType, progress: Progress?) async throws(ItemProviderError) -> Data {
        let representation = try resolve(contentType)
        try checkSeal(contentType)
        return try await loadData(of: representation, progress: progress)
    }

    func fileRepresentation(for contentType: UTType, inPlace: Bool, progress: Progress?) async throws(ItemProviderError) -> TemporaryFile {
        let representation = try resolve(contentType)
        try checkSeal(contentType)
        return try await loadFile(of: representation, inPlace: inPlace, progress: progress)
    }

    func object<T: ItemProviderReading>(ofClass: T.Type, progress: Progress?) async throws(ItemProviderError) -> T {
        let (representation, _) = try resolve(readable: T.readableContentTypes, for: T.self)
        try checkSeal(representation.contentType)
        if access.isOwnProcessOnly, case .object(let object) = representation.source, let same = object as? T {
            return same
        }
        let data = try await loadData(of: representation, progress: progress)
        do {
            return try T.object(fromItemProviderData: data, contentType: representation.contentType)
        } catch {
            throw .decoding(error, type: representation.contentType, into: "\(T.self)")
        }
    }

    func transferable<T: Transferable>(type: T.Type, progress: Progress?) async throws(ItemProviderError) -> T {
        let importers = T.transferEntries.compactMap { entry in
            entry.importer.map { (entry, $0) }
        }
        let (representation, index) = try resolve(readable: importers.map(\.0.contentType), for: T.self)
        try checkSeal(representation.contentType)
        let (entry, importer) = importers[index]
        switch importer {
        case .data(let importing):
            let data = try await loadData(of: representation, progress: progress)
            do {
                return try await importing(data)
            } catch {
                throw .decoding(error, type: representation.contentType, into: "\(T.self)")
            }
        case .file(let importing):
            let file = try await loadFile(of: representation, inPlace: entry.opensInPlace, progress: progress)
            defer { file.release() }
            do {
                return try await importing(ReceivedTransferredFile(file: file.url, isOriginalFile: file.isOriginal))
            } catch {
                throw .decoding(error, type: representation.contentType, into: "\(T.self)")
            }
        }
    }
}
