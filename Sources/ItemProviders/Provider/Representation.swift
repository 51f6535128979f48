import Foundation
import UniformTypes

/// One registered way to deliver the item, in the provider's fidelity list.
struct Representation: Sendable {
    /// Unique within the provider; keys in-flight loads.
    let id: Int
    let contentType: UTType
    let visibility: RepresentationVisibility
    /// The name a file made from this representation gets, without
    /// extension; falls back to the provider's suggested name.
    let suggestedName: String?
    let source: Source

    enum Source: Sendable {
        /// A handler producing bytes.
        case data(@Sendable () async throws -> Data)
        /// A handler producing a file the source owns.
        case file(opensInPlace: Bool, @Sendable () async throws -> SentFile)
        /// An object asked with `loadData(for:)`; kept so the own process
        /// can receive the object itself.
        case object(any ItemProviderWriting)
    }

    /// Whether the destination may open the source's original file.
    var opensInPlace: Bool {
        if case .file(true, _) = source { return true }
        return false
    }

    /// Whether the representation is a file (rather than bytes).
    var isFile: Bool {
        if case .file = source { return true }
        return false
    }
}

/// A file a source hands over, and whether the destination may use the
/// original rather than a copy.
struct SentFile: Sendable {
    let url: URL
    let allowsOriginal: Bool
}
