import Foundation

/// A named place in a view that assistive technologies offer as a drag
/// source or a drop point, as `UIAccessibilityLocationDescriptor` does for
/// UIKit's `accessibilityDragSourceDescriptors` and
/// `accessibilityDropPointDescriptors`.
///
/// ```swift
/// board.accessibilityDropPointDescriptors = [
///     AccessibilityLocationDescriptor(name: "Move to Completed", point: completed.boundsCenter, in: completed),
/// ]
/// ```
///
/// A keyboard drag (``KeyboardDrag``) lifts at a drag source descriptor's
/// point and stops at each drop point descriptor, saying its name.
@MainActor
public struct AccessibilityLocationDescriptor {
    /// What the place is called, said as is ("Move to Completed").
    public var name: String
    /// The point, in ``view``'s coordinates (the node carrying the
    /// descriptor when `view` is nil).
    public var point: CGPoint
    /// The view the point is in; held weakly, as in UIKit.
    public private(set) weak var view: ViewNode?

    /// A descriptor named `name` at `point` of `view` (nil: of the node the
    /// descriptor is set on).
    public init(name: String, point: CGPoint, in view: ViewNode? = nil) {
        self.name = name
        self.point = point
        self.view = view
    }

    /// The view the point is in when the descriptor sits on `owner`.
    func resolvedView(on owner: ViewNode) -> ViewNode { view ?? owner }
}
