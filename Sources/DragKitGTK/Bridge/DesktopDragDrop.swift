import DragAndDrop
import Foundation
import ItemProviders
import UniformTypes

/// Connects DragKit's interactions to real GTK drags: one engine per process
/// fed by GTK's drag sources and drop targets, so the same delegates work
/// inside a window, between windows and between processes.
///
/// ```swift
/// let list = Label("Groceries")
/// list.addInteraction(DragInteraction(delegate: source))
/// basket.addInteraction(DropInteraction(delegate: destination))
/// ```
///
/// GTK hit-tests, so each widget with an interaction gets its own
/// `ViewNode` (``Widget/viewNode``) sized like the widget; locations
/// reported to delegates are in the widget's coordinates.
@MainActor
public final class DesktopDragDrop {
    /// The process-wide instance the `Widget.addInteraction` methods use.
    public static let shared = DesktopDragDrop()

    /// The engine every GTK event goes through.
    public let engine: DragDropEngine

    /// GTK has one pointer per seat; all desktop drags use this one.
    public let pointer = PointerID.primary

    /// Told each time a drag source produced bytes for a destination (only
    /// types that were read are ever produced).
    public var productionObserver: (@MainActor (ContentProductionEvent) -> Void)?

    /// Told when a drag from this process shows its preview, and again
    /// when its item count (the badge) changes.
    public var previewObserver: (@MainActor (DragPreviewReport) -> Void)?

    /// Told when a drag from this process has ended, dropped or cancelled,
    /// once its session ended and GTK let go of the drag (a cancelled
    /// drag's icon slides back first): the next drag can start.
    ///
    /// ```swift
    /// DesktopDragDrop.shared.dragEndObserver = { report in
    ///     print(report.operation, report.cancelReason.map { "\($0)" } ?? "dropped")
    /// }
    /// ```
    public var dragEndObserver: (@MainActor (DragEndReport) -> Void)?

    /// Told, for each GTK motion over a drop target, the proposal shown and
    /// how long the engine and delegates took to decide it.
    public var proposalObserver: (@MainActor (DropProposal?, Duration) -> Void)?

    /// Told as bytes of a drop from another process arrive: the MIME type
    /// being read and the bytes received so far. For a fraction, pass a
    /// `Progress` to the item provider's load instead: it counts the same
    /// bytes out of the total a DragKit source announces (other apps
    /// announce none, so their loads stay indeterminate until done).
    public var transferProgressObserver: (@MainActor (String, UInt64) -> Void)?

    /// How long a load from another process may receive nothing (no bytes,
    /// and no word from a DragKit source that it is still producing them)
    /// before it fails with `ItemProviderError/Code/transferStalled`.
    /// A DragKit source that is busy producing says so every second, so a
    /// slow but working source never hits this; a hung or stopped one does.
    ///
    /// It also bounds how long a drop here stays open for a destination's
    /// work that reads nothing: once the loads and Tasks its `performDrop`
    /// started have read nothing for this long, the drop is finished, and
    /// their later loads fail with ``GtkBackendError/Code/dropFinished``.
    public var transferStallTimeout: Duration = .seconds(30)

    /// The longest one load from another DragKit process may take in all,
    /// however steadily its source reports that it is still working or
    /// trickles bytes; past it the load fails with
    /// `ItemProviderError/Code/transferTimedOut`, so a source can never
    /// hold a drop open for ever. Ten minutes unless the environment
    /// variable `DRAGKIT_TRANSFER_DEADLINE_MS` sets another default (in
    /// milliseconds), for a desktop whose drags move very large files, or
    /// for tests.
    public var transferDeadline: Duration = DesktopDragDrop.defaultTransferDeadline

    static var defaultTransferDeadline: Duration {
        let configured = ProcessInfo.processInfo.environment["DRAGKIT_TRANSFER_DEADLINE_MS"].flatMap(Int.init)
        return configured.flatMap { $0 > 0 ? Duration.milliseconds($0) : nil } ?? .seconds(600)
    }

