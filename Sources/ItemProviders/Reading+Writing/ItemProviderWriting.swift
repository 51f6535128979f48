import Foundation
import UniformTypes

/// A type that can deliver itself in several representations
/// (NSItemProviderWriting); register it with
/// ``ItemProvider/registerObject(_:visibility:)`` or
/// ``ItemProvider/init(object:)``.
///
/// ```swift
/// extension Geocache: ItemProviderWriting {
///     static var writableContentTypes: [UTType] { [.geocache, .png, .utf8PlainText] }
///     func loadData(for contentType: UTType) async throws -> Data {
///         switch contentType {
///         case .geocache: try JSONEncoder().encode(self)
///         case .png: imageData
///         default: Data(name.utf8)
///         }
///     }
/// }
/// ```
public protocol ItemProviderWriting: Sendable {
    /// Every type the type can write, best first.
    static var writableContentTypes: [UTType] { get }

    /// The types this value writes, best first; by default
    /// `writableContentTypes`. Narrow it when a value cannot produce all
    /// of them (an image in one format, an item without a picture).
    var writableContentTypes: [UTType] { get }

    /// Who may receive `contentType`; by default `.all`.
    func itemProviderVisibility(for contentType: UTType) -> RepresentationVisibility

    /// The bytes for `contentType`, one of `writableContentTypes`. Runs
    /// only when a destination asks; may check `Task.isCancelled`.
    func loadData(for contentType: UTType) async throws -> Data
}

extension ItemProviderWriting {
    public var writableContentTypes: [UTType] { Self.writableContentTypes }

    public func itemProviderVisibility(for contentType: UTType) -> RepresentationVisibility { .all }
}
