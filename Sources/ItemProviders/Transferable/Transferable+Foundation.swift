import Foundation
import UniformTypes

extension String: Transferable {
    /// UTF-8 plain text out; any plain text in.
    public static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .utf8PlainText) { string in Data(string.utf8) }
        DataRepresentation(importedContentType: .plainText) { data in
            try String.object(fromItemProviderData: data, contentType: .plainText)
        }
    }
}

extension Data: Transferable {
    /// The bytes as `public.data`.
    public static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(contentType: .data) { data in data } importing: { data in data }
    }
}

extension URL: Transferable {
    /// The absolute string as `public.url`; plain text is read too.
    public static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(contentType: .url) { url in
            Data(url.absoluteString.utf8)
        } importing: { data in
            try URL.object(fromItemProviderData: data, contentType: .url)
        }
        DataRepresentation(importedContentType: .plainText) { data in
            try URL.object(fromItemProviderData: data, contentType: .plainText)
        }
    }
}
