import Foundation

/// Where something can be dropped in Do It: Home (the lists), one list, or
/// one of Home's groups.
public enum TodoDestination: Hashable, Sendable {
    case home
    case list(UUID)
    case group(HomeGroup)
}
