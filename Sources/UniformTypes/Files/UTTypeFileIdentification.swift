/// The type of a file and what decided it, from
/// ``UTType/identifyFile(at:readingContents:)``.
///
/// ```swift
/// let found = UTType.identifyFile(at: URL(fileURLWithPath: "photo"))
/// print(found.type, found.method, found.detail)
/// // public.png contents magic rule for image/png
/// ```
public struct UTTypeFileIdentification: Hashable, Sendable {
    /// How the type was found.
    public struct Method: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        init(_ rawValue: String) { self.rawValue = rawValue }

        /// The file name: a glob of the MIME database or a known extension.
        public static let fileName = Method("name")
        /// The first bytes of the file: a magic rule of the MIME database, or
        /// the text check when no rule matched.
        public static let contents = Method("contents")
        /// The path is a directory.
        public static let directory = Method("directory")
        /// The path is a device, named pipe or socket, which is never read.
        public static let fileSystemNode = Method("node")
        /// Nothing matched: a dynamic type for the extension, or public.data.
        public static let fallback = Method("fallback")

        public var description: String { rawValue }
    }

    /// The file's type.
    public let type: UTType
    /// What decided ``type``.
    public let method: Method
    /// A phrase for people: the pattern, extension or rule that matched.
    public let detail: String
}
