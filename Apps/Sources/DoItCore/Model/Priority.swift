/// How urgent a to-do item is, lowest first.
///
/// In JSON a priority is its name (`"high"`); the number form older files
/// use (0 = low ... 3 = urgent) is read too.
public enum Priority: Int, CaseIterable, Comparable, Sendable, CustomStringConvertible {
    case low = 0
    case normal = 1
    case high = 2
    case urgent = 3

    /// The name used in JSON and in the exported text: `"low"`, `"normal"`,
    /// `"high"`, `"urgent"`.
    public var name: String {
        switch self {
        case .low: "low"
        case .normal: "normal"
        case .high: "high"
        case .urgent: "urgent"
        }
    }

    /// The priority called `name` (any letter case), or nil.
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = match
    }

    public var description: String { name }

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
}
