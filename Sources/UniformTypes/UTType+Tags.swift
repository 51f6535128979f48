import Foundation

/// The class of a tag: what kind of external name a tag is.
public struct UTTagClass: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Filename extensions without the leading dot: `"png"`.
    public static let filenameExtension = UTTagClass(rawValue: "public.filename-extension")
    /// MIME types without parameters: `"image/png"`.
    public static let mimeType = UTTagClass(rawValue: "public.mime-type")

    public var description: String { rawValue }
}

extension UTType {
    /// Every tag of this type, by class, preferred tag first.
    public var tags: [UTTagClass: [String]] { record.tags }

    /// The MIME type to offer this type's data under, if it has one.
    public var preferredMIMEType: String? { record.tags[.mimeType]?.first }

    /// The filename extension to save this type's data with, if it has one.
    public var preferredFilenameExtension: String? { record.tags[.filenameExtension]?.first }
}
