/// What the window's banner shows: the problems since it was last
/// dismissed, newest last, so every bad file of one import stays in view
/// (up to ``limit``), and whether it offers Update (a duplicate-UID problem
/// while updates are on offer).
///
/// ```swift
/// banner.add(problem, updatesOffered: !table.offeredUpdates.isEmpty)
/// label.text = banner.text
/// updateButton.isVisible = banner.offersUpdate
/// ```
public struct ContactsBanner: Hashable, Sendable {
    /// How many problems are shown at most (the newest).
    public static let limit = 6

    /// The messages shown, oldest first.
    public private(set) var messages: [String] = []
    /// Whether the banner offers Update.
    public private(set) var offersUpdate = false

    public init() {}

    /// The banner's text: one message a line.
    public var text: String { messages.joined(separator: "\n") }

    /// Adds `problem`; Update is offered when it is about cards already
    /// here and `updatesOffered` (the table has updates to apply).
    public mutating func add(_ problem: ContactsProblem, updatesOffered: Bool) {
        messages = Array((messages + [problem.message]).suffix(Self.limit))
        offersUpdate = problem.code == .duplicateContact && updatesOffered
    }

    /// Empties the banner (dismissed, or the updates applied).
    public mutating func dismiss() {
        messages = []
        offersUpdate = false
    }
}
