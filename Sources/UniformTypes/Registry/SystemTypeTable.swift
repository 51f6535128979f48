import CUniformTypeTables

/// The system types Apple declares, under Apple's identifiers, with their
/// parents and tags, as the full table reads them: the constant C data of
/// `Sources/CUniformTypeTables/SystemTypes.c`, which says where the types
/// come from and where DragKit departs from Apple's declarations. Parents
/// come before children, so the table turns into records in one pass.
/// ``SystemTypeIndex`` reads the same data in place for a first query.
enum SystemTypeTable {
    /// One built-in type: lists separated by spaces, as the C data has them.
    struct Entry: Sendable {
        /// The identifier.
        let id: String
        /// The parents' identifiers.
        let conformsTo: String
        /// The MIME tags, in Apple's order.
        let mime: String
        /// The filename extension tags, in Apple's order.
        let ext: String
        /// The English description.
        let about: String

        var identifier: String { id }
        var parents: [String] { Self.words(conformsTo) }
        var mimeTypes: [String] { Self.words(mime) }
        var filenameExtensions: [String] { Self.words(ext) }
        var description: String { about }

        var tags: [UTTagClass: [String]] {
            var tags: [UTTagClass: [String]] = [:]
            if !mime.isEmpty { tags[.mimeType] = mimeTypes }
            if !ext.isEmpty { tags[.filenameExtension] = filenameExtensions }
            return tags
        }

        private static func words(_ list: String) -> [String] {
            list.split(separator: " ").map(String.init)
        }
    }

    /// Every built-in type, in table order.
    static let entries: [Entry] = (0..<SystemTypeIndex.shared.count).map { entry in
        let index = SystemTypeIndex.shared
        func field(_ field: SystemTypeIndex.Field) -> String { String(decoding: index.bytes(entry, field), as: UTF8.self) }
        return Entry(id: field(.identifier), conformsTo: field(.parents), mime: field(.mimeTypes), ext: field(.extensions),
                     about: field(.description))
    }

    /// freedesktop MIME types that stand for a system type although Apple
    /// gives that type no MIME tag the database uses (inode/directory is
    /// public.folder).
    static let freedesktopEquivalents = pairs(dk_freedesktop_equivalents(), count: dk_freedesktop_equivalent_count())

    /// freedesktop types that keep a type of their own but are a kind of a
    /// system type the database names differently: text/x-csrc gets
    /// public.c-source as an extra parent.
    static let freedesktopParents = pairs(dk_freedesktop_parents(), count: dk_freedesktop_parent_count())

    /// A freedesktop MIME type and a system type's identifier.
    struct MIMEPair: Sendable {
        let mimeType: String
        let identifier: String
    }

    private static func pairs(_ flat: UnsafePointer<UnsafePointer<CChar>?>, count: Int) -> [MIMEPair] {
        (0..<count).map { MIMEPair(mimeType: String(cString: flat[2 * $0]!), identifier: String(cString: flat[2 * $0 + 1]!)) }
    }

    /// The system type a media type (its bytes) implies: image/* is an
    /// image, audio/* audio, video/* a movie, font/* a font and model/* 3D
    /// content.
    static func mediaParent(ofMedia media: UnsafeRawBufferPointer) -> StaticString? {
        if TypeNaming.equal(media, "image") { return "public.image" }
        if TypeNaming.equal(media, "audio") { return "public.audio" }
        if TypeNaming.equal(media, "video") { return "public.movie" }
        if TypeNaming.equal(media, "font") { return "public.font" }
        if TypeNaming.equal(media, "model") { return "public.3d-content" }
        return nil
    }
}
