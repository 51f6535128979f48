/// Who is looking at a provider; ``ItemProvider/view(for:)`` filters the
/// provider's representations by it.
public struct ProviderAudience: Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        case ownProcess
        case otherProcess
        case team(String)
    }
    let kind: Kind

    /// The process that made the provider: sees every representation.
    public static let ownProcess = ProviderAudience(kind: .ownProcess)
    /// Some other process: sees representations with visibility `.all`.
    public static let otherProcess = ProviderAudience(kind: .otherProcess)
    /// Another process of the team `identifier`: sees `.all`, and `.team`
    /// when the provider's ``ItemProvider/teamIdentifier`` is the same.
    public static func team(_ identifier: String) -> ProviderAudience {
        ProviderAudience(kind: .team(identifier))
    }

    /// Whether this audience may receive a representation with `visibility`
    /// from a provider whose team is `providerTeam`.
    func permits(_ visibility: RepresentationVisibility, providerTeam: String?) -> Bool {
        switch kind {
        case .ownProcess:
            return true
        case .otherProcess:
            return visibility == .all
        case .team(let identifier):
            return visibility == .all || (visibility == .team && providerTeam == identifier)
        }
    }

    public var description: String {
        switch kind {
        case .ownProcess: "this process"
        case .otherProcess: "other processes"
        case .team(let identifier): "processes of team \(identifier)"
        }
    }
}
