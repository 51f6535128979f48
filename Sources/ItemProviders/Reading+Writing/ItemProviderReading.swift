import Foundation
import UniformTypes

/// A type that can be made from one of an item provider's representations
/// (NSItemProviderReading).
///
/// ```swift
/// extension Geocache: ItemProviderReading {
///     static var readableContentTypes: [UTType] { [.geocache, .plainText] }
///     static func object(fromItemProviderData data: Data, contentType: UTType) throws -> Geocache {
///         if contentType.conforms(to: .geocache) { return try JSONDecoder().decode(Geocache.self, from: data) }
///         return Geocache(name: try String.object(fromItemProviderData: data, contentType: contentType))
///     }
/// }
/// ```
public protocol ItemProviderReading: Sendable {
    /// The types the reader understands, preferred first; registered
    /// subtypes of them are accepted too.
    static var readableContentTypes: [UTType] { get }

    /// Makes a value from `data`, delivered as `contentType` (the type the
    /// source registered, which conforms to one of ``readableContentTypes``).
    /// Errors thrown here reach the caller as `.decodingFailed` with the
    /// error kept.
    static func object(fromItemProviderData data: Data, contentType: UTType) throws -> Self
}
