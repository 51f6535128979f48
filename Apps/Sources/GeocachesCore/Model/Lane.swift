/// A column of the geocache board.
public enum Lane: String, CaseIterable, Codable, Sendable {
    case inProgress
    case completed

    /// The lane's heading as people read it.
    public var title: String {
        switch self {
        case .inProgress: "In progress"
        case .completed: "Completed"
        }
    }

    /// The board's other lane: where the keyboard moves a card to.
    public var other: Lane { self == .inProgress ? .completed : .inProgress }
}
