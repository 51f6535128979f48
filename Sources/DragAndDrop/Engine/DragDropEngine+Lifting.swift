import Foundation
import ItemProviders

extension DragDropEngine {
    // MARK: - Starting drags

    /// A lift by `pointer` at `point` in `root`'s coordinates: hit-tests the
    /// tree and starts a drag from the nearest enabled drag interaction at
    /// or above the hit view.
    ///
    /// - Returns: The new session, or nil when nothing there can be dragged
    ///   (no drag interaction, or its delegate gave no items).
    /// - Throws: `.pointerBusy` if `pointer` is already dragging, `.noRootView`
    ///   without a root.
    @discardableResult
    public func beginDrag(_ pointer: PointerID, at point: CGPoint) throws(DragDropError) -> DragSession? {
        guard let root else { throw .noRoot(doing: "start a drag") }
        try checkIdle(pointer)
        guard let hit = root.hitTest(point) else { return nil }
        return try beginDrag(pointer, from: hit, at: root.convert(point, to: hit))
    }

    /// A lift by `pointer` at `point` in `view`'s coordinates, for toolkits
    /// that hit-test themselves: starts a drag from the nearest enabled drag
    /// interaction on `view` or above it.
    ///
    /// - Returns: The new session, or nil when nothing there can be dragged.
    /// - Throws: `.pointerBusy` if `pointer` is already dragging.
    @discardableResult
    public func beginDrag(_ pointer: PointerID, from view: ViewNode, at point: CGPoint)
        throws(DragDropError) -> DragSession?
    {
        try checkIdle(pointer)
        guard let interaction = Self.nearestDragInteraction(from: view),
              let delegate = interaction.delegate
        else { return nil }
        let sourceView = interaction.view
        let state = makeState(pointer: pointer, screenLocation: view.convert(point, to: nil))
        let session = DragSession(state: state)

        let items = delegate.dragInteraction(interaction, itemListForBeginning: session)
            ?? DragItemList(delegate.dragInteraction(interaction, itemsForBeginning: session))
        report(.source(Self.name(of: sourceView), .itemsForBeginning(items.count)), state, in: sourceView)
        guard !items.isEmpty else { return nil }
        state.appendSourceItems(items)

        state.allowsMoveOperation = delegate.dragInteraction(interaction, sessionAllowsMoveOperation: session)
        report(.source(Self.name(of: sourceView), .allowsMoveOperation(state.allowsMoveOperation)),
               state, in: sourceView)
        state.isRestrictedToDraggingApplication =
            delegate.dragInteraction(interaction, sessionIsRestrictedToDraggingApplication: session)
        report(.source(Self.name(of: sourceView),
                       .isRestrictedToDraggingApplication(state.isRestrictedToDraggingApplication)),
               state, in: sourceView)

        let drop = DropSession(local: session, gate: LoadGate())
        let active = ActiveDrag(state: state, dragSession: session, dropSession: drop, sources: [interaction])
        active.liftLocation = sourceView.map { view.convert(point, to: $0) } ?? point
        drags.append(active)

        delegate.dragInteraction(interaction, sessionWillBegin: session)
        report(.source(Self.name(of: sourceView), .willBegin), state, in: sourceView)
        return session
    }

    /// A drag that started in another process entering this one (a toolkit
    /// reports it when a foreign drag first reaches one of its windows;
    /// DragDropTesting uses it to pretend to be another process).
    ///
    /// Destinations see each provider as `provider.view(for: audience)`
    /// (so `ownProcess` representations are gone), sealed until the drop.
    /// The session has no local drag session and never allows moves. Follow
    /// with `move` events; nothing is called until the first move.
    ///
    /// - Parameters:
    ///   - pointer: The pointer the drag follows.
    ///   - items: The dragged items' providers, in item order.
    ///   - audience: Who this process is to the source: `.otherProcess`, or
    ///     `.team(id)` when the source is known to share the team.
    ///   - point: Where the drag is, in `view`'s coordinates (screen
    ///     coordinates when `view` is nil).
    ///   - view: The view the drag is over, if any.
    /// - Throws: `.pointerBusy` if `pointer` is already dragging.
    @discardableResult
    public func beginExternalDrag(_ pointer: PointerID, items: [ItemProvider],
                                  audience: ProviderAudience = .otherProcess,
                                  at point: CGPoint = .zero, in view: ViewNode? = nil)
        throws(DragDropError) -> DropSession
    {
        try checkIdle(pointer)
        let screen = view?.convert(point, to: nil) ?? point
        let state = makeState(pointer: pointer, screenLocation: screen)
        let session = DropSession(external: state, providers: items, audience: audience, gate: LoadGate())
        drags.append(ActiveDrag(state: state, dragSession: nil, dropSession: session, sources: []))
        return session
    }

    // MARK: - Adding items

    /// Another touch at `point` in `root`'s coordinates adds items to
    /// `pointer`'s drag, from the drag interaction under it.
    ///
    /// - Returns: The items added (none when nothing there offers any).
    @discardableResult
    public func addItems(to pointer: PointerID, at point: CGPoint) throws(DragDropError) -> [DragItem] {
        guard let root else { throw .noRoot(doing: "add items") }
        _ = try requireLocalDrag(pointer)
        guard let hit = root.hitTest(point) else { return [] }
        return try addItems(to: pointer, from: hit, at: root.convert(point, to: hit))
    }

