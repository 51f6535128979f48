/// Makes a view node a drop target: a drag moving over the node (or over a
/// descendant without a drop interaction of its own) asks the delegate what
/// it would do with the items (`UIDropInteraction`).
///
/// ```swift
/// imageView.addInteraction(DropInteraction(delegate: self))
///
/// func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
///     session.canLoadObjects(ofClass: BitmapImage.self) && session.items.count == 1
/// }
/// func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
///     .copy
/// }
/// func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
///     session.loadObjects(ofClass: BitmapImage.self) { images in self.image = images.first }
/// }
/// ```
@MainActor
public final class DropInteraction: Interaction {
    /// The delegate deciding about drops. Held weakly: without a delegate
    /// the interaction handles no drags.
    public weak var delegate: (any DropInteractionDelegate)?

    /// Whether several drags may be over the interaction at once. When false
    /// (the default, as in UIKit), a second drag arriving while another is
    /// over it passes it by and its delegate is not asked.
    public var allowsSimultaneousDropSessions = false

    public private(set) weak var view: ViewNode?

    /// A delegate the interaction keeps alive itself: the declarative
    /// modifiers (``ViewNode/onDrop(of:isTargeted:perform:)``) make theirs
    /// on the fly, with nobody else to hold them.
    var retainedDelegate: (any DropInteractionDelegate)?

    /// How many drags currently have this interaction as their target.
    public internal(set) var activeSessionCount = 0

    /// Creates an interaction that asks `delegate` about drops.
    public init(delegate: any DropInteractionDelegate) {
        self.delegate = delegate
    }

    public func willMove(to view: ViewNode?) {}

    public func didMove(to view: ViewNode?) {
        self.view = view
    }
}
