/// Where a type's definition comes from.
///
/// ```swift
/// UTType.png.origin                                   // .system
/// UTType(mimeType: "text/x-csrc")?.origin             // .freedesktop
/// UTType(filenameExtension: "qqq")?.origin            // .dynamic
/// ```
public struct UTTypeOrigin: Hashable, Sendable, CustomStringConvertible {
    /// The name printed by `dragkit types describe`.
    public let rawValue: String

    init(_ rawValue: String) { self.rawValue = rawValue }

    /// A type Apple documents, built into DragKit (tags may be extended by
    /// the desktop's MIME database).
    public static let system = UTTypeOrigin("system")
    /// A type made from the desktop's freedesktop shared-mime-info database,
    /// identified as `org.freedesktop.mime.<type>.<subtype>` (lower case).
    public static let freedesktop = UTTypeOrigin("freedesktop")
    /// A type the app declared, exported or imported.
    public static let declared = UTTypeOrigin("declared")
    /// A `dyn.` type made for a tag nothing declares.
    public static let dynamic = UTTypeOrigin("dynamic")
    /// A valid identifier that nothing declares: it conforms only to itself.
    public static let undeclared = UTTypeOrigin("undeclared")

    public var description: String { rawValue }
}
