import Foundation
import ItemProviders
import UniformTypes

/// The destination side of a running drag, as drop targets see it
/// (`UIDropSession`).
///
/// While the drag hovers, a target can ask about the items' types
/// (`hasItemsConforming(to:)`, `canLoadObjects(ofClass:)`) but not read
/// their data: the items' providers are sealed, and any load fails with
/// ``DropSessionError/Code-swift.struct/sealed`` (or the provider's
/// `ItemProviderError` with code `.sealed`) until the engine unseals them
/// right before `performDrop`.
///
/// A drag that started in another process has no ``localDragSession``, no
/// local objects, never allows moves, and its providers show only the
/// representations visible to other processes.
///
/// The session counts the destination's work on the drop (see
/// ``waitForLoads()``): every load made through its items' providers, and
/// the Tasks `performDrop` starts, until they end. A toolkit keeps its drop
/// open, and the sources' `sessionDidTransferItems` waits, until that work
/// is done, so a destination can load the way UIKit's do:
///
/// ```swift
/// func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
///     let provider = session.items[0].itemProvider
///     Task { notes.append(try await provider.loadObject(ofClass: String.self)) }
/// }
/// ```
@MainActor
public final class DropSession: DragDropSession {
    let state: SessionState
    let gate: LoadGate
    /// How the source's providers are viewed here.
    let audience: ProviderAudience
    /// For drags from another process: the items as given, already sealed.
    private var externalItems: [DragItem]
    /// Destination-side copies of the source's items, made as they are read.
    private var mirroredItems: [DragItem?] = []

    /// The source side, when the drag started in this process; nil for drags
    /// from other processes.
    public let localDragSession: DragSession?

    /// The progress of all loads started through this session (one unit per
    /// item loaded).
    public let progress = Progress(totalUnitCount: 0)

    /// Counts the destination's work on the drop: loads through the items'
    /// providers, ``trackingLoad(_:)``, `loadObjects`, and the Tasks that
    /// `performDrop` started.
    let loads = LoadTracker()

    init(local dragSession: DragSession, gate: LoadGate) {
        self.state = dragSession.state
        self.gate = gate
        self.audience = .ownProcess
        self.externalItems = []
        self.localDragSession = dragSession
    }

    init(external state: SessionState, providers: [ItemProvider], audience: ProviderAudience, gate: LoadGate) {
        self.state = state
        self.gate = gate
        self.audience = audience
        self.externalItems = []
        self.localDragSession = nil
        externalItems = providers.map { provider in
            DragItem(destinationSideOf: nil, provider: provider.view(for: audience).sealed(by: gate).tracked(by: loads))
        }
    }

    /// Which drag this is.
    public var id: DragSessionID { state.id }

    /// The pointer or touch driving the drag.
    public var pointer: PointerID { state.pointer }

    /// The dragged items, with sealed providers. For a drag in this process,
    /// `items[i]` stands for `localDragSession.items[i]`.
    ///
    /// Reading this makes every item (and the source's, where it gave them
    /// as a ``DragItemList``); ``itemCount`` and ``item(at:)`` make only
    /// those asked for.
    public var items: [DragItem] {
        guard localDragSession != nil else { return externalItems }
        return (0..<state.sourceItemCount).map(item(at:))
    }

    /// How many items the drag holds, without making any.
    public var itemCount: Int {
        localDragSession == nil ? externalItems.count : state.sourceItemCount
    }

    /// The item at `index` of ``items``, made now if it was not yet.
    /// - Precondition: `0 <= index < itemCount`.
    public func item(at index: Int) -> DragItem {
        guard localDragSession != nil else { return externalItems[index] }
        if mirroredItems.count < state.sourceItemCount {
            mirroredItems += Array(repeating: nil, count: state.sourceItemCount - mirroredItems.count)
        }
        if let item = mirroredItems[index] { return item }
        let original = state.sourceItem(at: index)
        let provider = original.itemProvider.view(for: audience).sealed(by: gate).tracked(by: loads)
        let item = DragItem(destinationSideOf: original, provider: provider)
        mirroredItems[index] = item
        return item
    }

