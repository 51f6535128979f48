import Foundation
import UniformTypes

/// How DragKit types travel through GTK: each UTType under its preferred
/// MIME type, plain text also under the names GTK apps read
/// (`text/plain;charset=utf-8`, `text/plain`), files as `text/uri-list`,
/// web links as `text/uri-list` too. How formats other apps offer are
/// understood is ``ForeignFormatTable``'s job.
/// Types without a MIME type (app-declared ones that name none) travel under
/// a private MIME type that carries their identifier, so other DragKit
/// processes get them back exactly.
enum MIMETypeMapping {
    static let uriList = "text/uri-list"
    static let utf8Text = "text/plain;charset=utf-8"
    static let plainText = "text/plain"
    static let identifierPrefix = "application/x-dragkit-type."

    /// Whether `mime` is one of DragKit's own bookkeeping formats (the
    /// transfer manifest), which destinations never see. DragKit types that
    /// travel under a MIME type of their own
    /// (`application/x-dragkit-user-activity+json`) are content, not bookkeeping.
    static func isBookkeeping(_ mime: String) -> Bool {
        mime == TransferManifest.mimeType
    }

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
        } else if type == .url {
            // Other apps read links from text/uri-list; DragKit peers get the
            // exact type first, so the list is not taken for files.
            result += [identifierPrefix + type.identifier, uriList]
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

    /// The type a format offered by a drag stands for, or nil for formats
    /// kept out of the way (see ``ForeignFormatTable``).
    static func type(forMIMEType mime: String) -> UTType? {
        ForeignFormatTable.interpret(mime).type
    }

    /// The type a private `application/x-dragkit-type.` MIME type carries:
    /// the declared type when this process declares it, otherwise a dynamic
    /// type, so a type this process does not know still arrives.
    static func declaredType(forPrivateMIMEType mime: String) -> UTType? {
        if mime.hasPrefix(identifierPrefix), let declared = UTType(String(mime.dropFirst(identifierPrefix.count))),
           declared.isDeclared {
            return declared
        }
        return UTType(mimeType: mime) ?? UTType(mimeType: mime, conformingTo: .item)
    }
}
