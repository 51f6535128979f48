import Foundation
import ItemProviders
import UniformTypes

/// A geocache offers, best first: the geocache type (the whole model as
/// JSON), PNG (its picture, only when it has one) and plain text (its name).
/// It reads the geocache type or plain text (a new geocache named by the
/// text, summary "Unknown", at 0, 0).
extension Geocache: ItemProviderWriting, ItemProviderReading {
    public static var writableContentTypes: [UTType] { [.geocache, .png, .utf8PlainText] }

    /// A geocache without a picture offers no PNG.
    public var writableContentTypes: [UTType] {
        image == nil ? [.geocache, .utf8PlainText] : Self.writableContentTypes
    }

    public func loadData(for contentType: UTType) async throws -> Data {
        if contentType.conforms(to: .geocache) {
            return try jsonData()
        }
        if contentType.conforms(to: .png) {
            guard let image else {
                throw GeocacheError(.invalidImage, "“\(name)” has no picture to give as PNG.")
            }
            return image
        }
        return Data(name.utf8)
    }

    public static var readableContentTypes: [UTType] { [.geocache, .plainText] }

    /// - Throws: ``GeocacheError`` with code `.invalidData` (not a geocache,
    ///   or text that is not UTF-8 or empty) or a validation code.
    public static func object(fromItemProviderData data: Data, contentType: UTType) throws -> Geocache {
        if contentType.conforms(to: .geocache) {
            return try Geocache(jsonData: data)
        }
        let text: String
        do {
            text = try String.object(fromItemProviderData: data, contentType: contentType)
        } catch {
            throw GeocacheError(.invalidData, "The dropped text could not be read: \(error)")
        }
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else {
            throw GeocacheError(.invalidData, "The dropped text is empty, so it cannot name a geocache.")
        }
        return Geocache(droppedName: name)
    }
}
