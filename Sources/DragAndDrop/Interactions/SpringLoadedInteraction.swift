import Foundation

/// Makes a view node spring-loaded: when a drag hovers over it for `delay`,
/// the handler runs once, for example to open a folder or switch a tab while
/// the user keeps dragging (`UISpringLoadedInteraction`).
///
/// Time comes from the engine's clock: the engine checks the delay on every
/// event and on ``DragDropEngine/tick()``, so tests with a manual clock are
/// exact. The handler runs at most once per hover; the drag must leave the
/// node and come back to fire it again. When nested nodes are spring-loaded,
/// the innermost one under the drag counts.
///
/// ```swift
/// folderView.addInteraction(SpringLoadedInteraction { _, context in
///     openFolder()
/// })
/// ```
@MainActor
public final class SpringLoadedInteraction: Interaction {
    /// The delay used when none is given.
    public static let defaultDelay: Duration = .milliseconds(750)

    /// How long a drag must hover before the handler runs.
    public var delay: Duration

    /// A disabled interaction never fires.
    public var isEnabled = true

    /// Asked when the delay has passed; returning false skips this hover.
    /// Nil: always fire.
    public var shouldActivate: (@MainActor (SpringLoadedInteraction, SpringLoadedContext) -> Bool)?

    /// Runs when the interaction fires.
    public let handler: @MainActor (SpringLoadedInteraction, SpringLoadedContext) -> Void

    public private(set) weak var view: ViewNode?

    /// Creates an interaction that runs `handler` after a drag hovers for
    /// `delay`.
    public init(delay: Duration = SpringLoadedInteraction.defaultDelay,
                handler: @escaping @MainActor (SpringLoadedInteraction, SpringLoadedContext) -> Void) {
        self.delay = delay
        self.handler = handler
    }

    public func willMove(to view: ViewNode?) {}

    public func didMove(to view: ViewNode?) {
        self.view = view
    }
}
