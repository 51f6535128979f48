import Foundation

extension ViewNode {
    /// Whether `point`, in this node's coordinate space, lies inside its
    /// bounds. Edges follow `CGRect.contains`: the minimum edges are inside,
    /// the maximum edges are not.
    public func point(inside point: CGPoint) -> Bool {
        bounds.containsPoint(point)
    }

    /// The front-most descendant (or this node) that contains `point`, given
    /// in this node's coordinate space, and takes user interaction.
    ///
    /// As in UIKit, a node that is hidden or does not take user interaction
    /// is never hit and neither are its children, and children are only hit
    /// inside their parent's bounds. Children are tried front to back (last
    /// child first).
    ///
    /// - Complexity: O(depth × k) where k is the number of children whose
    ///   frames overlap the point's cell in each parent's spatial index;
    ///   nodes with few children are scanned directly.
    public func hitTest(_ point: CGPoint) -> ViewNode? {
        guard !isHidden, isUserInteractionEnabled, self.point(inside: point) else { return nil }
        return frontmostHit(at: point) ?? self
    }

    /// The hit among the children, front-most first.
    private func frontmostHit(at point: CGPoint) -> ViewNode? {
        let children = self.children
        if children.count < ChildHitIndex.minimumChildCount {
            for child in children.reversed() {
                if let hit = child.hitTest(child.pointFromParent(point)) { return hit }
            }
            return nil
        }
        let index: ChildHitIndex
        if let built = childIndex {
            index = built
        } else {
            index = ChildHitIndex(frames: children.map(\.frame))
            childIndex = index
        }
        var hit: ViewNode?
        index.forEachCandidate(at: point) { childIndex in
            let child = children[childIndex]
            guard child.frame.containsPoint(point) else { return false }
            hit = child.hitTest(child.pointFromParent(point))
            return hit != nil
        }
        return hit
    }

    /// `point` in the parent's space converted to this node's space.
    @inline(__always)
    func pointFromParent(_ point: CGPoint) -> CGPoint {
        CGPoint(x: point.x - frame.origin.x + bounds.origin.x,
                y: point.y - frame.origin.y + bounds.origin.y)
    }
}

extension CGRect {
    /// `contains(_:)` without standardizing every call: frames and bounds of
    /// view nodes are almost never of negative size.
    @inline(__always)
    func containsPoint(_ point: CGPoint) -> Bool {
        if size.width >= 0, size.height >= 0 {
            return point.x >= origin.x && point.x < origin.x + size.width
                && point.y >= origin.y && point.y < origin.y + size.height
        }
        return contains(point)
    }
}
