import Foundation

extension DragDropEngine {
    /// `pointer` let go: ends its drag. Over a target whose last proposal
    /// was copy or move (a move only where allowed), the items are unsealed
    /// and the target performs the drop; otherwise the drag is cancelled.
    /// A drag of this process let go over nothing at all goes to
    /// ``dropOverNothingHandler``, which may end it as a copy.
    /// A target that refuses the drop in `performDrop`
    /// (``DropSession/refuseDrop()``) ends it as cancelled for the sources'
    /// `didEndWith`.
    ///
    /// Calls, in order: the sources' `willEndWith`; the target's
    /// `performDrop` and `concludeDrop` (or its `sessionDidExit` when there
    /// is no drop); the sources' `didEndWith`; `sessionDidEnd` on every
    /// target that accepted the drag; later, once the target's loads (and
    /// the Tasks its `performDrop` started) have ended, the sources'
    /// `sessionDidTransferItems`.
    ///
    /// - Returns: The operation the drag ended with.
    /// - Throws: `.noActiveDrag`.
    @discardableResult
    public func drop(_ pointer: PointerID) throws(DragDropError) -> DropOperation {
        let drag = try requireDrag(pointer, doing: "drop")
        if drag.target == nil, drag.isOverNothing, let session = drag.dragSession,
           let handler = dropOverNothingHandler {
            drag.dropSession.gate.open()
            return end(drag, operation: handler(session) ? .copy : .cancel)
        }
        return end(drag, operation: drag.operation)
    }

    /// Cancels `pointer`'s drag (Escape, or the toolkit gave up): ends it
    /// with `.cancel` and no drop.
    ///
    /// - Throws: `.noActiveDrag`.
    public func cancel(_ pointer: PointerID) throws(DragDropError) {
        let drag = try requireDrag(pointer, doing: "cancel")
        end(drag, operation: .cancel)
    }

    /// `pointer`'s drag ended in another process, which handled it with
    /// `operation` (a toolkit learns this from the system). No target here
    /// performs a drop; the sources are told the outcome, under the same
    /// rules as a drop here: a move the session does not allow, and
    /// `.forbidden`, end the drag as `.cancel`, so a source that refused
    /// moves is never told to remove its items.
    ///
    /// - Throws: `.noActiveDrag`.
    public func endOutside(_ pointer: PointerID, with operation: DropOperation) throws(DragDropError) {
        let drag = try requireDrag(pointer, doing: "end a drag")
        if let target = drag.target { exit(drag, from: target) }
        let allowed = drag.dropSession.allowedOperation(operation)
        end(drag, operation: allowed.performsDrop ? allowed : .cancel)
    }

    @discardableResult
    func end(_ drag: ActiveDrag, operation: DropOperation) -> DropOperation {
        guard !drag.isEnding else { return operation }
        drag.isEnding = true
        let sources = drag.dragSession.map { session in drag.sources.compactMap { source in
            source.delegate.map { (source, $0, session) }
        } } ?? []
        for (source, delegate, session) in sources {
            delegate.dragInteraction(source, session: session, willEndWith: operation)
            report(.source(Self.name(of: source.view), .willEnd(operation)), drag.state, in: source.view)
        }
        var dropped = false
        if let target = drag.target {
            if operation.performsDrop {
                drag.target = nil
                target.activeSessionCount -= 1
                drag.dropSession.gate.open()
                dropped = true
                if let delegate = target.delegate {
                    // Tasks started here are the drop's work: the session
                    // counts them until they end (DropSession.waitForLoads).
                    drag.dropSession.performingDrop {
                        delegate.dropInteraction(target, performDrop: drag.dropSession)
                    }
                    report(.destination(Self.name(of: target.view), .performDrop), drag.state, in: target.view)
                    delegate.dropInteraction(target, concludeDrop: drag.dropSession)
                    report(.destination(Self.name(of: target.view), .concludeDrop), drag.state, in: target.view)
                }
            } else {
                exit(drag, from: target)
            }
        }
        // A destination that refused in performDrop changed nothing: the
        // sources learn the drag was cancelled (no move source deletes).
        let outcome = dropped && drag.dropSession.isDropRefused ? DropOperation.cancel : operation
        for (source, delegate, session) in sources {
            delegate.dragInteraction(source, session: session, didEndWith: outcome)
            report(.source(Self.name(of: source.view), .didEnd(outcome)), drag.state, in: source.view)
        }
        for interaction in drag.accepted {
            guard let delegate = interaction.delegate else { continue }
            delegate.dropInteraction(interaction, sessionDidEnd: drag.dropSession)
            report(.destination(Self.name(of: interaction.view), .didEnd), drag.state, in: interaction.view)
        }
        drag.state.hasEnded = true
        drags.removeAll { $0 === drag }
        if outcome.performsDrop && dropped {
            awaitTransfer(of: drag.dropSession, sources: sources.map { ($0.0, $0.2) })
        }
        return outcome
    }

    /// Waits for the drop's loads, then tells the sources the items were
    /// transferred. Holds the sessions only until then.
    private func awaitTransfer(of session: DropSession, sources: [(DragInteraction, DragSession)]) {
        let id = session.id
        transfers[id] = Task { @MainActor [weak self] in
            await session.waitForLoads()
            for (source, dragSession) in sources {
                guard let delegate = source.delegate else { continue }
                delegate.dragInteraction(source, sessionDidTransferItems: dragSession)
                self?.report(.source(Self.name(of: source.view), .didTransferItems), session.state, in: source.view)
            }
            self?.transfers[id] = nil
        }
    }
}
