/// Identifies one drag from lift to end; numbers count up from 1 in each
/// engine, so transcripts are the same on every run.
public struct DragSessionID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The drag's number in its engine.
    public let rawValue: Int

    /// The drag numbered `rawValue` in its engine.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static func < (lhs: DragSessionID, rhs: DragSessionID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    public var description: String { "drag#\(rawValue)" }
}
