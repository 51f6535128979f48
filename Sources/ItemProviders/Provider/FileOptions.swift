extension ItemProvider {
    /// Requirements on a file representation.
    public struct FileOptions: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The source lets the destination open its original file instead
        /// of a copy.
        public static let openInPlace = FileOptions(rawValue: 1 << 0)
    }
}
