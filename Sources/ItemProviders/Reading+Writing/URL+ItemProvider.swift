import Foundation
import UniformTypes

/// URLs travel as their absolute string (`public.file-url` for file URLs,
/// `public.url` otherwise) and as plain text; they read either, as long as
/// the text is an absolute URL.
extension URL: ItemProviderWriting, ItemProviderReading {
    public static var writableContentTypes: [UTType] { [.url, .utf8PlainText] }

    public var writableContentTypes: [UTType] {
        [isFileURL ? .fileURL : .url, .utf8PlainText]
    }

    public static var readableContentTypes: [UTType] { [.url, .plainText] }

    public func loadData(for contentType: UTType) async throws -> Data {
        Data(absoluteString.utf8)
    }

    public static func object(fromItemProviderData data: Data, contentType: UTType) throws -> URL {
        let text = try String.object(fromItemProviderData: data, contentType: contentType)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = URL(string: text), let scheme = url.scheme, !scheme.isEmpty else {
            throw ItemProviderError.decodingFailed(contentType, into: "URL", reason: "\"\(text.prefix(80))\" is not an absolute URL")
        }
        return url
    }
}
