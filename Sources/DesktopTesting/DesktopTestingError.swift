/// An error from driving a desktop app: a code to match on and a
/// description that says what to do.
public struct DesktopTestingError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, as a value callers can compare.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A tool (xdotool, xwininfo) is missing or failed.
        public static let toolFailed = Code(rawValue: "toolFailed")
        /// Something awaited did not happen in time.
        public static let timedOut = Code(rawValue: "timedOut")
        /// A process could not be started.
        public static let launchFailed = Code(rawValue: "launchFailed")
    }

    public let code: Code
    public let description: String

    public init(code: Code, description: String) {
        self.code = code
        self.description = description
    }
}
