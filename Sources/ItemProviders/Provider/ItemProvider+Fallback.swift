import Foundation
import UniformTypes

extension ItemProvider {
    // MARK: - Trying the next representation after a failed one

    /// The bytes of the best representation conforming to `contentType`
    /// whose type is not in `failedTypes`: the next representation to try
    /// after a load failed.
    ///
    /// A source in another process can advertise a type and then fail to
    /// deliver it (see ``ItemProviderError/isTransferFailure``). Nothing
    /// switches to another representation silently; the destination decides:
    ///
    /// ```swift
    /// var failed: [UTType] = []
    /// while true {
    ///     do {
    ///         return try await provider.loadDataRepresentation(for: .text, excluding: failed)
    ///     } catch let error as ItemProviderError where error.isTransferFailure {
    ///         guard let type = error.contentType else { throw error }
    ///         failed.append(type)   // ends with .typeNotRegistered when none is left
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: ``ItemProviderError``: `.typeNotRegistered` when no other
    ///   conforming representation is left, or the load's own error.
    public func loadDataRepresentation(for contentType: UTType, excluding failedTypes: [UTType],
                                       progress: Progress? = nil) async throws -> Data {
        let representation = try remaining(conformingToAnyOf: [contentType], excluding: failedTypes, wanted: contentType.identifier)
        try checkSeal(representation.contentType)
        return try await LoadProgress.run(reportingTo: progress) { own in
            try await self.loadData(of: representation, progress: own)
        }
    }

    /// An object of type `T`, read from the first of `T`'s readable types
    /// (in `T`'s order) offered by a representation whose type is not in
    /// `failedTypes`: the next representation `T` can read after a load
    /// failed. See ``loadDataRepresentation(for:excluding:progress:)``.
    public func loadObject<T: ItemProviderReading>(ofClass: T.Type, excluding failedTypes: [UTType],
                                                   progress: Progress? = nil) async throws -> T {
        let representation = try remaining(conformingToAnyOf: T.readableContentTypes, excluding: failedTypes, wanted: "\(T.self)")
        try checkSeal(representation.contentType)
        let data = try await LoadProgress.run(reportingTo: progress) { own in
            try await self.loadData(of: representation, progress: own)
        }
        do {
            return try T.object(fromItemProviderData: data, contentType: representation.contentType)
        } catch {
            throw ItemProviderError.decoding(error, type: representation.contentType, into: "\(T.self)")
        }
    }

    /// The first visible representation conforming to one of `readable`
    /// (tried in that order) whose type is not one of `failedTypes`.
    private func remaining(conformingToAnyOf readable: [UTType], excluding failedTypes: [UTType],
                           wanted: String) throws(ItemProviderError) -> Representation {
        let candidates = visibleRepresentations().filter { !failedTypes.contains($0.contentType) }
        for type in readable {
            if let match = candidates.first(where: { $0.contentType.conforms(to: type) }) { return match }
        }
        let tried = failedTypes.map(\.identifier).joined(separator: ", ")
        throw ItemProviderError(.typeNotRegistered,
            "No representation for \(wanted) is left after \(tried.isEmpty ? "none" : tried) failed. The provider offers: \(registeredContentTypes.map(\.identifier).joined(separator: ", ")).",
            contentType: readable.first)
    }
}