    /// For a drag of several items: the one item other (non-DragKit) apps
    /// get, such as all the dragged contacts as one vCard. Other DragKit
    /// processes get every item. Nil (or returning nil): other apps get the
    /// first item.
    ///
    /// ```swift
    /// DesktopDragDrop.shared.combinedItem = { items in
    ///     let cards = items.compactMap { $0.localObject as? Contact }
    ///     let provider = ItemProvider()
    ///     provider.registerDataRepresentation(for: .vCard) { VCardWriter.data(for: cards) }
    ///     return provider
    /// }
    /// ```
    public var combinedItem: (@MainActor ([DragItem]) -> ItemProvider?)?

    /// For a drag of several items: the one item other (non-DragKit) apps
    /// get, made from the drag session rather than its items, so a source
    /// that gave a `DragItemList` keeps its items unmade (the session's
    /// `localContext` can hold what the combined item needs). Asked at the
    /// lift; when set it serves drags instead of ``combinedItem``, which
    /// still serves clipboard copies. Nil (or returning nil): other apps get
    /// the first item.
    ///
    /// ```swift
    /// DesktopDragDrop.shared.combinedItemForSession = { session in
    ///     guard let cards = session.localContext as? [VCard] else { return nil }
    ///     let provider = ItemProvider()
    ///     provider.registerDataRepresentation(for: .vCard) { VCardWriter.data(for: cards) }
    ///     return provider
    /// }
    /// ```
    public var combinedItemForSession: (@MainActor (DragSession) -> ItemProvider?)?

    /// The combined item for a drag from this process: ``combinedItemForSession``'s,
    /// else ``combinedItem``'s made from every item.
    func combinedItem(for session: DragSession) -> ItemProvider? {
        if let combinedItemForSession { return combinedItemForSession(session) }
        return combinedItem?(session.items)
    }

    /// At most this many bytes per second leave this process over the
    /// direct channel to other DragKit processes (nil: as fast as the
    /// machine goes). For trying how destinations cope with a slow source.
    public nonisolated var outgoingByteRateLimit: Int? {
        get { ChannelServer.shared?.rateLimit.withLock { $0 } }
        set { ChannelServer.shared?.rateLimit.withLock { $0 = newValue } }
    }

    var sources: [ObjectIdentifier: SourceBinding] = [:]
    var targets: [ObjectIdentifier: TargetBinding] = [:]
    /// The GtkWidgets whose destruction detaches their bindings.
    private var watchedWidgets: Set<UnsafeMutableRawPointer> = []
    /// The drag over this process's drop targets (or being dropped on
    /// one), if any.
    var incoming: IncomingDrag?
    /// The local drag this process's GTK drag source started.
    var outgoingSession: DragSessionID?

    /// Creates a bridge with its own engine (tests and multi-engine apps);
    /// most apps use ``shared``.
    public init(engine: DragDropEngine = DragDropEngine()) {
        self.engine = engine
    }

    /// Makes `widget` a drag source driven by `interaction`.
    public func addInteraction(_ interaction: DragInteraction, to widget: Widget) {
        widget.viewNode.addInteraction(interaction)
        bindSource(widget, node: widget.viewNode)
    }

    /// Makes `widget` a drop target driven by `interaction`.
    public func addInteraction(_ interaction: DropInteraction, to widget: Widget) {
        widget.viewNode.addInteraction(interaction)
        bindTarget(widget, node: widget.viewNode)
    }

    /// Lets GTK drags on `widget` reach the interactions already on `node`
    /// (a view node a model object owns, such as a list's), with points in
    /// the widget's coordinates.
    @discardableResult
    package func bindSource(_ widget: Widget, node: ViewNode) -> SourceBinding {
        if let existing = sources[ObjectIdentifier(widget)] { return existing }
        let binding = SourceBinding(bridge: self, widget: widget, node: node)
        sources[ObjectIdentifier(widget)] = binding
        watchDestruction(of: widget)
        return binding
    }

