import Foundation

extension ViewNode {
    /// Converts `point` from this node's coordinate space to `view`'s, or to
    /// screen space when `view` is nil.
    ///
    /// Nodes of different trees convert through screen space, where each
    /// root's `frame.origin` is its position.
    public func convert(_ point: CGPoint, to view: ViewNode?) -> CGPoint {
        let screen = offsetToScreen()
        let inScreen = CGPoint(x: point.x + screen.x, y: point.y + screen.y)
        guard let view else { return inScreen }
        let target = view.offsetToScreen()
        return CGPoint(x: inScreen.x - target.x, y: inScreen.y - target.y)
    }

    /// Converts `point` from `view`'s coordinate space (screen space when nil)
    /// to this node's.
    public func convert(_ point: CGPoint, from view: ViewNode?) -> CGPoint {
        guard let view else {
            let screen = offsetToScreen()
            return CGPoint(x: point.x - screen.x, y: point.y - screen.y)
        }
        return view.convert(point, to: self)
    }

    /// Converts `rect` from this node's coordinate space to `view`'s.
    public func convert(_ rect: CGRect, to view: ViewNode?) -> CGRect {
        CGRect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// Converts `rect` from `view`'s coordinate space to this node's.
    public func convert(_ rect: CGRect, from view: ViewNode?) -> CGRect {
        CGRect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    /// The center of `bounds`, in the node's own coordinate space.
    public var boundsCenter: CGPoint {
        CGPoint(x: bounds.midX, y: bounds.midY)
    }

    /// What to add to a point in this node's space to get screen space.
    private func offsetToScreen() -> CGPoint {
        var x: CGFloat = 0
        var y: CGFloat = 0
        var node: ViewNode? = self
        while let current = node {
            x += current.frame.origin.x - current.bounds.origin.x
            y += current.frame.origin.y - current.bounds.origin.y
            node = current.parent
        }
        return CGPoint(x: x, y: y)
    }
}
