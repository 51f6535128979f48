import Foundation

/// A toolkit-free view: a rectangle in its parent, with children and the
/// interactions attached to it.
///
/// The drag and drop engine hit-tests a tree of view nodes to find the drag
/// source under a lift and the drop target under a moving drag, the way UIKit
/// hit-tests `UIView`s. A toolkit mirrors the widgets that carry interactions
/// as view nodes; tests build trees by hand.
///
/// ```swift
/// let window = ViewNode(name: "window", frame: CGRect(x: 0, y: 0, width: 400, height: 300))
/// let photo = ViewNode(name: "photo", frame: CGRect(x: 20, y: 20, width: 100, height: 100))
/// window.addChild(photo)
/// photo.addInteraction(DragInteraction(delegate: photoController))
/// window.hitTest(CGPoint(x: 50, y: 50)) === photo   // true
/// ```
///
/// Coordinates follow UIKit: `frame` is in the parent's coordinate space,
/// `bounds` is the node's own space (its origin is the scroll offset), and
/// a root's `frame.origin` places it in a shared screen space, so nodes of
/// separate trees (two windows) can still convert points between each other.
@MainActor
public final class ViewNode {
    /// A name for finding the node in scripts and transcripts
    /// (`descendant(named:)`, DragDropTesting). Names need not be unique;
    /// lookups return the first match.
    public var name: String?

    /// The node's rectangle in its parent's coordinate space. Setting it
    /// keeps `bounds.origin` and sets `bounds.size` to the frame's size.
    public var frame: CGRect {
        didSet {
            bounds.size = frame.size
            parent?.childGeometryDidChange()
        }
    }

    /// The node's rectangle in its own coordinate space. Its origin is the
    /// point shown at the frame's top-left corner: changing it scrolls the
    /// children.
    public var bounds: CGRect

    /// Hidden nodes and their descendants are never hit.
    public var isHidden = false

    /// Nodes that do not take user interaction, and their descendants, are
    /// never hit (as with `UIView.isUserInteractionEnabled`).
    public var isUserInteractionEnabled = true

    /// The node's children, back to front: later children are drawn above
    /// earlier ones and are hit first.
    public private(set) var children: [ViewNode] = []

    /// The node this one is a child of.
    public private(set) weak var parent: ViewNode?

    /// The interactions attached to the node, in the order they were added.
    public private(set) var interactions: [any Interaction] = []

    // Typed copies of `interactions`, so that the engine's per-move walk up
    // the tree does no dynamic casts.
    private(set) var dragInteractions: [DragInteraction] = []
    private(set) var dropInteractions: [DropInteraction] = []
    private(set) var springLoadedInteractions: [SpringLoadedInteraction] = []

    /// A spatial index over the children's frames, built on the first hit
    /// test after the children or their frames change.
    var childIndex: ChildHitIndex?

    /// Creates a node with `frame` in its future parent's coordinates.
    public init(name: String? = nil, frame: CGRect = .zero) {
        self.name = name
        self.frame = frame
        self.bounds = CGRect(origin: .zero, size: frame.size)
    }

    // MARK: - Children

    /// Adds `child` above the existing children, removing it from its
    /// previous parent first.
    public func addChild(_ child: ViewNode) {
        insertChild(child, at: children.count)
    }

    /// Inserts `child` at `index` in `children` (0 is the back-most),
    /// removing it from its previous parent first.
    ///
    /// - Precondition: `child` is not this node or one of its ancestors, and
    ///   `index` is within `0...children.count` after that removal.
    public func insertChild(_ child: ViewNode, at index: Int) {
        precondition(!child.isAncestor(of: self), "A view node cannot become a child of itself or of its descendants.")
        child.removeFromParent()
        precondition((0...children.count).contains(index),
                     "Child index \(index) is outside 0...\(children.count).")
        children.insert(child, at: index)
        child.parent = self
        childIndex = nil
    }

    /// Removes the node from its parent's children.
    public func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        parent.childIndex = nil
        self.parent = nil
    }

    /// Whether this node is `node` or one of its ancestors.
    public func isAncestor(of node: ViewNode) -> Bool {
        var current: ViewNode? = node
        while let candidate = current {
            if candidate === self { return true }
            current = candidate.parent
        }
        return false
    }

    /// The top-most ancestor (or the node itself when it has no parent).
    public var root: ViewNode {
        var node = self
        while let parent = node.parent { node = parent }
        return node
    }

    /// The first node named `name`, searching depth-first from this node
    /// and visiting children in `children` order.
    ///
    /// - Complexity: O(n) in the number of descendants.
    public func descendant(named name: String) -> ViewNode? {
        if self.name == name { return self }
        for child in children {
            if let found = child.descendant(named: name) { return found }
        }
        return nil
    }

    func childGeometryDidChange() {
        childIndex = nil
    }

    // MARK: - Interactions

    /// Attaches `interaction`, detaching it from any other node first.
    public func addInteraction(_ interaction: any Interaction) {
        if let current = interaction.view {
            current.removeInteraction(interaction)
        }
        interaction.willMove(to: self)
        interactions.append(interaction)
        switch interaction {
        case let drag as DragInteraction: dragInteractions.append(drag)
        case let drop as DropInteraction: dropInteractions.append(drop)
        case let spring as SpringLoadedInteraction: springLoadedInteractions.append(spring)
        default: break
        }
        interaction.didMove(to: self)
    }

    /// Detaches `interaction` if it is attached to this node.
    public func removeInteraction(_ interaction: any Interaction) {
        guard interactions.contains(where: { $0 === interaction }) else { return }
        interaction.willMove(to: nil)
        interactions.removeAll { $0 === interaction }
        dragInteractions.removeAll { $0 === interaction }
        dropInteractions.removeAll { $0 === interaction }
        springLoadedInteractions.removeAll { $0 === interaction }
        interaction.didMove(to: nil)
    }
}

extension ViewNode: @MainActor CustomStringConvertible {
    public var description: String {
        "ViewNode(\(name.map { "\"\($0)\"" } ?? "unnamed"), frame: \(frame))"
    }
}
