import Foundation
import UniformTypes

/// How DragKit types travel through GTK: each UTType under its preferred
/// MIME type, plain text also under the names GTK apps read
/// (`text/plain;charset=utf-8`, `text/plain`), files as `text/uri-list`.
/// Types without a MIME type (app-declared ones that name none) travel under
/// a private MIME type that carries their identifier, so other DragKit
/// processes get them back exactly.
enum MIMETypeMapping {
    static let uriList = "text/uri-list"
    static let utf8Text = "text/plain;charset=utf-8"
    static let plainText = "text/plain"
    private static let identifierPrefix = "application/x-dragkit-type."
    /// The MIME types `type` is offered under, best first, in lower case:
    /// GTK's X11 source side lowercases a requested target before looking
    /// it up among the offered formats, so a MIME type (or a private one
    /// carrying a mixed-case identifier) with capitals would be offered but
    /// never served. MIME types and type identifiers are case-insensitive,
    /// so nothing is lost.
    static func mimeTypes(for type: UTType) -> [String] {
        var result: [String] = []
        if type == .fileURL {
            result.append(uriList)
        } else if let mime = type.preferredMIMEType {
            result.append(mime.lowercased())
        } else {
            result.append(identifierPrefix + type.identifier.lowercased())
        }
        if type.conforms(to: .plainText) {
            result += [utf8Text, plainText]
        }
        var seen = Set<String>()
        return result.filter { seen.insert($0).inserted }
    }

    /// The type a MIME type offered by a drag stands for, or nil for the
    /// X11 legacy names GTK adds (`UTF8_STRING`, `STRING`), which are not
    /// MIME types.
    static func type(forMIMEType mime: String) -> UTType? {
        guard mime.contains("/") else { return nil }
        if mime == uriList { return .fileURL }
        // A type this process does not declare still arrives, as a dynamic type.
        if mime.hasPrefix(identifierPrefix), let declared = UTType(String(mime.dropFirst(identifierPrefix.count))),
           declared.isDeclared {
            return declared
        }
        return UTType(mimeType: mime) ?? UTType(mimeType: mime, conformingTo: .item)
    }
}
