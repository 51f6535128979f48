import AppSupport
import DragAndDrop
import Foundation
import ItemProviders
import UniformTypes
import VCard

/// The contacts table and its drag and drop, toolkit-free
/// (`UITableViewDragDelegate` + `UITableViewDropDelegate`).
///
/// - Dragging a row offers the contact as a vCard, then as plain text; a
///   drag that starts on a selected row takes every selected contact, and
///   touches on more rows add theirs to the running drag. For apps that
///   read one item only, ``ContactItemProvider/combined(for:)`` makes all
///   the dragged cards one vCard and their names one text.
/// - Dropping vCard data or `.vcf` files inserts every card at the drop row
///   (or at the end over empty space), in the items' order, each item
///   through a "Loading…" placeholder until its cards are read (a drop of
///   more than 100 items through one). Cards that
///   cannot be read are reported in ``problems``; the others are added, a
///   step at a time off the main actor, with progress in ``runningImport``.
/// - With ``acceptsOneItemAtATime`` on, a drag of several items is refused.
/// - The table's own rows dropped back onto it are not taken again.
@MainActor
public final class ContactsTable: ListDragDelegate, ListDropDelegate {
    /// The name of the table's view node.
    public nonisolated static let name = "contacts"
    /// The reuse identifier of placeholder rows.
    public nonisolated static let placeholderIdentifier = "ContactRow"

    public let rows: ContactRows
    public let list: ListView
    let store: ContactStore
    /// The selected contacts, by id: it stays on them whatever moves.
    public var selection = ContactSelection() {
        didSet { if selection != oldValue { onSelectionChanged?() } }
    }
    /// Told after the selection changed (a click, a delete, an undo) or the
    /// current contact was changed, so the detail view shows it again.
    public var onSelectionChanged: (@MainActor () -> Void)?
    /// The rows of the selected contacts (data source items); a drag from
    /// one of them takes them all. Setting it selects the contacts there.
    public var selectedRows: Set<Int> {
        get { Set(selection.rows(in: order)) }
        set {
            var next = ContactSelection()
            next.select(all: newValue.sorted().compactMap { $0 < rows.contacts.count ? rows.contacts[$0].id : nil })
            selection = next
        }
    }
    /// Every change to the contacts (imports, drops, edits, deletes) as one
    /// undo step each.
    public let undo = UndoStack()
    /// Whether a drop may carry one item only (seed rule; off by default).
    public var acceptsOneItemAtATime: Bool
    /// Problems with drops, newest last, for the window to show.
    public private(set) var problems: [ContactsProblem] = []
    /// Told about every new problem.
    public var onProblem: (@MainActor (ContactsProblem) -> Void)?
    /// Told after contacts were added or changed.
    public var onContactsChanged: (@MainActor () -> Void)?
    /// Imported cards whose UID was already in the table: not added again,
    /// offered as updates of the contacts they match (``applyUpdates()``).
    public internal(set) var offeredUpdates: [ContactUpdate] = []
    private var imports: [Task<Void, Never>] = []
    /// The newest import or drop still going into the store, if any.
    public private(set) var runningImport: ContactsImport?
    /// Told when an import or drop starts, after each of its steps, and with
    /// nil when the last one ended.
    public var onImportProgress: (@MainActor (ContactsImport?) -> Void)?

    public init(store: ContactStore, frame: CGRect, rowHeight: CGFloat = 44) throws {
        self.store = store
        rows = ContactRows(try store.contacts())
        acceptsOneItemAtATime = store.acceptsOneItemAtATime
        list = ListView(
            name: Self.name, frame: frame, dataSource: rows,
            layout: ListRowLayout(width: frame.width, rowHeight: rowHeight))
        list.dragDelegate = self
        list.dropDelegate = self
    }

    public var contacts: [Contact] { rows.contacts }

    /// The contacts' ids in table order.
    public var order: [Int64] { rows.contacts.compactMap(\.id) }

    /// The contact shown in the detail view: the selection's current one.
    public var currentContact: Contact? {
        selection.current.flatMap { id in rows.contacts.first { $0.id == id } }
    }

