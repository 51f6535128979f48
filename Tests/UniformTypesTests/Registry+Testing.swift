import CUniformTypeTables
@testable import UniformTypes

// Views of the registry's tables that only the tests ask for.

extension BaseTypeTable {
    /// Finds records by identifier: `byIdentifier["public.png"]`.
    struct Identifiers {
        let table: BaseTypeTable
        subscript(_ identifier: String) -> TypeRecord? { table.record(forIdentifier: identifier) }
    }

    var byIdentifier: Identifiers { Identifiers(table: self) }
}

/// The built-in types as Swift values, read from ``SystemTypeIndex``'s C
/// data, for the tests that check that data and for ``EagerTypeTable``.
enum SystemTypeTable {
    /// One built-in type: lists separated by spaces, as the C data has them.
    struct Entry: Sendable {
        let id: String
        let conformsTo: String
        let mime: String
        let ext: String
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

    /// freedesktop MIME types that stand for a system type (inode/directory
    /// is public.folder).
    static let freedesktopEquivalents = pairs(dk_freedesktop_equivalents(), count: dk_freedesktop_equivalent_count())

    /// freedesktop types that keep a type of their own but are a kind of a
    /// system type (text/x-csrc gets public.c-source as an extra parent).
    static let freedesktopParents = pairs(dk_freedesktop_parents(), count: dk_freedesktop_parent_count())

    /// A freedesktop MIME type and a system type's identifier.
    struct MIMEPair: Sendable {
        let mimeType: String
        let identifier: String
    }

    private static func pairs(_ flat: UnsafePointer<UnsafePointer<CChar>?>, count: Int) -> [MIMEPair] {
        (0..<count).map { MIMEPair(mimeType: String(cString: flat[2 * $0]!), identifier: String(cString: flat[2 * $0 + 1]!)) }
    }

    /// The system type `mimeType` (folded) stands for, if it is one of
    /// ``freedesktopEquivalents``.
    static func freedesktopEquivalent(of mimeType: String) -> String? {
        freedesktopEquivalents.first { $0.mimeType == mimeType }?.identifier
    }

    /// The system type `mimeType` (folded) is a kind of, if it is one of
    /// ``freedesktopParents``.
    static func freedesktopParent(of mimeType: String) -> String? {
        freedesktopParents.first { $0.mimeType == mimeType }?.identifier
    }
}

extension SystemTypeIndex {
    /// ``freedesktopParentIdentifier(of:)`` as a string.
    func freedesktopParent(of name: UnsafeRawBufferPointer) -> String? {
        freedesktopParentIdentifier(of: name).map { String(decoding: $0, as: UTF8.self) }
    }
}

extension TypeNaming {
    static let freedesktopPrefix = freedesktopPrefixText.description

    /// `type/subtype` as an identifier tail: lower case, slash to dot.
    static func identifierSuffix(_ mimeType: String) -> String {
        var folded = mimeType.foldedASCII
        return String(folded.withUTF8 { freedesktopIdentifier(ofFolded: UnsafeRawBufferPointer($0)) }.dropFirst(freedesktopPrefix.count))
    }
}

extension TypeKeyTable {
    /// Keys for many folded identifiers.
    static func keys(forFolded foldedIdentifiers: [String]) -> [Int] {
        foldedIdentifiers.map(key(forFolded:))
    }
}

extension TypeNumbers {
    /// The numbers as an array.
    var array: [Int32] { withUnsafeBufferPointer(Array.init) }
}

extension TagSyntax {
    /// The forms a tag is looked up under, or why it is invalid, as an error.
    static func lookupKeys(_ tag: String, tagClass: UTTagClass) -> Result<[String], UTTypeError> {
        switch check(tag, tagClass: tagClass) {
        case .keys(let keys): .success(keys)
        case .invalid(let why): .failure(invalidTag(tag, tagClass: tagClass, why))
        }
    }
}

extension MIMEDatabase {
    /// Reads `globs2` now if it was left for later.
    mutating func readDeferredGlobs() {
        let (read, problems) = Self.readGlobs(deferredGlobFiles)
        globs += read
        diagnostics += problems
        deferredGlobFiles = []
    }
}

extension TypeRegistry {
    /// ``mapped`` while it answers base queries.
    var usableMapped: MappedTypeTable? {
        guard case .mapped = baseTypeSource else { return nil }
        return mapped
    }
}
