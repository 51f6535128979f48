import Foundation
import UniformTypes

/// A PNG or JPEG image as its encoded bytes, checked when made: the header
/// is validated and the pixel size read (from PNG's IHDR chunk or JPEG's
/// start-of-frame marker). Nothing is decoded, so it is cheap to pass
/// around and drop.
///
/// ```swift
/// let image = try BitmapImage(data: pngBytes)
/// image.format           // .png
/// image.pixelWidth       // 640
/// provider.registerObject(image)                      // offers public.png
/// let dropped = try await provider.loadObject(ofClass: BitmapImage.self)
/// ```
public struct BitmapImage: Hashable, Sendable {
    /// An encoding BitmapImage understands.
    public struct Format: Hashable, Sendable, CustomStringConvertible {
        let name: String
        /// The format's type: `public.png` or `public.jpeg`.
        public let contentType: UTType

        public static var png: Format { Format(name: "PNG", contentType: .png) }
        public static var jpeg: Format { Format(name: "JPEG", contentType: .jpeg) }

        public var description: String { name }
    }

    /// The encoded image, exactly as given.
    public let data: Data
    /// How `data` is encoded.
    public let format: Format
    /// Width in pixels.
    public let pixelWidth: Int
    /// Height in pixels.
    public let pixelHeight: Int

    /// Checks `data` and reads its format and pixel size.
    /// - Throws: ``ItemProviderError`` with code `.decodingFailed` saying
    ///   what is wrong with the bytes.
    public init(data: Data) throws(ItemProviderError) {
        let header = try ImageHeader.parse(data)
        self.data = data
        self.format = header.format
        self.pixelWidth = header.width
        self.pixelHeight = header.height
    }
}

extension BitmapImage: ItemProviderReading, ItemProviderWriting {
    public static var readableContentTypes: [UTType] { [.png, .jpeg] }

    public static var writableContentTypes: [UTType] { [.png, .jpeg] }

    /// Only the image's own format: images are never re-encoded.
    public var writableContentTypes: [UTType] { [format.contentType] }

    public func loadData(for contentType: UTType) async throws -> Data {
        guard format.contentType.conforms(to: contentType) else {
            throw ItemProviderError(.typeNotRegistered,
                "This image is \(format), so it cannot be delivered as \(contentType.identifier); ask for \(format.contentType.identifier).",
                contentType: contentType)
        }
        return data
    }

    /// Reads the bytes, which must be in the format `contentType` names.
    public static func object(fromItemProviderData data: Data, contentType: UTType) throws -> BitmapImage {
        let image = try BitmapImage(data: data)
        guard contentType.conforms(to: image.format.contentType) || !(contentType.conforms(to: .png) || contentType.conforms(to: .jpeg)) else {
            throw ItemProviderError.decodingFailed(contentType, into: "BitmapImage",
                reason: "the bytes are \(image.format) but were delivered as \(contentType.identifier)")
        }
        return image
    }
}

extension BitmapImage: Transferable {
    /// The image's own format out (PNG or JPEG); either format in.
    public static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .png) { image in image.data }
            .exportingCondition { $0.format == .png }
        DataRepresentation(exportedContentType: .jpeg) { image in image.data }
            .exportingCondition { $0.format == .jpeg }
        DataRepresentation(importedContentType: .png) { data in
            try BitmapImage.object(fromItemProviderData: data, contentType: .png)
        }
        DataRepresentation(importedContentType: .jpeg) { data in
            try BitmapImage.object(fromItemProviderData: data, contentType: .jpeg)
        }
    }
}
