/// An error from the GTK backend: a code to match on and a description a
/// person can act on.
public struct GtkBackendError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, as a value callers can compare.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// No display could be opened.
        public static let displayUnavailable = Code(rawValue: "displayUnavailable")
        /// Reading a drop's data failed (the source went away or refused the type).
        public static let readFailed = Code(rawValue: "readFailed")
        /// None of the requested MIME types is offered by the drag.
        public static let typeNotOffered = Code(rawValue: "typeNotOffered")
        /// The drop already finished, so it can no longer be read.
        public static let dropFinished = Code(rawValue: "dropFinished")
        /// Image bytes are not in a format GTK can show (PNG, JPEG, ...) or are damaged.
        public static let imageUnreadable = Code(rawValue: "imageUnreadable")
        /// The dropped bytes are not what their format promises (text not
        /// valid in its charset, a link without a URL).
        public static let decodingFailed = Code(rawValue: "decodingFailed")
        /// A GtkBuilder `.ui` file or description could not be read.
        public static let interfaceUnreadable = Code(rawValue: "interfaceUnreadable")
        /// No object of a GtkBuilder interface has the id asked for.
        public static let objectNotFound = Code(rawValue: "objectNotFound")
        /// The object asked for is not a widget (a model, an adjustment).
        public static let notAWidget = Code(rawValue: "notAWidget")
    }

    public let code: Code
    public let description: String

    public init(code: Code, description: String) {
        self.code = code
        self.description = description
    }
}
