/// A type an app declares: its identifier, what it conforms to, its tags and
/// a description. The app's own types are exported; types the app uses but
/// another app owns are imported. When both exist, the exported one wins.
///
/// A declaration file is a JSON array of these:
///
/// ```json
/// [
///   {
///     "identifier": "com.example.recipe",
///     "conformsTo": ["public.json"],
///     "tags": {
///       "public.mime-type": ["application/x-recipe+json"],
///       "public.filename-extension": ["recipe"]
///     },
///     "description": "Recipe",
///     "kind": "exported"
///   }
/// ]
/// ```
///
/// `conformsTo` defaults to `["public.data"]`, `kind` to `"exported"`;
/// `tags` and `description` may be left out.
public struct UTTypeDeclaration: Hashable, Sendable {
    /// Exported (the app owns the type) or imported (another app does).
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// `"exported"` or `"imported"`.
        public let rawValue: String
        init(_ rawValue: String) { self.rawValue = rawValue }

        /// The app owns the type. Wins over an imported declaration.
        public static let exported = Kind("exported")
        /// Another app owns the type; this app describes it to use it.
        public static let imported = Kind("imported")

        public var description: String { rawValue }
    }

    /// The declared type's identifier.
    public var identifier: String
    /// Identifiers of the direct parents, each a system type or a declared
    /// type (possibly declared in the same batch).
    public var conformsTo: [String]
    /// Tags by class: MIME types, filename extensions (without the dot).
    public var tags: [UTTagClass: [String]]
    /// A description for people; JSON key `description`.
    public var typeDescription: String?
    public var kind: Kind

    public init(
        identifier: String,
        conformsTo: [String] = ["public.data"],
        tags: [UTTagClass: [String]] = [:],
        description: String? = nil,
        kind: Kind = .exported
    ) {
        self.identifier = identifier
        self.conformsTo = conformsTo
        self.tags = tags
        self.typeDescription = description
        self.kind = kind
    }

    /// The declaration's MIME types, preferred first.
    public var mimeTypes: [String] { tags[.mimeType] ?? [] }
    /// The declaration's filename extensions, preferred first.
    public var filenameExtensions: [String] { tags[.filenameExtension] ?? [] }
}
