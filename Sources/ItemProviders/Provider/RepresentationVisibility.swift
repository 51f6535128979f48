/// Who may receive a representation.
///
/// ```swift
/// provider.registerDataRepresentation(for: .todoItemID, visibility: .ownProcess) {
///     Data(item.id.uuidString.utf8)
/// }
/// ```
public struct RepresentationVisibility: Hashable, Sendable, CustomStringConvertible {
    /// How far the representation may travel; larger is more restricted.
    let level: Int

    private init(level: Int) { self.level = level }

    /// Any process may receive it.
    public static let all = RepresentationVisibility(level: 0)
    /// This process and processes of the same team (see
    /// ``ItemProvider/teamIdentifier``).
    public static let team = RepresentationVisibility(level: 1)
    /// Never leaves the process that registered it.
    public static let ownProcess = RepresentationVisibility(level: 2)

    public var description: String {
        switch level {
        case 0: "all"
        case 1: "team"
        default: "ownProcess"
        }
    }

    /// The stricter of two visibilities, used when an object's own
    /// per-type visibility meets the visibility it was registered with.
    func restricted(by other: RepresentationVisibility) -> RepresentationVisibility {
        level >= other.level ? self : other
    }
}
