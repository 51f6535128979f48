import Foundation

/// Drag and drop without a pointer: lifts the focused item, steps through
/// the drop points on screen and drops or cancels, all through the same
/// ``DragDropEngine`` calls a pointer makes. Delegates cannot tell the
/// difference: they get the same `canHandle`, `sessionDidUpdate`,
/// `performDrop` (and list) calls, and lists show the same gaps and row
/// highlights, because the drag really moves to each point.
///
/// ```swift
/// let keyboard = KeyboardDrag(engine: engine)
/// keyboard.announcer = { screenReader.say($0.text) }
/// try keyboard.lift(rowAt: IndexPath(item: 0, section: 0), of: groceries)  // "Picked up Milk. ..."
/// try keyboard.moveToNext()          // "Insert before Bread in Groceries"
/// try keyboard.drop()                // "Dropped Milk before Bread in Groceries"
/// ```
///
/// The drop points are found when the drag is lifted, in the order of the
/// views ``targets`` returns (by default every view of the engine's root
/// that has a drop interaction, top to bottom, then left to right):
/// - a view's ``ViewNode/accessibilityDropPointDescriptors``, when it has
///   any, each said by its name;
/// - otherwise, for a list, each visible row's leading edge (insert before
///   it), its middle (into it, when the delegate proposes that) and the end
///   of the list;
/// - otherwise the view's center.
///
/// ``moveToNext()`` and ``moveToPrevious()`` stop only where a drop would
/// do something (a copy or move proposal) and where what is shown differs
/// from the current stop (two points that give the same list gap are one
/// stop); they wrap around at the ends. The points passed over on the way
/// are real moves, so the transcript shows them as a pointer crossing them
/// would.
@MainActor
public final class KeyboardDrag {
    /// The engine the drag goes through.
    public let engine: DragDropEngine
    /// The pointer the drag uses (``PointerID/keyboard``).
    public let pointer: PointerID
    /// The views to look for drop points in, in navigation order. Nil: the
    /// views of ``DragDropEngine/root`` with drop interactions or drop
    /// point descriptors, ordered by their place on screen. A toolkit with
    /// several windows returns the views of all of them, so keyboard drags
    /// cross windows.
    public var targets: (@MainActor () -> [ViewNode])?
    /// The part of a list's bounds shown on screen, when the toolkit shows
    /// less than the node's bounds (a scrolled list whose node spans all its
    /// rows); only rows there get drop points. Nil, or nil for a list: its
    /// node's bounds.
    public var visibleBounds: (@MainActor (ListView) -> CGRect?)?
    /// Told everything a person should hear: the pick-up, each drop point,
    /// the drop, the cancel.
    public var announcer: (@MainActor (KeyboardDragAnnouncement) -> Void)?

    /// The drop points found when the drag was lifted.
    public private(set) var dropPoints: [KeyboardDropPoint] = []
    /// Where in ``dropPoints`` the drag stands; nil before the first step.
    public private(set) var currentIndex: Int?
    /// What the last stop's announcement said, for a toolkit to show.
    public private(set) var lastAnnouncement: KeyboardDragAnnouncement?
    /// What the drag carries, as said ("Milk", "3 items").
    private var itemsPhrase = "item"
    /// What the current stop shows, so the next stop differs from it.
    private var currentSignature: Signature?

    /// A keyboard drag through `engine` on `pointer`.
    public init(engine: DragDropEngine, pointer: PointerID = .keyboard) {
        self.engine = engine
        self.pointer = pointer
    }

    /// Whether a keyboard drag is going on.
    public var isActive: Bool { engine.activePointers.contains(pointer) }

    /// The drop point the drag stands on, if any.
    public var current: KeyboardDropPoint? { currentIndex.map { dropPoints[$0] } }

    // MARK: - Lifting

    /// Lifts from `view` at `point` (in its coordinates), as a pointer
    /// pressing there would. Without a point: the view's first drag source
    /// descriptor, else its center.
    ///
    /// - Returns: The new session, or nil when nothing there can be dragged.
    /// - Throws: `.pointerBusy` when a keyboard drag is already going on.
    @discardableResult
    public func lift(from view: ViewNode, at point: CGPoint? = nil) throws(DragDropError) -> DragSession? {
        var view = view
        var location = view.boundsCenter
        if let point {
            location = point
        } else if let descriptor = view.accessibilityDragSourceDescriptors.first {
            let described = descriptor.resolvedView(on: view)
            location = descriptor.point
            view = described
        }
        var name = view.spokenName
        if let descriptor = view.accessibilityDragSourceDescriptors.first, point == nil {
            name = descriptor.name
        }
        return try begin(from: view, at: location, name: name)
    }

