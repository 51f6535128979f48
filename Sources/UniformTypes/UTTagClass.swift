/// The class of a tag: what kind of external name a tag is.
public struct UTTagClass: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Filename extensions without the leading dot: `"png"`.
    public static let filenameExtension = UTTagClass(rawValue: "public.filename-extension")
    /// MIME types: `"image/png"`, or with parameters where the parameter is
    /// what tells types apart: `"text/plain;charset=utf-8"`.
    public static let mimeType = UTTagClass(rawValue: "public.mime-type")

    public var description: String { rawValue }
}
