#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension UTType {
    /// A type the app owns.
    ///
    /// If `identifier` is already known and conforms to `parentType` (or no
    /// parent is given), that type is returned and nothing changes;
    /// otherwise the type is declared as exported, conforming to
    /// `parentType` (public.data if `nil`), replacing an imported
    /// declaration. A refused declaration (a system identifier, a conflicting
    /// earlier export) is written to standard error and to
    /// ``diagnostics``, and the type is returned as it is known. Use
    /// `declare(_:)` to get the error instead.
    ///
    /// ```swift
    /// extension UTType {
    ///     static let recipe = UTType(exportedAs: "com.example.recipe", conformingTo: .json)
    /// }
    /// ```
    public init(exportedAs identifier: String, conformingTo parentType: UTType? = nil) {
        self.init(declaring: identifier, kind: .exported, conformingTo: parentType)
    }

    /// A type another app owns that this app uses; see
    /// ``init(exportedAs:conformingTo:)``. An exported declaration of the same
    /// identifier wins over this one.
    public init(importedAs identifier: String, conformingTo parentType: UTType? = nil) {
        self.init(declaring: identifier, kind: .imported, conformingTo: parentType)
    }

    private init(declaring identifier: String, kind: UTTypeDeclaration.Kind, conformingTo parentType: UTType?) {
        let registry = TypeRegistry.shared
        if let known = registry.knownRecord(forIdentifier: identifier),
           known.origin != .dynamic,
           parentType.map({ known.conforms(to: $0.record) }) ?? true,
           kind == .imported || known.declarationKind != .imported {
            self.init(record: known)
            return
        }
        let existing = registry.overlay.withLock { $0.declarations[identifier.lowercased()] }
        let declaration = UTTypeDeclaration(
            identifier: identifier,
            conformsTo: [(parentType ?? .data).identifier],
            tags: existing?.tags ?? [:],
            description: existing?.typeDescription,
            kind: kind)
        do {
            self.init(record: try registry.declare([declaration])[0])
        } catch {
            registry.note("a type declaration was refused:", [UTTypeDiagnostic(file: nil, line: nil, message: error.description)])
            self.init(record: registry.record(forIdentifier: identifier))
        }
    }

    /// Declares types, all or none: each is checked against the known types
    /// and the others in `declarations`, which may refer to each other in
    /// any order.
    ///
    /// - Returns: the declared types, in order.
    /// - Throws: ``UTTypeError`` with code `.invalidIdentifier`,
    ///   `.invalidTag`, `.unknownParent` (names the type and the missing
    ///   parent), `.conformanceCycle` (gives the cycle) or
    ///   `.conflictingDeclaration` (a system identifier exported, or the same
    ///   identifier declared twice in different ways). Nothing is declared
    ///   then.
    @discardableResult
    public static func declare(_ declarations: [UTTypeDeclaration]) throws(UTTypeError) -> [UTType] {
        try TypeRegistry.shared.declare(declarations).map(UTType.init(record:))
    }

    /// Declares one type; see ``declare(_:)-swift.type.method``.
    @discardableResult
    public static func declare(_ declaration: UTTypeDeclaration) throws(UTTypeError) -> UTType {
        try declare([declaration])[0]
    }

    /// Declares the types of a declaration file the app ships (a JSON array;
    /// see ``UTTypeDeclaration``), all or none.
    ///
    /// ```swift
    /// let url = Bundle.module.url(forResource: "types", withExtension: "json")!
    /// try UTType.declare(contentsOf: url)
    /// ```
    @discardableResult
    public static func declare(contentsOf url: URL) throws(UTTypeError) -> [UTType] {
        let declarations = try UTTypeDeclaration.load(contentsOf: url)
        do {
            return try declare(declarations)
        } catch {
            throw UTTypeError(error.code, "\(url.path): \(error.description)")
        }
    }
}