    /// The selected contacts in table order.
    public var selectedContacts: [Contact] {
        let selected = rows.contacts.filter { $0.id.map(selection.ids.contains) ?? false }
        ContactTexts.read(selected)
        return selected
    }

    /// Reads the text of every contact not read yet, off the main actor, in
    /// one go: the table opens reading only the rows its first frame shows,
    /// and this brings in the rest afterwards, so a later drag, search or
    /// sort of them all finds their texts in memory.
    @discardableResult
    public func readAllTexts() -> Task<Void, Never> {
        let all = rows.all
        return Task.detached(priority: .utility) { ContactTexts.read(all) }
    }

    /// Waits until every drop's cards are in the table.
    public func finishImports() async {
        while !imports.isEmpty {
            await imports.removeFirst().value
        }
    }

    /// Records `problem` and tells the window.
    func report(_ problem: ContactsProblem) {
        problems.append(problem)
        onProblem?(problem)
    }

    /// Puts `contact` (same id) in place of the shown one and refreshes its
    /// row, without saving or an undo step (the caller did both).
    public func replace(_ contact: Contact) {
        guard let index = rows.replace(contact) else { return }
        try? list.reloadItems(at: [IndexPath(item: index, section: 0)])
        if contact.id != nil, contact.id == selection.current { onSelectionChanged?() }
        onContactsChanged?()
    }

    /// Appends the cards of the `.vcf` files at `urls` (the keyboard path
    /// for a drop: File > Import), reporting every file that could not be
    /// read. The files are read and the cards saved off the main actor, a
    /// step at a time, with progress in ``runningImport``; all the files
    /// are one undo step, also when the import is cancelled part way.
    public func importFiles(_ urls: [URL]) {
        imports.append(Task { @MainActor in
            // Read and put together off the main actor: the cards of a file
            // of 50,000 contacts are not copied on it.
            let all = await Task.detached {
                var all = DroppedCards()
                for url in urls { all.append(await DroppedCards.load(from: url)) }
                return all
            }.value
            all.problems.forEach(report)
            let cards = await takeNew(all.cards)
            guard !cards.isEmpty else { return }
            var added: [Contact] = []
            do {
                try await add(cards[...], atShown: rows.contacts.count, into: &added)
            } catch {
                report(ContactsProblem(.storeFailed, "The imported contacts could not be saved (\(error)); check the disk and try again."))
            }
            if !added.isEmpty { registerAdded(added, name: "Import") }
            onContactsChanged?()
        })
    }

    /// Cards saved in the first step of an import or drop. Each step is
    /// written off the main actor, then its rows are shown, so the window
    /// repaints and answers between steps however large the import.
    static let importStep = 1_000
    /// The fewest and the most cards a later step saves.
    static let importStepRange = 500...5_000
    /// About how long a step's write lasts: later steps are sized from the
    /// pace of the ones before. Every step grows the list, and a list that
    /// grows makes the window lay itself out again, which on X costs round
    /// trips to the display server; steps of a quarter of a second keep that
    /// to a few times a second on a slow or busy machine, while the count
    /// still moves and Cancel still stops the import promptly.
    static let importStepDuration = Duration.milliseconds(250)

    /// The size of the next step after one of `count` cards took `elapsed`
    /// to save: as many as take about ``importStepDuration`` at that pace,
    /// within `range` (``importStepRange`` unless given).
    static func nextImportStep(after count: Int, took elapsed: Duration, within range: ClosedRange<Int> = importStepRange) -> Int {
        guard elapsed > .zero else { return range.upperBound }
        let paced = Double(count) * (importStepDuration / elapsed)
        let bounded = min(max(paced, Double(range.lowerBound)), Double(range.upperBound))
        return Int(bounded)
    }