    /// Lifts the row at `indexPath` (a data source index path) of `list`.
    /// A selected row lifts the whole selection, as a pointer lift does.
    ///
    /// - Returns: The new session, or nil when the row cannot be dragged.
    @discardableResult
    public func lift(rowAt indexPath: IndexPath, of list: ListView) throws(DragDropError) -> DragSession? {
        let presented = list.presentedIndexPath(forItemAt: indexPath)
        guard let frame = list.frameForItem(at: presented) else { return nil }
        let name = list.accessibilityRowLabel?(indexPath) ?? "item \(indexPath.item + 1)"
        return try begin(from: list.node, at: CGPoint(x: frame.midX, y: frame.midY), name: name)
    }

    private func begin(from view: ViewNode, at location: CGPoint, name: String?) throws(DragDropError) -> DragSession? {
        guard let session = try engine.beginDrag(pointer, from: view, at: location) else { return nil }
        let count = session.itemCount
        itemsPhrase = count == 1 ? (name ?? "1 item") : "\(count) items"
        dropPoints = findDropPoints()
        currentIndex = nil
        currentSignature = nil
        let guidance = dropPoints.isEmpty
            ? "There is nowhere to drop it. Press Escape to cancel."
            : "Press the arrow keys or Tab to choose where to drop, Enter to drop, Escape to cancel."
        announce(.pickedUp, "Picked up \(itemsPhrase). \(guidance)")
        return session
    }

    // MARK: - Moving

    /// Moves to the next drop point where a drop would do something.
    ///
    /// - Returns: The drop point reached, or nil when there is none (the
    ///   drag then stays where it was).
    /// - Throws: `.noActiveDrag` when no keyboard drag is going on.
    @discardableResult
    public func moveToNext() throws(DragDropError) -> KeyboardDropPoint? {
        try step(by: 1)
    }

    /// Moves to the previous drop point where a drop would do something.
    @discardableResult
    public func moveToPrevious() throws(DragDropError) -> KeyboardDropPoint? {
        try step(by: -1)
    }

    /// Moves to the first stop in the next view that takes the drop (Tab):
    /// past the rest of the current list, say.
    @discardableResult
    public func moveToNextTarget() throws(DragDropError) -> KeyboardDropPoint? {
        try step(by: 1, changingTarget: true)
    }

    /// Moves to the last stop in the previous view that takes the drop
    /// (Shift+Tab).
    @discardableResult
    public func moveToPreviousTarget() throws(DragDropError) -> KeyboardDropPoint? {
        try step(by: -1, changingTarget: true)
    }

    /// Moves straight to `index` in ``dropPoints`` (an assistive
    /// technology's "drop here" action), whatever it proposes.
    ///
    /// - Returns: The proposal there (nil: no target takes the drag).
    @discardableResult
    public func move(toDropPointAt index: Int) throws(DragDropError) -> DropProposal? {
        guard dropPoints.indices.contains(index) else { return nil }
        let proposal = try visit(index)
        currentIndex = index
        currentSignature = signature(at: index)
        announce(.dropPoint, stopText(at: index, proposal: proposal))
        return proposal
    }

    private func step(by direction: Int, changingTarget: Bool = false) throws(DragDropError) -> KeyboardDropPoint? {
        guard isActive else { throw DragDropError.noActiveDrag(pointer, doing: "move a keyboard drag") }
        let count = dropPoints.count
        guard count > 0 else {
            announce(.noDropPoint, "There is nowhere to drop \(itemsPhrase). Press Escape to cancel.")
            return nil
        }
        let start = currentIndex ?? (direction > 0 ? -1 : count)
        for offset in 1...count {
            let index = ((start + offset * direction) % count + count) % count
            let proposal = try visit(index)
            guard let proposal, proposal.operation.performsDrop else { continue }
            let reached = signature(at: index)
            if reached == currentSignature { continue }
            if changingTarget, let current = currentSignature, reached.target == current.target { continue }
            currentIndex = index
            currentSignature = reached
            announce(.dropPoint, stopText(at: index, proposal: proposal))
            return dropPoints[index]
        }
        // Nowhere else takes the drop: go back to where the drag stood.
        if let currentIndex {
            try visit(currentIndex)
            announce(.noDropPoint, "No other place takes \(itemsPhrase). "
                     + (lastAnnouncement.map { "Still at: \($0.text)" } ?? ""))
        } else {
            try engine.move(pointer, to: .zero, in: nil)
            announce(.noDropPoint, "No place on screen takes \(itemsPhrase). Press Escape to cancel.")
        }
        return nil
    }

