import Foundation
import UniformTypes

/// Strings travel as UTF-8 plain text and read any plain text (UTF-16 with
/// its byte order mark too), then any other text.
extension String: ItemProviderWriting, ItemProviderReading {
    public static var writableContentTypes: [UTType] { [.utf8PlainText] }

    public static var readableContentTypes: [UTType] { [.plainText, .text] }

    public func loadData(for contentType: UTType) async throws -> Data {
        Data(utf8)
    }

    public static func object(fromItemProviderData data: Data, contentType: UTType) throws -> String {
        if let utf16 = UTType("public.utf16-plain-text"), contentType.conforms(to: utf16) || hasUTF16ByteOrderMark(data) {
            if let text = String(data: data, encoding: .utf16) { return text }
        } else if let text = String(validating: data, as: UTF8.self) {
            return text
        }
        throw ItemProviderError.decodingFailed(contentType, into: "String", reason: "the \(data.count) bytes are not valid \(hasUTF16ByteOrderMark(data) ? "UTF-16" : "UTF-8") text")
    }

    private static func hasUTF16ByteOrderMark(_ data: Data) -> Bool {
        data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF])
    }
}
