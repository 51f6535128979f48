import Foundation

extension DragDropEngine {
    /// `pointer`'s drag moved to `point` in `root`'s coordinates: hit-tests
    /// the tree and updates the drop target under it.
    ///
    /// - Returns: What a drop there would do (nil: over no target).
    /// - Throws: `.noActiveDrag`, or `.noRootView` without a root.
    @discardableResult
    public func move(_ pointer: PointerID, to point: CGPoint) throws(DragDropError) -> DropProposal? {
        guard let root else { throw .noRoot(doing: "move a drag") }
        let drag = try requireDrag(pointer, doing: "move")
        drag.state.screenLocation = root.convert(point, to: nil)
        return update(drag, over: root.hitTest(point))
    }

    /// `pointer`'s drag moved to `point` in `view`'s coordinates, for
    /// toolkits that hit-test themselves. The target is the nearest drop
    /// interaction on `view` or above it that accepts the drag; nil `view`
    /// means the drag is over nothing of this process (`point` is then in
    /// screen coordinates).
    ///
    /// - Returns: What a drop there would do (nil: over no target).
    /// - Throws: `.noActiveDrag`.
    @discardableResult
    public func move(_ pointer: PointerID, to point: CGPoint, in view: ViewNode?)
        throws(DragDropError) -> DropProposal?
    {
        let drag = try requireDrag(pointer, doing: "move")
        drag.state.screenLocation = view?.convert(point, to: nil) ?? point
        return update(drag, over: view)
    }

    /// Re-checks every drag's spring-loading timer against the clock. A
    /// toolkit calls it when ``timeUntilNextSpringLoad`` has passed; scripted
    /// drags call it after advancing their manual clock.
    public func tick() {
        for drag in drags {
            checkSpringLoading(drag)
        }
    }

    /// How long until a hovering drag's spring-loaded interaction is due,
    /// or nil when none is waiting. Zero or less: call ``tick()`` now.
    public var timeUntilNextSpringLoad: Duration? {
        let now = self.now
        return drags.compactMap { drag -> Duration? in
            guard let spring = drag.spring, !drag.springDone else { return nil }
            return drag.springSince + spring.delay - now
        }.min()
    }

    // MARK: - Targeting

    /// Finds the target under `hit`, tells the old and new targets, asks the
    /// target for its proposal and tells the sources about the move.
    func update(_ drag: ActiveDrag, over hit: ViewNode?) -> DropProposal? {
        drag.isOverNothing = hit == nil
        let newTarget = findTarget(for: drag, from: hit)
        if newTarget !== drag.target {
            if let old = drag.target {
                exit(drag, from: old)
            }
            if let new = newTarget {
                drag.target = new
                new.activeSessionCount += 1
                drag.noteAccepted(new)
                if let delegate = new.delegate {
                    delegate.dropInteraction(new, sessionDidEnter: drag.dropSession)
                    report(.destination(Self.name(of: new.view), .didEnter), drag.state, in: new.view)
                }
            }
        }
        if let target = drag.target, let delegate = target.delegate {
            let proposal = delegate.dropInteraction(target, sessionDidUpdate: drag.dropSession)
            drag.proposal = proposal
            report(.destination(Self.name(of: target.view), .didUpdate(proposal)), drag.state, in: target.view)
        }
        // A delegate may have ended the drag from inside its call.
        guard !drag.state.hasEnded else { return nil }
        updateSpringLoading(drag, over: hit)
        if let session = drag.dragSession {
            for source in drag.sources {
                guard let delegate = source.delegate else { continue }
                delegate.dragInteraction(source, sessionDidMove: session)
                report(.source(Self.name(of: source.view), .didMove), drag.state, in: source.view)
            }
        }
        return drag.effectiveProposal
    }

    /// The nearest drop interaction at or above `hit` that is the current
    /// target or accepts the drag in `canHandle` (asked once per entry).
    private func findTarget(for drag: ActiveDrag, from hit: ViewNode?) -> DropInteraction? {
        var found: DropInteraction?
        var node = hit
        search: while let current = node {
            for interaction in current.dropInteractions.reversed() {
                // A target whose delegate went away is left like any other.
                guard let delegate = interaction.delegate else { continue }
                if interaction === drag.target { found = interaction; break search }
                let id = ObjectIdentifier(interaction)
                if drag.refused.contains(id) { continue }
                if !interaction.allowsSimultaneousDropSessions && interaction.activeSessionCount > 0 { continue }
                let accepts = delegate.dropInteraction(interaction, canHandle: drag.dropSession)
                report(.destination(Self.name(of: current), .canHandle(accepts)), drag.state, in: current)
                if accepts { found = interaction; break search }
                drag.refused.append(id)
            }
            node = current.parent
        }
        if !drag.refused.isEmpty {
            // Forget refusals of interactions the drag has left, so that
            // coming back asks again.
            var under: [ObjectIdentifier] = []
            var node = hit
            while let current = node {
                for interaction in current.dropInteractions { under.append(ObjectIdentifier(interaction)) }
                node = current.parent
            }
            drag.refused.removeAll { !under.contains($0) }
        }
        return found
    }

    func exit(_ drag: ActiveDrag, from target: DropInteraction) {
        drag.target = nil
        drag.proposal = nil
        target.activeSessionCount -= 1
        if let delegate = target.delegate {
            delegate.dropInteraction(target, sessionDidExit: drag.dropSession)
            report(.destination(Self.name(of: target.view), .didExit), drag.state, in: target.view)
        }
    }

    // MARK: - Spring loading

    private func updateSpringLoading(_ drag: ActiveDrag, over hit: ViewNode?) {
        var spring: SpringLoadedInteraction?
        var node = hit
        search: while let current = node {
            for interaction in current.springLoadedInteractions.reversed() where interaction.isEnabled {
                spring = interaction
                break search
            }
            node = current.parent
        }
        if spring !== drag.spring {
            drag.spring = spring
            drag.springSince = now
            drag.springDone = false
        }
        checkSpringLoading(drag)
    }

    private func checkSpringLoading(_ drag: ActiveDrag) {
        guard let spring = drag.spring, !drag.springDone, spring.isEnabled,
              now - drag.springSince >= spring.delay
        else { return }
        drag.springDone = true
        let context = SpringLoadedContext(session: drag.dropSession, targetView: spring.view)
        if let shouldActivate = spring.shouldActivate {
            let allowed = shouldActivate(spring, context)
            report(.springLoaded(Self.name(of: spring.view), .shouldActivate(allowed)), drag.state, in: spring.view)
            guard allowed else { return }
        }
        spring.handler(spring, context)
        report(.springLoaded(Self.name(of: spring.view), .activated), drag.state, in: spring.view)
    }
}
