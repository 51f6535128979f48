/// The colour a to-do list is shown in.
public enum ListColor: String, CaseIterable, Sendable {
    case red, orange, yellow, green, blue, purple, pink, gray

    /// The colour as `#rrggbb`, for a toolkit to paint with.
    public var hex: String {
        switch self {
        case .red: "#e01b24"
        case .orange: "#ff7800"
        case .yellow: "#f6d32d"
        case .green: "#33d17a"
        case .blue: "#3584e4"
        case .purple: "#9141ac"
        case .pink: "#dc8add"
        case .gray: "#9a9996"
        }
    }

    /// The colour called `name` (any letter case), or nil.
    public init?(name: String) {
        self.init(rawValue: name.lowercased())
    }
}
