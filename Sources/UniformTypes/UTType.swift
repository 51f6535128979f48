#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A uniform type identifier: a reverse-DNS name for a kind of data, placed in
/// a conformance graph (`public.png` conforms to `public.image`, which
/// conforms to `public.data` and `public.content`) and tagged with MIME types
/// and filename extensions.
///
/// ```swift
/// let png = UTType.png
/// png.conforms(to: .image)            // true
/// png.preferredMIMEType               // "image/png"
/// UTType(mimeType: "text/plain;charset=utf-8") == .utf8PlainText  // true
/// ```
///
/// ## Where types come from
///
/// - **System types**: the types Apple documents, under Apple's identifiers
///   (`public.png`, `com.adobe.pdf`, `com.compuserve.gif`) with their parents
///   and tags, built in.
/// - **The desktop's MIME database** (freedesktop shared-mime-info, read on
///   first use from the XDG data directories, or from `DRAGKIT_MIME_DIR`):
///   every MIME type it knows has a type. One that a system type already
///   tags is that system type; any other is
///   `org.freedesktop.mime.<type>.<subtype>` (text/x-csrc is
///   `org.freedesktop.mime.text.x-csrc`), conforming to its subclass-of
///   parents and, by the specification's rules, to public.plain-text for
///   text/* and public.data for everything but inode/*. Aliases and glob
///   extensions become tags.
/// - **Declared types**: ``init(exportedAs:conformingTo:)``,
///   `init(importedAs:conformingTo:)`, `declare(_:)`
///   and ``declare(contentsOf:)``.
/// - **Dynamic types** (`dyn.`): made for a tag nothing declares; see
///   ``isDynamic``.
///
/// Conformance is answered without a lock from a bit set each type carries,
/// in a few nanoseconds. A MIME type, extension or identifier string is
/// folded and hashed in place against interned tables, without allocating
/// or locking; the desktop's database is read on first use, and each type's
/// record made only when a query reaches it.
public struct UTType: Sendable {
    /// The registry entry this value stands for. Records are immutable once
    /// made, so queries read them without taking a lock.
    let record: TypeRecord

    init(record: TypeRecord) {
        self.record = record
    }

    /// The type's identifier, spelled as it was declared.
    public var identifier: String { record.identifier }

    /// Creates the type with `identifier`, or `nil` if the string is not a
    /// valid identifier. Like Apple's, a valid identifier that nothing
    /// declares still makes a type: it conforms only to itself, has no tags
    /// and its ``origin`` is ``UTTypeOrigin/undeclared``. A `dyn.` identifier
    /// gives back its dynamic type.
    public init?(_ identifier: String) {
        // An identifier asked for before is one probe; only a valid
        // identifier names a known type, so it needs no checking again.
        if let record = TypeRegistry.shared.rememberedRecord(forIdentifier: identifier) {
            self.init(record: record)
            return
        }
        guard let type = try? UTType(validating: identifier) else { return nil }
        self = type
    }

    /// Creates the type with `identifier`, throwing an error that says what
    /// is wrong with the string if it is not a valid identifier: empty,
    /// whitespace or control characters, a leading or trailing dot, an empty
    /// component (`..`), or more than 255 bytes of UTF-8.
    ///
    /// ```swift
    /// try UTType(validating: "public..png")
    /// // 'public..png' is not a valid type identifier: it contains an empty component ('..').
    /// ```
    public init(validating identifier: String) throws(UTTypeError) {
        try TypeIdentifierSyntax.validate(identifier)
        self.init(record: TypeRegistry.shared.record(forIdentifier: identifier))
    }

    /// Whether this type is the same as `type` or one of its descendants.
    ///
    /// - Complexity: O(1), without a lock: answered from a bit set the type
    ///   carries.
    public func conforms(to type: UTType) -> Bool {
        record.conforms(to: type.record)
    }

    /// All types this type conforms to, without itself.
    public var supertypes: Set<UTType> {
        Set(record.ancestors.map(UTType.init(record:)))
    }

    /// Whether `type` conforms to this type and is not the same type.
    public func isSupertype(of type: UTType) -> Bool {
        self != type && type.conforms(to: self)
    }

    /// Whether this type conforms to `type` and is not the same type.
    public func isSubtype(of type: UTType) -> Bool {
        self != type && conforms(to: type)
    }
}

// MARK: - Equality

extension UTType: Hashable {
    /// Identifiers compare case-insensitively, as on Apple platforms.
    public static func == (lhs: UTType, rhs: UTType) -> Bool {
        lhs.record.key == rhs.record.key
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(record.key)
    }
}

extension UTType: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { identifier }
    public var debugDescription: String { "UTType(\(identifier))" }
}

extension UTType: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let identifier = try container.decode(String.self)
        do {
            try self.init(validating: identifier)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }
}
