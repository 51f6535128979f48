/// What a drop would do with the dragged items (`UIDropOperation`).
public enum DropOperation: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Nothing: dropping here ends the drag without a drop.
    case cancel = 0
    /// Nothing, and the toolkit shows that dropping here is not allowed
    /// (a drop target that normally accepts drops refusing this one).
    case forbidden = 1
    /// The destination copies the items.
    case copy = 2
    /// The destination moves the items; the source removes them when the
    /// drag ends with `.move`. Only for drags in this process that allow it.
    case move = 3

    /// Whether a drop with this operation is performed (`.copy`, `.move`).
    public var performsDrop: Bool {
        self == .copy || self == .move
    }

    public var description: String {
        switch self {
        case .cancel: "cancel"
        case .forbidden: "forbidden"
        case .copy: "copy"
        case .move: "move"
        }
    }
}