    /// Another touch at `point` in `view`'s coordinates adds items to
    /// `pointer`'s drag, from the nearest enabled drag interaction on `view`
    /// or above it. Its delegate is asked `itemsForAddingTo`; from then on it
    /// is told about the session like the lifted source.
    ///
    /// - Returns: The items added.
    /// - Throws: `.noActiveDrag`, or `.notLocalDrag` for drags from another
    ///   process.
    @discardableResult
    public func addItems(to pointer: PointerID, from view: ViewNode, at point: CGPoint)
        throws(DragDropError) -> [DragItem]
    {
        let drag = try requireLocalDrag(pointer)
        guard let session = drag.dragSession,
              let interaction = Self.nearestDragInteraction(from: view),
              let delegate = interaction.delegate
        else { return [] }
        let sourceView = interaction.view
        let touch = sourceView.map { view.convert(point, to: $0) } ?? point
        let items = delegate.dragInteraction(interaction, itemsForAddingTo: session, withTouchAt: touch)
        report(.source(Self.name(of: sourceView), .itemsForAdding(items.count)), drag.state, in: sourceView)
        guard !items.isEmpty else { return [] }
        drag.state.appendSourceItems(DragItemList(items))
        if !drag.sources.contains(where: { $0 === interaction }) {
            drag.sources.append(interaction)
        }
        return items
    }

    // MARK: - Previews

    /// The preview a toolkit should draw for `item` of `pointer`'s drag:
    /// asks the delegate of the interaction that provided the drag.
    public func liftPreview(for item: DragItem, of pointer: PointerID) -> DragPreview? {
        guard let drag = drag(for: pointer), let session = drag.dragSession,
              let interaction = drag.sources.first, let delegate = interaction.delegate
        else { return item.previewProvider?() }
        let preview = delegate.dragInteraction(interaction, previewForLifting: item, session: session)
        report(.source(Self.name(of: interaction.view), .previewForLifting(hasPreview: preview != nil)),
               drag.state, in: interaction.view)
        return preview
    }

    /// Where a cancelled drag's `item` goes: the source delegate's choice
    /// (``DragInteractionDelegate/dragInteraction(_:previewForCancelling:withDefault:)``),
    /// by default back to the lift spot in the source view. Ask before
    /// ``cancel(_:)``; nil when the drag has no such item or the delegate
    /// wants the preview to vanish.
    public func cancelPreview(for item: DragItem, of pointer: PointerID) -> TargetedDragPreview? {
        guard let drag = drag(for: pointer), drag.dragSession != nil,
              let interaction = drag.sources.first, let delegate = interaction.delegate, let view = interaction.view,
              drag.state.holdsSourceItem(item) else { return nil }
        let preview = item.previewProvider?() ?? DragPreview()
        let fallback = TargetedDragPreview(preview: preview, target: view, center: drag.liftLocation)
        let chosen = delegate.dragInteraction(interaction, previewForCancelling: item, withDefault: fallback)
        report(.source(Self.name(of: interaction.view), .previewForCancelling(hasPreview: chosen != nil)),
               drag.state, in: interaction.view)
        return chosen
    }

    /// Where a dropped `item` goes: the target delegate's choice
    /// (``DropInteractionDelegate/dropInteraction(_:previewForDropping:withDefault:)``),
    /// by default where the drag is now over the target. Ask before
    /// ``drop(_:)``; nil over no target or when the delegate wants the
    /// preview to vanish.
    public func dropPreview(for item: DragItem, of pointer: PointerID) -> TargetedDragPreview? {
        guard let drag = drag(for: pointer), let target = drag.target, let delegate = target.delegate,
              let view = target.view else { return nil }
        let preview = (item.sourceItem ?? item).previewProvider?() ?? DragPreview()
        let fallback = TargetedDragPreview(preview: preview, target: view, center: drag.dropSession.location(in: view))
        let chosen = delegate.dropInteraction(target, previewForDropping: item, withDefault: fallback)
        report(.destination(Self.name(of: target.view), .previewForDropping(hasPreview: chosen != nil)),
               drag.state, in: target.view)
        return chosen
    }

    // MARK: - Helpers

    private func checkIdle(_ pointer: PointerID) throws(DragDropError) {
        if let busy = drag(for: pointer) { throw .pointerBusy(pointer, busy.id) }
    }

    private func requireLocalDrag(_ pointer: PointerID) throws(DragDropError) -> ActiveDrag {
        let drag = try requireDrag(pointer, doing: "add items")
        guard drag.dragSession != nil else { throw .notLocal(drag.id) }
        return drag
    }

    static func nearestDragInteraction(from view: ViewNode) -> DragInteraction? {
        var node: ViewNode? = view
        while let current = node {
            if let found = current.dragInteractions.last(where: { $0.isEnabled && $0.delegate != nil }) {
                return found
            }
            node = current.parent
        }
        return nil
    }
}
