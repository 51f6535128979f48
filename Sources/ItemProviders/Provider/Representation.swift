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

    /// Flat on purpose: a plain data handler, the common case, is copied
    /// and called with no wrapping around it.
    enum Source: Sendable {
        /// A handler producing bytes.
        case data(@Sendable () async throws -> Data)
        /// A handler producing bytes that reports into a `Progress`.
        case reportingData(@Sendable (Progress) async throws -> Data)
        /// A handler producing a file the source owns; it gets the run's
        /// `Progress` when it reports into one (`reportsProgress`).
        case file(opensInPlace: Bool, reportsProgress: Bool, @Sendable (Progress?) async throws -> SentFile)
        /// An object asked with `loadData(for:)`; kept so the own process
        /// can receive the object itself.
        case object(any ItemProviderWriting)
    }

    /// Whether the destination may open the source's original file.
    var opensInPlace: Bool {
        if case .file(true, _, _) = source { return true }
        return false
    }

    /// Whether the representation is a file (rather than bytes).
    var isFile: Bool {
        if case .file = source { return true }
        return false
    }

    /// Whether a run of this representation's handler has progress worth
    /// passing on to the requests waiting for it: what the handler reports,
    /// or the copy of a source file.
    func tracksProgress(asFile: Bool) -> Bool {
        switch source {
        case .reportingData, .file(_, true, _): true
        case .file: asFile
        case .data, .object: false
        }
    }
}

/// A file a source hands over, and whether the destination may use the
/// original rather than a copy.
struct SentFile: Sendable {
    let url: URL
    let allowsOriginal: Bool
}