    /// Saves `cards` and shows them as rows from shown row `row` on, a step
    /// at a time, appending each step's contacts to `added`; stops early
    /// when the import is cancelled.
    func add(_ cards: ArraySlice<VCard>, atShown row: Int, into added: inout [Contact]) async throws {
        let progress = ContactsImport(total: cards.count)
        begin(progress)
        defer { end(progress) }
        var next = row
        var start = cards.startIndex
        var size = Self.importStep
        let clock = ContinuousClock()
        while start < cards.endIndex, !progress.isCancelled {
            let step = Array(cards[start..<min(start + size, cards.endIndex)])
            next = min(next, rows.contacts.count)
            let position = rows.storePosition(forShown: next)
            let began = clock.now
            let saved = try await Task.detached { [store] in try store.insert(step, at: position) }.value
            size = Self.nextImportStep(after: step.count, took: clock.now - began)
            added += saved
            try insertRows(saved, at: next)
            next += saved.count
            start += step.count
            progress.added += saved.count
            onImportProgress?(progress)
            onContactsChanged?()
        }
    }

    /// Shows `progress` as the running import (or long undo).
    func begin(_ progress: ContactsImport) {
        runningImport = progress
        onImportProgress?(progress)
    }

    /// Takes `progress` away once what it counted ended.
    func end(_ progress: ContactsImport) {
        if runningImport === progress { runningImport = nil }
        onImportProgress?(runningImport)
    }

    // MARK: - Drag

    private static func dragItem(for contact: Contact) -> DragItem {
        let item = DragItem(itemProvider: ContactItemProvider.provider(for: contact))
        // Another table in this process takes the contact without loading it.
        item.localObject = contact
        return item
    }

    public func list(_ list: ListView, itemsForBeginning session: DragSession, at indexPath: IndexPath) -> [DragItem] {
        self.list(list, itemListForBeginning: session, at: indexPath)?.all ?? []
    }

    /// A lift drags the selection when it holds the lifted row, else the
    /// row. Nothing is read from the store, and no item is made: an item
    /// is made when something asks for it, and its name and cards when
    /// something asks for them.
    public func list(_ list: ListView, itemListForBeginning session: DragSession, at indexPath: IndexPath) -> DragItemList? {
        let shown = rows.contacts
        guard shown.indices.contains(indexPath.item) else { return nil }
        let lifted = shown[indexPath.item]
        let selected = selection.ids
        // In the table's order, so a drop keeps it. One pass over the
        // rows, with the selection read once: a lift of 50,000 contacts
        // goes through them once.
        var contacts: [Contact] = []
        if let id = lifted.id, selected.contains(id) {
            contacts.reserveCapacity(selected.count)
            for contact in shown {
                if let id = contact.id, selected.contains(id) { contacts.append(contact) }
            }
        } else {
            contacts = [lifted]
        }
        session.localContext = ContactsDrag(source: self, contacts: contacts)
        return DragItemList(count: contacts.count) { index in Self.dragItem(for: contacts[index]) }
    }

    public func list(
        _ list: ListView, itemsForAddingTo session: DragSession, at indexPath: IndexPath, point: CGPoint
    ) -> [DragItem] {
        let drag = session.localContext as? ContactsDrag ?? ContactsDrag(source: self)
        if session.localContext == nil { session.localContext = drag }
        let contact = rows[indexPath]
        guard drag.add(contact) else { return [] }
        return [Self.dragItem(for: contact)]
    }

    /// Contacts are copied, never moved out of this table.
    public func list(_ list: ListView, dragSessionAllowsMoveOperation session: DragSession) -> Bool {
        false
    }

    // MARK: - Drop

    public func list(_ list: ListView, canHandle session: DropSession) -> Bool {
        guard session.hasItemsConforming(to: [.vCard, .fileURL]) else { return false }
        return !acceptsOneItemAtATime || session.items.count == 1
    }

