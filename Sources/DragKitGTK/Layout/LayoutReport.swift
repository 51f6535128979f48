import Foundation

/// Where named widgets are on the screen at one moment: frames in
/// root-window pixels, grouped (for example `"rows"`, `"lists"`,
/// `"windows"`) so an app can write them in the shape its `--dump-layout`
/// file promises.
public struct LayoutReport: Equatable, Sendable {
    /// Frames by group, then by name.
    public var groups: [String: [String: CGRect]]

    public init(groups: [String: [String: CGRect]] = [:]) {
        self.groups = groups
    }

    /// The frames of one group (empty when nothing of it is on screen).
    public subscript(group: String) -> [String: CGRect] {
        groups[group] ?? [:]
    }

    /// The frame of `name` in `group`, or nil when it is not on screen.
    public subscript(group: String, name: String) -> CGRect? {
        groups[group]?[name]
    }
}