    /// Moves the drag to drop point `index`, hit-testing down from its view
    /// so a point inside a child reaches the child's interactions.
    @discardableResult
    private func visit(_ index: Int) throws(DragDropError) -> DropProposal? {
        let point = dropPoints[index]
        let hit = point.list == nil ? (point.view.hitTest(point.location) ?? point.view) : point.view
        let location = hit === point.view ? point.location : point.view.convert(point.location, to: hit)
        return try engine.move(pointer, to: location, in: hit)
    }

    // MARK: - Ending

    /// Drops on the current drop point. Before any step, or where nothing
    /// takes the drop, the drag is cancelled instead: a keyboard drag never
    /// drops "over nothing".
    ///
    /// - Returns: The operation the drag ended with.
    @discardableResult
    public func drop() throws(DragDropError) -> DropOperation {
        guard isActive else { throw DragDropError.noActiveDrag(pointer, doing: "drop a keyboard drag") }
        guard let index = currentIndex else {
            try engine.cancel(pointer)
            finish()
            announce(.cancelled, "Cancelled: no drop point was chosen for \(itemsPhrase).")
            return .cancel
        }
        let place = position(at: index)
        let operation = try engine.drop(pointer)
        finish()
        if operation.performsDrop {
            let verb = operation == .copy ? "Copied" : "Moved"
            announce(.dropped, "\(verb) \(itemsPhrase) \(place).")
        } else {
            announce(.cancelled, "The drop of \(itemsPhrase) was refused.")
        }
        return operation
    }

    /// Cancels the drag (Escape).
    public func cancel() throws(DragDropError) {
        guard isActive else { throw DragDropError.noActiveDrag(pointer, doing: "cancel a keyboard drag") }
        try engine.cancel(pointer)
        finish()
        announce(.cancelled, "Cancelled dragging \(itemsPhrase).")
    }

    /// Forgets the ended drag's drop points.
    func finishReorder() { finish() }

    private func finish() {
        dropPoints = []
        currentIndex = nil
        currentSignature = nil
    }

    private func announce(_ event: KeyboardDragAnnouncement.Event, _ text: String) {
        let announcement = KeyboardDragAnnouncement(event: event, text: text)
        lastAnnouncement = announcement
        announcer?(announcement)
    }

    // MARK: - What a stop shows and says

    /// What a stop shows: the target, and for a list the gap or highlight
    /// (for other views, the point itself).
    private struct Signature: Equatable {
        var target: ObjectIdentifier?
        var hover: ListDropHover?
        var point: Int?
    }

    private func signature(at index: Int) -> Signature {
        let target = engine.dropTarget(for: pointer).map(ObjectIdentifier.init)
        if let list = dropPoints[index].list {
            return Signature(target: target, hover: list.dropHover, point: list.dropHover == nil ? index : nil)
        }
        return Signature(target: target, hover: nil, point: index)
    }

    /// Where a drop at drop point `index` lands, as the end of a sentence
    /// ("before Milk in Groceries", "on Trash").
    private func position(at index: Int) -> String {
        let point = dropPoints[index]
        if case .descriptor(let name) = point.kind { return "(\(name))" }
        guard let list = point.list else { return "on \(point.view.spokenName ?? "the drop target")" }
        switch list.dropHover {
        case .gap(let before)?:
            if before.item < list.numberOfItems(inSection: before.section) {
                return "before \(list.spokenName(ofPresentedRow: before)) in \(list.spokenListName)"
            }
            return "at the end of \(list.spokenListName)"
        case .highlight(let row)?:
            return "into \(list.spokenName(ofPresentedRow: row)) in \(list.spokenListName)"
        case nil:
            return "in \(list.spokenListName)"
        }
    }

    private func stopText(at index: Int, proposal: DropProposal?) -> String {
        let point = dropPoints[index]
        var text: String
        if case .descriptor(let name) = point.kind {
            text = name
        } else if let list = point.list {
            if case .gap? = list.dropHover {
                text = "Insert \(position(at: index))"
            } else {
                text = "Drop \(position(at: index))"
            }
        } else {
            text = "Drop \(position(at: index))"
        }
        guard let operation = proposal?.operation else { return text }
        switch operation {
        case .copy: text += ", copy"
        case .forbidden, .cancel: text += ", cannot drop here"
        default: break
        }
        return text
    }

