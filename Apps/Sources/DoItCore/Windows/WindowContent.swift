import Foundation

/// What a Do It window shows.
public enum WindowContent: Hashable, Sendable {
    /// The groups and the lists.
    case home
    /// One list's items.
    case list(UUID)
    /// One of Home's groups.
    case group(HomeGroup)
    /// One item's details.
    case item(UUID)

    /// Where drops on this content go, if it takes any.
    public var dropDestination: TodoDestination? {
        switch self {
        case .home: .home
        case .list(let id): .list(id)
        case .group(let group): .group(group)
        case .item: nil
        }
    }
}