    /// Whether any item has a representation conforming to one of `types`.
    /// Only asks about types, so it works while the data is sealed. A drag
    /// in this process asks the source's items (this process sees all
    /// their types) rather than make this session's copy of every item, as
    /// ``items`` does, and makes source items in order only until one
    /// conforms: hovering a drag of 50,000 items copies none.
    public func hasItemsConforming(to types: [UTType]) -> Bool {
        let conforms = { (item: DragItem) in types.contains { item.itemProvider.hasItemConforming(to: $0) } }
        return localDragSession == nil ? externalItems.contains(where: conforms) : state.sourceItemsContain(where: conforms)
    }

    /// Whether any item has a representation conforming to `type`.
    public func hasItemsConforming(to type: UTType) -> Bool {
        hasItemsConforming(to: [type])
    }

    /// Whether a move may be performed: only for drags in this process whose
    /// source allows it.
    public var allowsMoveOperation: Bool {
        localDragSession?.allowsMoveOperation ?? false
    }

    /// Whether the source keeps the items in its application.
    public var isRestrictedToDraggingApplication: Bool {
        localDragSession?.isRestrictedToDraggingApplication ?? false
    }

    /// Whether the items' data can be loaded: false until the drop.
    public var isUnsealed: Bool { gate.isOpen }

    /// Whether the drag has ended.
    public var hasEnded: Bool { state.hasEnded }

    /// Whether the destination refused the drop after all
    /// (``refuseDrop()``).
    public private(set) var isDropRefused = false

    /// Refuses the drop from inside `performDrop` (or while its loads are
    /// still running): the destination changes nothing. Called during
    /// `performDrop`, the sources are told the drag ended as `.cancel`; a
    /// toolkit that finishes the drop after the loads (GTK) reports no
    /// action to the source process. SwiftUI-style handlers returning false
    /// refuse this way.
    public func refuseDrop() {
        isDropRefused = true
    }

    /// The drag's current location in `view`'s coordinate space (screen
    /// space when nil).
    public func location(in view: ViewNode?) -> CGPoint {
        state.location(in: view)
    }

    /// `operation` as a drop would carry it out. UIKit's rule: a move the
    /// session does not allow (the source said no, or the drag came from
    /// another process) counts as a cancel. The engine and lists both use it,
    /// so what a list shows always matches what a drop does.
    func allowedOperation(_ operation: DropOperation) -> DropOperation {
        operation == .move && !allowsMoveOperation ? .cancel : operation
    }

    // MARK: - Load tracking

    /// Counts `work` as a load of this session while it runs, so that
    /// ``waitForLoads()``, the source's `sessionDidTransferItems` and
    /// scripted drags wait for it. Loads through the items' providers and
    /// Tasks started in `performDrop` are counted without it; wrap work that
    /// must finish before the drop does, such as decoding and storing what
    /// was loaded from a Task started later.
    ///
    /// ```swift
    /// let contact = try await session.trackingLoad {
    ///     try await item.itemProvider.loadObject(ofClass: Contact.self)
    /// }
    /// ```
    public func trackingLoad<R>(_ work: () async throws -> R) async rethrows -> R {
        try await loads.track(work)
    }

    /// Returns once the destination's work on the drop is done: every load
    /// made through the items' providers, through ``loadObjects(ofClass:)``
    /// or inside ``trackingLoad(_:)``, and every Task that `performDrop`
    /// started (with the Tasks those start in turn), however long they wait
    /// before loading. `Task.detached` carries nothing over; its loads are
    /// counted once they have started.
    ///
    /// Called from that work itself (a Task `performDrop` started, or inside
    /// ``trackingLoad(_:)``), it does not wait for the work it is part of,
    /// which would never end. It returns early if the calling task is
    /// cancelled.
    public func waitForLoads() async {
        // A detached Task that performDrop started is counted only from its
        // first load: give it a few turns to get there.
        for _ in 0..<3 where loads.pendingCount == 0 {
            await Task.yield()
        }
        await loads.waitUntilIdle()
    }

    /// Runs `performDrop`, so that the Tasks it starts count as the drop's
    /// work until they end.
    func performingDrop(_ body: () -> Void) {
        loads.trackingTasks(body)
    }

    func beginLoad(units: Int64) {
        loads.begin()
        progress.totalUnitCount += units
    }

    func endLoad(units: Int64) {
        progress.completedUnitCount += units
        loads.end()
    }
}
