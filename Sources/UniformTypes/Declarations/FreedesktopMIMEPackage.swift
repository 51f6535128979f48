#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An app's type declarations as a freedesktop shared-mime-info package:
/// the XML file an installer puts in `$XDG_DATA_HOME/mime/packages/` (then
/// runs `update-mime-database`), so file managers, GIO and every other
/// program on the desktop know the app's types, as Apple's exported type
/// declarations in an app's Info.plist make its types known to the system.
///
/// Each declaration becomes one `<mime-type>`: its first MIME type names
/// it, further MIME types become `<alias>`es, its filename extensions
/// `<glob pattern="*.ext">`, its description the `<comment>`, and each
/// parent's MIME type a `<sub-class-of>` (so a type conforming to
/// public.json is a subclass of `application/json`). A parent that has no
/// MIME type (public.content, public.image) or only
/// `application/octet-stream` (public.data, which every type extends
/// anyway) has no counterpart in the database and is left out.
///
/// ```swift
/// let recipe = UTTypeDeclaration(
///     identifier: "com.example.recipe", conformsTo: ["public.json"],
///     tags: [.mimeType: ["application/x-recipe+json"], .filenameExtension: ["recipe"]],
///     description: "Recipe")
/// let package = try FreedesktopMIMEPackage(declarations: [recipe])
/// try package.xml.write(toFile: "\(dataHome)/mime/packages/com.example.Recipes.xml",
///                       atomically: true, encoding: .utf8)
/// ```
public struct FreedesktopMIMEPackage: Hashable, Sendable {
    /// One `<mime-type>` of the package.
    public struct MIMEType: Hashable, Sendable {
        /// The MIME type that names it, such as `application/x-recipe+json`.
        public var type: String
        /// What it is, for people (`<comment>`).
        public var comment: String
        /// The MIME types of its parents (`<sub-class-of>`).
        public var parents: [String]
        /// Glob patterns that name its files, such as `*.recipe`.
        public var globs: [String]
        /// Other MIME types for the same type (`<alias>`).
        public var aliases: [String]

        public init(type: String, comment: String, parents: [String] = [], globs: [String] = [], aliases: [String] = []) {
            self.type = type
            self.comment = comment
            self.parents = parents
            self.globs = globs
            self.aliases = aliases
        }
    }

    /// The package's MIME types, in declaration order.
    public let mimeTypes: [MIMEType]

    /// The package of `declarations`, which may name each other as
    /// parents. Imported declarations are written as well: a desktop that
    /// lacks the other app still learns the type.
    ///
    /// - Throws: ``UTTypeError`` with code
    ///   ``UTTypeError/Code/missingMIMEType`` (a declaration without a MIME
    ///   type: the database names types by MIME type only),
    ///   `.invalidTag` (a MIME type with parameters or a malformed one, or
    ///   a malformed extension), `.unknownParent` (a parent that is neither
    ///   known nor among `declarations`) or `.conflictingDeclaration` (two
    ///   declarations claiming one MIME type). Each says which declaration
    ///   and what to change.
    public init(declarations: [UTTypeDeclaration]) throws(UTTypeError) {
        var byIdentifier: [String: UTTypeDeclaration] = [:]
        for declaration in declarations {
            byIdentifier[declaration.identifier.lowercased()] = declaration
        }
        var owners: [String: String] = [:]
        var mimeTypes: [MIMEType] = []
        for declaration in declarations {
            let names = try Self.mimeTypes(of: declaration)
            for name in names {
                if let owner = owners[name], owner != declaration.identifier {
                    throw UTTypeError(.conflictingDeclaration,
                                      "\(declaration.identifier) and \(owner) both claim the MIME type \(name); give each type its own.")
                }
                owners[name] = declaration.identifier
            }
            var globs: [String] = []
            for name in declaration.filenameExtensions {
                if case .failure(let error) = TagSyntax.normalized(name, tagClass: .filenameExtension) {
                    throw UTTypeError(.invalidTag, "\(declaration.identifier): \(error.description)")
                }
                let glob = "*.\(name)"
                if !globs.contains(glob) { globs.append(glob) }
            }
            var parents: [String] = []
            for parent in declaration.conformsTo {
                if let name = try Self.parentMIMEType(parent, of: declaration, declared: byIdentifier),
                   !parents.contains(name), name != names[0] {
                    parents.append(name)
                }
            }
            mimeTypes.append(MIMEType(
                type: names[0],
                comment: declaration.typeDescription ?? declaration.identifier,
                parents: parents,
                globs: globs,
                aliases: Array(names.dropFirst())))
        }
        self.mimeTypes = mimeTypes
    }

