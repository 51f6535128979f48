/// A problem UniformTypes met and worked around: a corrupt line in the
/// desktop's MIME database, a missing database, a type declaration that was
/// refused. Each is also written once to standard error when it happens.
///
/// ```swift
/// for problem in UTType.diagnostics { print(problem) }
/// // /usr/share/mime/subclasses:12: expected "CHILD PARENT", found "text/x-foo"
/// ```
public struct UTTypeDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The file the problem is in, if it is about a file.
    public let file: String?
    /// The 1-based line in ``file``, if the problem is on one line.
    public let line: Int?
    /// What is wrong and what was done about it.
    public let message: String

    public init(file: String?, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        switch (file, line) {
        case let (file?, line?): "\(file):\(line): \(message)"
        case let (file?, nil): "\(file): \(message)"
        default: message
        }
    }
}
