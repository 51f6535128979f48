import Foundation

/// A toolkit-free list: sections of rows from a ``ListDataSource``, laid out
/// by a ``ListLayout``, with UIKit's table and collection view drag and drop
/// (``ListDragDelegate``, ``ListDropDelegate``, ``ListDropCoordinator``,
/// placeholders).
///
/// The list is the model a toolkit renders: it knows how many rows each
/// section presents (data source items plus drop placeholders), where they
/// are, what changed (``onEvent``), and what to draw while a drag hovers
/// (``dropHover``). Its ``node`` is the view node that carries the list's
/// drag and drop interactions; put it in the view tree where the list is.
///
/// ```swift
/// let caches = ListItems(["Bridge", "Oak"])
/// let list = ListView(name: "in-progress", frame: CGRect(x: 0, y: 0, width: 320, height: 480),
///                     dataSource: caches, layout: ListRowLayout(width: 320) { _ in 44 })
/// list.dragDelegate = lane
/// list.dropDelegate = lane
/// window.addChild(list.node)
/// ```
@MainActor
public final class ListView {
    /// The view node standing for the list in the view tree. Its bounds are
    /// the layout's coordinate space: scroll by changing `bounds.origin`.
    public let node: ViewNode

    /// Where the counts come from. Held weakly, as in UIKit: the app keeps
    /// its model alive. Setting it reloads the list.
    public weak var dataSource: (any ListDataSource)? {
        didSet { reloadData() }
    }

    /// The geometry of the rows. Setting it lays everything out again.
    public var layout: any ListLayout {
        didSet { layout.prepare(rows) }
    }

    /// Supplies drag items for rows the user lifts. Held weakly.
    public weak var dragDelegate: (any ListDragDelegate)?

    /// Decides what drops onto the list do. Held weakly.
    public weak var dropDelegate: (any ListDropDelegate)?

    /// Called after every change a toolkit needs to show: rows changed,
    /// the drop hover moved, a placeholder's cell needs filling in, a drop
    /// animation should run.
    public var onEvent: (@MainActor (ListViewEvent) -> Void)?

    /// What the list shows under a hovering drag right now, or nil.
    public internal(set) var dropHover: ListDropHover? {
        didSet { if dropHover != oldValue { onEvent?(.dropHoverChanged(dropHover)) } }
    }

    /// The interaction that makes rows draggable; disable it to stop drags.
    public let dragInteraction: DragInteraction

    /// The interaction that takes drops for the list's drop delegate.
    public let dropInteraction: DropInteraction

    var state = ListState()
    /// The drag and drop delegate the SwiftUI-style list modifiers
    /// (``onInsert(of:perform:)``, ``onMove(perform:)``) made; held here
    /// because the list holds its delegates weakly.
    var modifierController: ListModifierController?
    var placeholders: [Int: DropPlaceholder] = [:]
    var nextPlaceholderID = 0
    let dragDrop = ListDragDropState()
    /// Whether a person may select several rows (Ctrl- and Shift-click,
    /// Ctrl+A in toolkits). Off: at most one row is selected.
    public var allowsMultipleSelection = false {
        didSet {
            if !allowsMultipleSelection, selection.indexPaths.count > 1, let keep = selection.focus ?? selection.sorted.first {
                select(keep)
            }
        }
    }
    /// Whether lifting a selected row drags every selected row (SwiftUI's
    /// multi-selection drag; the list asks its drag delegate for the other
    /// rows through `itemsForAddingTo`). On by default.
    public var dragsSelection = true
    /// The selected rows and the keyboard focus (see ``ListSelection``).
    public internal(set) var selection = ListSelection()
    /// What the selected items are called, when the data source names them.
    var selectedIdentifiers: SelectedIdentifiers?
    /// The batch ``performBatchUpdates(_:)`` is gathering, while its block runs.
    private var openBatch: ListUpdateBatch?

