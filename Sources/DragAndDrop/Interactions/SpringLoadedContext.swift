import Foundation

/// What a spring-loaded interaction's handler learns about the drag that
/// fired it.
@MainActor
public struct SpringLoadedContext {
    /// The drag hovering over the node.
    public let session: DropSession
    /// The node the drag hovered over (the interaction's view).
    public let targetView: ViewNode?

    /// The drag's location in `view`'s coordinate space.
    public func location(in view: ViewNode?) -> CGPoint {
        session.location(in: view)
    }
}