    // MARK: - Finding drop points

    private func findDropPoints() -> [KeyboardDropPoint] {
        let views = targets?() ?? defaultTargets()
        return views.flatMap(dropPoints(of:))
    }

    private func defaultTargets() -> [ViewNode] {
        engine.root.map(Self.dropTargets(in:)) ?? []
    }

    /// The visible views of `root`'s tree with drop interactions or drop
    /// point descriptors, top to bottom, then left to right: what a
    /// keyboard drag offers in one window. For several windows, join each
    /// window's in ``targets``.
    public static func dropTargets(in root: ViewNode) -> [ViewNode] {
        var found: [ViewNode] = []
        func walk(_ node: ViewNode) {
            guard !node.isHidden, node.isUserInteractionEnabled else { return }
            if !node.dropInteractions.isEmpty || !node.accessibilityDropPointDescriptors.isEmpty {
                found.append(node)
            }
            node.children.forEach(walk)
        }
        walk(root)
        return onScreenOrder(found)
    }

    /// `views` ordered by their top-left corner on screen: top to bottom,
    /// then left to right; views at the same place keep their order.
    public static func onScreenOrder(_ views: [ViewNode]) -> [ViewNode] {
        let corners = views.map { $0.convert(CGPoint(x: $0.bounds.minX, y: $0.bounds.minY), to: nil) }
        return views.indices.sorted { a, b in
            let (p, q) = (corners[a], corners[b])
            if p.y != q.y { return p.y < q.y }
            if p.x != q.x { return p.x < q.x }
            return a < b
        }.map { views[$0] }
    }

    private func dropPoints(of view: ViewNode) -> [KeyboardDropPoint] {
        let descriptors = view.accessibilityDropPointDescriptors
        if !descriptors.isEmpty {
            return descriptors.map { descriptor in
                KeyboardDropPoint(kind: .descriptor(descriptor.name), view: descriptor.resolvedView(on: view),
                                  location: descriptor.point, list: nil)
            }
        }
        let list = view.dropInteractions.lazy.compactMap { ($0.delegate as? ListDropAdapter)?.list }.first
        guard let list else {
            return [KeyboardDropPoint(kind: .view, view: view, location: view.boundsCenter, list: nil)]
        }
        return listDropPoints(of: list)
    }

    /// Each visible row's leading edge and middle, then the end of the list
    /// (or the middle of an empty list).
    private func listDropPoints(of list: ListView) -> [KeyboardDropPoint] {
        let visible = visibleBounds?(list) ?? list.node.bounds
        let vertical = list.layout.insertionAxis == .vertical
        var points: [KeyboardDropPoint] = []
        var last: (IndexPath, CGRect)?
        for section in 0..<list.numberOfSections {
            for item in 0..<list.numberOfItems(inSection: section) {
                let row = IndexPath(item: item, section: section)
                guard let frame = list.frameForItem(at: row) else { continue }
                if vertical ? frame.minY >= visible.maxY : false { break }
                guard frame.intersects(visible) else { continue }
                func along(_ fraction: CGFloat) -> CGPoint {
                    vertical ? CGPoint(x: frame.midX, y: frame.minY + frame.height * fraction)
                             : CGPoint(x: frame.minX + frame.width * fraction, y: frame.midY)
                }
                points.append(KeyboardDropPoint(kind: .listInsertion(before: row), view: list.node,
                                                location: along(0.1), list: list))
                points.append(KeyboardDropPoint(kind: .listRow(row), view: list.node, location: along(0.5), list: list))
                last = (row, frame)
            }
        }
        if let (row, frame) = last {
            let end = vertical ? CGPoint(x: frame.midX, y: frame.minY + frame.height * 0.9)
                               : CGPoint(x: frame.minX + frame.width * 0.9, y: frame.midY)
            points.append(KeyboardDropPoint(kind: .listInsertion(before: IndexPath(item: row.item + 1, section: row.section)),
                                            view: list.node, location: end, list: list))
        } else {
            points.append(KeyboardDropPoint(kind: .listInsertion(before: IndexPath(item: 0, section: 0)),
                                            view: list.node, location: list.node.boundsCenter, list: list))
        }
        return points
    }
}