    /// A list showing `dataSource` through `layout`, with a view node of
    /// `frame` named `name`.
    public init(
        name: String? = nil, frame: CGRect = .zero, dataSource: any ListDataSource, layout: any ListLayout
    ) {
        node = ViewNode(name: name, frame: frame)
        self.dataSource = dataSource
        self.layout = layout
        dragInteraction = DragInteraction(delegate: dragDrop.dragAdapter)
        dropInteraction = DropInteraction(delegate: dragDrop.dropAdapter)
        state = ListState(itemCounts: Self.counts(of: dataSource))
        layout.prepare(rows)
        dragDrop.dragAdapter.list = self
        dragDrop.dropAdapter.list = self
        node.addInteraction(dragInteraction)
        node.addInteraction(dropInteraction)
    }

    // MARK: - Rows

    /// The list as a layout or toolkit reads it.
    public var rows: ListRows {
        ListRows(state: state, placeholders: placeholders)
    }

    /// The number of sections.
    public var numberOfSections: Int { state.numberOfSections }

    /// The number of rows a section presents: its items plus any drop
    /// placeholders in it.
    public func numberOfItems(inSection section: Int) -> Int {
        state.presentedCount(inSection: section)
    }

    /// What the presented row at `indexPath` shows, or nil if there is none.
    public func row(at indexPath: IndexPath) -> ListRow? {
        rows.row(at: indexPath)
    }

    /// Where the data source's item at `indexPath` is presented (the same
    /// index path unless placeholders sit above it in its section).
    public func presentedIndexPath(forItemAt indexPath: IndexPath) -> IndexPath {
        state.presentedIndexPath(forItemAt: indexPath)
    }