    @discardableResult
    package func bindTarget(_ widget: Widget, node: ViewNode) -> TargetBinding {
        if let existing = targets[ObjectIdentifier(widget)] { return existing }
        let binding = TargetBinding(bridge: self, widget: widget, node: node)
        targets[ObjectIdentifier(widget)] = binding
        watchDestruction(of: widget)
        return binding
    }

    /// Detaches the widget's bindings when GTK destroys it, so DragKit
    /// holds nothing for a widget that is gone.
    private func watchDestruction(of widget: Widget) {
        let raw = widget.reference.raw
        guard watchedWidgets.insert(raw).inserted else { return }
        WidgetDestruction.onDestroy(raw) { [weak self] in self?.widgetDestroyed(raw) }
    }

    private func widgetDestroyed(_ raw: UnsafeMutableRawPointer) {
        watchedWidgets.remove(raw)
        for (key, binding) in sources where binding.widgetRaw == raw {
            sources[key] = nil
            binding.detach()
        }
        for (key, binding) in targets where binding.widgetRaw == raw {
            targets[key] = nil
            binding.detach()
        }
    }

    /// Whether a spring-loading check is scheduled on the main loop.
    private var springTickScheduled = false

    // MARK: - Shared state

    /// Spring-loaded interactions fire on time while the pointer rests:
    /// GTK sends no motion then, so the engine's clock is checked on a timer.
    func scheduleSpringLoadTick() {
        guard !springTickScheduled, let wait = engine.timeUntilNextSpringLoad else { return }
        springTickScheduled = true
        let milliseconds = max(0, wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000)
        MainLoop.after(milliseconds: UInt32(min(milliseconds, 60_000))) { [weak self] in
            guard let self else { return }
            springTickScheduled = false
            engine.tick()
            scheduleSpringLoadTick()
        }
    }

    /// The drag `drop` stands for: the one already over this process's
    /// targets, or a new one, which replaces it.
    func incomingDrag(for drop: Drop) -> IncomingDrag {
        if let incoming = incomingDrag(matching: drop) { return incoming }
        let drag = IncomingDrag(drop: drop, bridge: self)
        incoming = drag
        return drag
    }

    /// The drag `drop` stands for, when it is the one over this process's targets.
    func incomingDrag(matching drop: Drop) -> IncomingDrag? {
        guard let incoming, incoming.drop.isSame(as: drop) else { return nil }
        return incoming
    }

    /// Ends an engine drag GTK no longer knows about (a missed end signal),
    /// so a new drag can start on the pointer.
    func clearStaleDrag() {
        guard engine.activePointers.contains(pointer) else { return }
        try? engine.cancel(pointer)
        incoming?.leftEngine()
        outgoingSession = nil
    }

    /// Whether the engine's current drag is the one this process started.
    func isOutgoing(_ id: DragSessionID?) -> Bool {
        guard let id else { return false }
        return engine.dragSession(for: pointer)?.id == id
    }

    static func action(for proposal: DropProposal?, allowed: DragAction) -> DragAction {
        switch proposal?.operation {
        case .copy?: return allowed.contains(.copy) ? .copy : (allowed.contains(.move) ? .move : [])
        case .move?: return allowed.contains(.move) ? .move : []
        default: return []
        }
    }

    static func operation(for action: DragAction) -> DropOperation {
        if action.contains(.move) { return .move }
        if action.contains(.copy) || action.contains(.link) { return .copy }
        return .cancel
    }
}

extension Widget {
    /// Makes the widget a drag source: drags started on it ask
    /// `interaction`'s delegate for items, locally and across processes.
    public func addInteraction(_ interaction: DragInteraction) {
        DesktopDragDrop.shared.addInteraction(interaction, to: self)
    }

    /// Makes the widget a drop target handled by `interaction`'s delegate,
    /// for drags from this process and from others.
    public func addInteraction(_ interaction: DropInteraction) {
        DesktopDragDrop.shared.addInteraction(interaction, to: self)
    }
}
