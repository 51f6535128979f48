extension UTType {
    /// Where the type's definition comes from: ``UTTypeOrigin/system``,
    /// ``UTTypeOrigin/freedesktop``, ``UTTypeOrigin/declared``,
    /// ``UTTypeOrigin/dynamic`` or ``UTTypeOrigin/undeclared``.
    public var origin: UTTypeOrigin { record.origin }

    /// Whether something declares the type: the system table, the desktop's
    /// MIME database or the app. `false` for dynamic and undeclared types.
    public var isDeclared: Bool {
        record.origin == .system || record.origin == .freedesktop || record.origin == .declared
    }

    /// Whether the type is a declared `public.` type.
    public var isPublic: Bool { isDeclared && record.foldedIdentifier.hasPrefix("public.") }

    /// Whether the app declared this type as exported (it owns the type).
    public var isExported: Bool { record.declarationKind == .exported }

    /// A description for people: the built-in English one for system types,
    /// the declaration's for declared types, and for the MIME database's types
    /// its comment in the user's language (from `LC_ALL`, `LC_MESSAGES` or
    /// `LANG`), read when first asked for.
    public var localizedDescription: String? { TypeRegistry.shared.description(of: record) }

    /// The direct parents, in declaration order.
    public var directSupertypes: [UTType] { record.parents.map(UTType.init(record:)) }

    /// Every supertype, nearest first, each once, without the type itself:
    /// ``supertypes`` in a stable order.
    public var orderedSupertypes: [UTType] { record.ancestors.map(UTType.init(record:)) }

    /// Problems met while loading the desktop's MIME database (each with
    /// file and line) and code declarations that were refused, oldest first.
    /// Each is also written once to standard error.
    public static var diagnostics: [UTTypeDiagnostic] { TypeRegistry.shared.diagnostics }
}