    /// The presented row under `point` (in ``node``'s bounds), or nil over
    /// empty space.
    ///
    /// - Complexity: what the layout's lookup costs: O(log n) for
    ///   ``ListRowLayout``, O(1) for ``ListGridLayout``.
    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        layout.indexPathForItem(at: point)
    }

    /// The frame of the presented row at `indexPath`, in ``node``'s bounds.
    public func frameForItem(at indexPath: IndexPath) -> CGRect? {
        layout.frameForItem(at: indexPath)
    }

    /// Whether the list shows placeholders that have not been committed or
    /// deleted yet (UIKit's `hasUncommittedUpdates`).
    public var hasUncommittedUpdates: Bool { !placeholders.isEmpty }

    // MARK: - Updating

    /// Re-reads every count from the data source and lays everything out
    /// again. As in UIKit, placeholders still showing are discarded: their
    /// contexts can no longer commit.
    public func reloadData() {
        state.reload(itemCounts: dataSource.map(Self.counts(of:)) ?? [])
        placeholders = [:]
        layout.prepare(rows)
        onEvent?(.rowsChanged(.reload))
        restoreSelectionAfterReload()
    }

    /// Runs `updates`, in which the app changes its data source and records
    /// what it changed, then checks the data source's new counts against
    /// the record and applies it.
    ///
    /// Index paths are data source index paths (see ``ListUpdateBatch``).
    /// Placeholders move along with the rows around them.
    ///
    /// ```swift
    /// try list.performBatchUpdates { batch in
    ///     caches.moveItem(at: source, to: destination)
    ///     batch.moveItem(at: source, to: destination)
    /// }
    /// ```
    ///
    /// - Throws: ``ListUpdateError`` when the record and the counts disagree.
    ///   Nothing of the batch is applied; the list re-reads the counts so it
    ///   matches the data source again, keeping its placeholders.
    /// - Complexity: O(u·p) for u recorded changes and p placeholders, plus
    ///   the layout's update (for a reorder in ``ListRowLayout``: the number
    ///   of rows between the two places).
    public func performBatchUpdates(_ updates: (inout ListUpdateBatch) -> Void) throws(ListUpdateError) {
        try performBatchUpdates { () throws(ListUpdateError) in
            // Recorded apart and added after: the list's own calls inside
            // `updates` write to the open batch meanwhile.
            var recorded = ListUpdateBatch()
            updates(&recorded)
            openBatch?.add(recorded)
        }
    }

    /// Runs `updates`, in which the app changes its data source and tells
    /// the list with ``insertItems(at:)``, ``deleteItems(at:)``,
    /// ``moveItem(at:to:)`` and ``reloadItems(at:)``, UIKit's way: those
    /// calls are gathered into one group, and the group is checked against
    /// the data source's counts once, after `updates` returns.
    ///
    /// So a move written as a deletion and an insertion, with the data
    /// source changed once, is one valid change:
    ///
    /// ```swift
    /// try list.performBatchUpdates {
    ///     caches.moveItem(at: source, to: destination)
    ///     try list.deleteItems(at: [source])
    ///     try list.insertItems(at: [destination])
    /// }
    /// ```
    ///
    /// A batch begun inside another joins it: everything is checked at the
    /// end of the outermost one.
    ///
    /// - Throws: ``ListUpdateError`` when the gathered changes and the
    ///   counts disagree; nothing of the group is applied and the list
    ///   re-reads the counts, as with the other form. Calls inside
    ///   `updates` never throw: they only record.
    public func performBatchUpdates(_ updates: () throws(ListUpdateError) -> Void) throws(ListUpdateError) {
        if openBatch != nil {
            try updates()
            return
        }
        openBatch = ListUpdateBatch()
        defer { openBatch = nil }
        try updates()
        let batch = openBatch ?? ListUpdateBatch()
        openBatch = nil
        try apply(batch)
    }

    /// Tells the list the data source now holds items at these index paths
    /// (recorded into the open batch inside a batch-updates block).
    public func insertItems(at indexPaths: [IndexPath]) throws(ListUpdateError) {
        try record { $0.insertItems(at: indexPaths) }
    }

    /// Tells the list the data source no longer holds these items.
    public func deleteItems(at indexPaths: [IndexPath]) throws(ListUpdateError) {
        try record { $0.deleteItems(at: indexPaths) }
    }

    /// Tells the list the data source moved an item.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) throws(ListUpdateError) {
        try record { $0.moveItem(at: indexPath, to: newIndexPath) }
    }

    /// Tells the list these items changed in place.
    public func reloadItems(at indexPaths: [IndexPath]) throws(ListUpdateError) {
        try record { $0.reloadItems(at: indexPaths) }
    }

    /// Adds a change to the open batch, or applies it on its own when no
    /// batch is open.
    private func record(_ change: (inout ListUpdateBatch) -> Void) throws(ListUpdateError) {
        try performBatchUpdates { () throws(ListUpdateError) in
            var recorded = ListUpdateBatch()
            change(&recorded)
            openBatch?.add(recorded)
        }
    }

    /// Applies a checked batch, with placeholders added and removed.
    func apply(
        _ batch: ListUpdateBatch, addingPlaceholders added: [ListState.Slot] = [],
        removingPlaceholders removed: Set<Int> = []
    ) throws(ListUpdateError) {
        let newCounts = dataSource.map(Self.counts(of:)) ?? []
        let change: ListChange
        do {
            change = try state.apply(
                batch, newCounts: newCounts, addingPlaceholders: added, removingPlaceholders: removed)
        } catch {
            state.resynchronize(itemCounts: newCounts)
            layout.prepare(rows)
            onEvent?(.rowsChanged(.reload))
            clampSelection()
            throw error
        }
        dragDrop.shiftSources(by: batch)
        layout.apply(change, to: rows)
        onEvent?(.rowsChanged(change))
        shiftSelection(by: batch)
    }

    private static func counts(of dataSource: any ListDataSource) -> [Int] {
        (0..<dataSource.numberOfSections).map { dataSource.numberOfItems(inSection: $0) }
    }
}
