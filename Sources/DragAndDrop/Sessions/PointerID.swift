/// Identifies a pointer or touch driving a drag. Each pointer drives at most
/// one drag at a time; drags of different pointers are independent.
public struct PointerID: Sendable, Hashable, Comparable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The toolkit's number for the pointer or touch.
    public let rawValue: Int

    /// The pointer the toolkit numbers `rawValue`.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The pointer numbered `value`, so tests can write `try engine.move(1, to: point)`.
    public init(integerLiteral value: Int) {
        self.rawValue = value
    }

    /// The mouse, or the first touch.
    public static let primary = PointerID(rawValue: 0)

    public static func < (lhs: PointerID, rhs: PointerID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    public var description: String { "pointer \(rawValue)" }
}