    public func list(
        _ list: ListView, dropSessionDidUpdate session: DropSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> ListDropProposal {
        if let drag = session.localDragSession?.localContext as? ContactsDrag, drag.source === self {
            return ListDropProposal(operation: .cancel)
        }
        return ListDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
    }

    public func list(_ list: ListView, performDropWith coordinator: ListDropCoordinator) {
        let destination = coordinator.destinationIndexPath ?? IndexPath(item: rows.contacts.count, section: 0)
        guard coordinator.items.count <= Self.itemsWithOwnPlaceholder else {
            dropMany(coordinator.items.map(\.dragItem), with: coordinator, at: destination)
            return
        }
        var pending: [(context: PlaceholderContext, load: Task<DroppedCards, Never>)] = []
        for item in coordinator.items {
            let placeholder = DropPlaceholder(insertionIndexPath: destination, reuseIdentifier: Self.placeholderIdentifier)
            placeholder.cellUpdateHandler = { cell in (cell as? any ContactRowCell)?.text = "Loading…" }
            guard let context = try? coordinator.drop(item.dragItem, to: placeholder) else { continue }
            let provider = item.dragItem.itemProvider
            let local = item.dragItem.localObject as? Contact
            // Reading and parsing happen off the main actor; the window stays responsive.
            let load = Task.detached { await DroppedCards.load(from: provider, local: local) }
            pending.append((context, load))
        }
        // Committed in the items' order, so N items become N rows in order
        // however their loads finish; the whole drop is one undo step.
        imports.append(Task { @MainActor in
            var added: [Contact] = []
            for (context, load) in pending {
                added += await commit(await load.value, replacing: context)
            }
            if !added.isEmpty { registerAdded(added, name: "Drop") }
        })
    }

    /// The most items of one drop that each get a "Loading…" row; a larger
    /// drop (a whole address book dragged from another window) gets one
    /// row, and its count and Cancel in ``runningImport``.
    static let itemsWithOwnPlaceholder = 100

    /// Drops many items through one placeholder: they are loaded off the
    /// main actor a few at a time, then their cards go in a step at a time
    /// (``add(_:atShown:into:)``), all one undo step.
    private func dropMany(_ items: [DragItem], with coordinator: ListDropCoordinator, at destination: IndexPath) {
        let placeholder = DropPlaceholder(insertionIndexPath: destination, reuseIdentifier: Self.placeholderIdentifier)
        placeholder.cellUpdateHandler = { cell in (cell as? any ContactRowCell)?.text = "Loading \(items.count) items…" }
        guard let first = items.first, let context = try? coordinator.drop(first, to: placeholder) else { return }
        let sources = items.map { (provider: $0.itemProvider, local: $0.localObject as? Contact) }
        let load = Task.detached { await DroppedCards.load(all: sources) }
        imports.append(Task { @MainActor in
            let added = await commit(await load.value, replacing: context)
            if !added.isEmpty { registerAdded(added, name: "Drop") }
        })
    }

    /// Shows `saved` (already stored) as rows from `index` on.
    func insertRows(_ saved: [Contact], at index: Int) throws {
        try list.performBatchUpdates { batch in
            rows.insert(saved, at: index)
            batch.insertItems(at: (0..<saved.count).map { IndexPath(item: index + $0, section: 0) })
        }
    }

    /// Stores and shows the new cards of one dropped item; returns them.
    private func commit(_ dropped: DroppedCards, replacing context: PlaceholderContext) async -> [Contact] {
        dropped.problems.forEach(report)
        let cards = await takeNew(dropped.cards)
        guard let first = cards.first, let at = context.insertionIndexPath else {
            context.deletePlaceholder()
            return []
        }
        var added: [Contact] = []
        do {
            let saved = try store.insert([first], at: rows.storePosition(forShown: at.item))
            added += saved
            try context.commitInsertion { indexPath in rows.insert(saved, at: indexPath.item) }
            if cards.count > 1 {
                try await add(cards[1...], atShown: at.item + 1, into: &added)
            }
        } catch is ListUpdateError {
            // The model and the store agree; show the model as it is.
            list.reloadData()
        } catch {
            context.deletePlaceholder()
            report(ContactsProblem(.storeFailed, "The dropped contacts could not be saved (\(error)); check the disk and try again."))
        }
        onContactsChanged?()
        return added
    }
}