    /// The package as shared-mime-info XML.
    public var xml: String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">

            """
        for mimeType in mimeTypes {
            text += "  <mime-type type=\"\(Self.escaped(mimeType.type))\">\n"
            text += "    <comment>\(Self.escaped(mimeType.comment))</comment>\n"
            for (element, attribute, values) in [("sub-class-of", "type", mimeType.parents), ("glob", "pattern", mimeType.globs),
                                                 ("alias", "type", mimeType.aliases)] {
                for value in values { text += "    <\(element) \(attribute)=\"\(Self.escaped(value))\"/>\n" }
            }
            text += "  </mime-type>\n"
        }
        text += "</mime-info>\n"
        return text
    }

    // MARK: - Reading the declarations

    /// The declaration's MIME types, checked and without duplicates.
    private static func mimeTypes(of declaration: UTTypeDeclaration) throws(UTTypeError) -> [String] {
        guard !declaration.mimeTypes.isEmpty else {
            throw UTTypeError(.missingMIMEType,
                              "\(declaration.identifier) has no MIME type, and the freedesktop MIME database names types by MIME type: "
                              + "add one to its tags (\"public.mime-type\"), such as application/x-\(suggestedSubtype(declaration.identifier)).")
        }
        var names: [String] = []
        for tag in declaration.mimeTypes {
            let name: String
            switch TagSyntax.normalized(tag, tagClass: .mimeType) {
            case .success(let normalized): name = normalized
            case .failure(let error): throw UTTypeError(.invalidTag, "\(declaration.identifier): \(error.description)")
            }
            guard !name.contains(";") else {
                throw UTTypeError(.invalidTag,
                                  "\(declaration.identifier): the MIME type '\(tag)' has parameters, which the freedesktop MIME database "
                                  + "cannot name; give it without them (\(name.prefix { $0 != ";" })).")
            }
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The MIME type that stands for `parent` in the database: its own
    /// (first) MIME type, `nil` for a parent without one.
    private static func parentMIMEType(
        _ parent: String, of declaration: UTTypeDeclaration, declared: [String: UTTypeDeclaration]
    ) throws(UTTypeError) -> String? {
        let name: String?
        if let sibling = declared[parent.lowercased()] {
            name = try mimeTypes(of: sibling).first
        } else if let known = UTType(parent), known.isDeclared {
            name = known.preferredMIMEType.flatMap { TagSyntax.normalizedForm($0, tagClass: .mimeType) }
        } else {
            throw UTTypeError(.unknownParent,
                              "\(declaration.identifier) conforms to \(parent), which is neither a known type nor among the declarations; "
                              + "declare \(parent) too, or check its spelling.")
        }
        guard let name, name != "application/octet-stream" else { return nil }
        return String(name.prefix { $0 != ";" })
    }

    /// A MIME subtype made from an identifier, for the advice in an error.
    private static func suggestedSubtype(_ identifier: String) -> String {
        let words = identifier.lowercased().split(separator: ".")
        let significant = words.count > 2 ? words.dropFirst(2) : words[...]
        return significant.joined(separator: "-")
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}

extension UTTypeError.Code {
    /// A type declaration has no MIME type where one is needed, as in a
    /// ``FreedesktopMIMEPackage``.
    public static let missingMIMEType = UTTypeError.Code(name: "missingMIMEType")
}
