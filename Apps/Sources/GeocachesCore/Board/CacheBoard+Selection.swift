import AppSupport
import Foundation

/// The selected card and the commands that act on it, as a person uses
/// them with the mouse and the keyboard: a click selects a card; the arrow
/// keys move the selection; Alt+Up and Alt+Down move the card within its
/// lane, Alt+Left and Alt+Right to the other lane; the trash deletes it.
/// The selection is the geocache's id, so it stays on the card whatever
/// moves; a delete selects the next card in the same lane (the one before
/// at its end, none when the lane is empty) and never jumps lanes. Adds,
/// drops, deletes and moves (by keyboard or drag) are one undo step each.
///
/// ```swift
/// board.select(BoardSelection(lane: .inProgress, index: 2))
/// try board.moveSelected(by: -1)          // up one row
/// try board.deleteSelected()
/// board.undoLast()                         // back, selected again
/// ```
extension CacheBoard {
    /// Where the geocache `id` is shown, or nil.
    public func location(of id: Int64?) -> BoardSelection? {
        guard let id else { return nil }
        for lane in Lane.allCases {
            if let index = self.lane(lane).items.index(of: id) { return BoardSelection(lane: lane, index: index) }
        }
        return nil
    }

    /// Where the selected card is, nil when none is selected.
    public var selection: BoardSelection? { location(of: selectedID) }

    /// Selects the card at `place` (nil, or a place with no card: none).
    public func select(_ place: BoardSelection?) {
        guard let place else { selectedID = nil; return }
        let rows = lane(place.lane).items.rows
        selectedID = rows.indices.contains(place.index) ? rows[place.index].geocache.id : nil
    }

    /// Up (-1) or Down (+1) within the lane; with nothing selected, the
    /// first card of the first lane that has one.
    public func selectNext(by step: Int) {
        guard let current = selection else {
            select(valid(nil))
            return
        }
        let count = lane(current.lane).items.rows.count
        select(BoardSelection(lane: current.lane, index: min(max(0, current.index + step), count - 1)))
    }

    /// The card at the same row of the other lane (its last when shorter);
    /// nothing changes when the other lane is empty.
    public func selectInOtherLane() {
        guard let current = selection else { return selectNext(by: 0) }
        let other = lane(current.lane.other).items.rows
        guard !other.isEmpty else { return }
        select(BoardSelection(lane: current.lane.other, index: min(current.index, other.count - 1)))
    }

    // MARK: - Commands on the selected card

    /// Adds a geocache named `text` (trimmed) at the end of In progress,
    /// selects it and returns it.
    ///
    /// - Throws: ``GeocacheError`` `.emptyName` when `text` is blank, with
    ///   words that say what to do; `.storeFailed`.
    @discardableResult
    public func addNamed(_ text: String) throws(GeocacheError) -> Geocache {
        let added = try add(Geocache(droppedName: Geocache.name(forNew: text)), to: .inProgress)
        selectedID = added.id
        registerRemovable(added, name: "Add “\(added.name)”")
        return added
    }

    /// Deletes the selected card (one undo step) and selects its neighbour
    /// in the same lane; returns the deleted geocache, nil when none was selected.
    @discardableResult
    public func deleteSelected() throws(GeocacheError) -> Geocache? {
        guard let place = selection else { return nil }
        let deleted = try remove(at: place)
        undo.push(UndoStack.Step(name: "Delete “\(deleted.geocache.name)”") { [weak self] in
            try self?.restore(deleted)
        } redo: { [weak self] in
            guard let self, let place = location(of: deleted.geocache.id) else { return }
            _ = try remove(at: place)
        })
        return deleted.geocache
    }

    /// Moves the selected card `step` rows within its lane (one undo step).
    public func moveSelected(by step: Int) throws(GeocacheError) {
        guard let place = selection else { return }
        let count = lane(place.lane).items.rows.count
        let destination = min(max(0, place.index + step), count - 1)
        guard destination != place.index else { return }
        try moveRegistered(from: place, to: BoardSelection(lane: place.lane, index: destination))
    }

    /// Moves the selected card to the same row of the other lane (its end
    /// when shorter), one undo step; it stays selected.
    public func moveSelectedToOtherLane() throws(GeocacheError) {
        guard let place = selection else { return }
        let other = place.lane.other
        let destination = min(place.index, lane(other).items.rows.count)
        try moveRegistered(from: place, to: BoardSelection(lane: other, index: destination))
    }

    /// Takes back the newest change; a failure is reported, not thrown.
    public func undoLast() {
        do { try undo.undo() } catch { report(error) }
    }

    /// Makes the newest undone change again; a failure is reported.
    public func redoLast() {
        do { try undo.redo() } catch { report(error) }
    }

    // MARK: - Steps

    private func moveRegistered(from source: BoardSelection, to destination: BoardSelection) throws(GeocacheError) {
        let id = lane(source.lane).items.rows[source.index].geocache.id
        let name = lane(source.lane).items.rows[source.index].geocache.name
        try move(in: source.lane, at: source.index, to: destination.lane, at: destination.index)
        selectedID = id
        registerMove(id: id, name: name, from: source, to: destination)
    }

    /// Records a move just made (by the keyboard or a drag) as one undo step.
    func registerMove(id: Int64?, name: String, from source: BoardSelection, to destination: BoardSelection) {
        undo.push(UndoStack.Step(name: "Move “\(name)”") { [weak self] in
            try self?.move(id: id, to: source)
        } redo: { [weak self] in
            try self?.move(id: id, to: destination)
        })
    }

    /// Moves the geocache `id` wherever it is now to `place`, and selects it.
    private func move(id: Int64?, to place: BoardSelection) throws(GeocacheError) {
        guard let from = location(of: id) else { return }
        let count = lane(place.lane).items.rows.count
        try move(in: from.lane, at: from.index, to: place.lane, at: min(place.index, from.lane == place.lane ? count - 1 : count))
        selectedID = id
    }

    /// An added geocache's undo: delete it again; its redo: put it back.
    func registerRemovable(_ added: Geocache, name: String) {
        let box = DeletedBox()
        undo.push(UndoStack.Step(name: name) { [weak self] in
            guard let self, let place = location(of: added.id) else { return }
            box.deleted = try remove(at: place)
        } redo: { [weak self] in
            guard let self, let deleted = box.deleted else { return }
            try restore(deleted)
        })
    }

    /// Deletes the card at `place`, moves the selection to its neighbour in
    /// the same lane, and returns what was deleted (for an undo).
    private func remove(at place: BoardSelection) throws(GeocacheError) -> StoredGeocache {
        let row = lane(place.lane).items.rows[place.index]
        try delete(in: place.lane, at: place.index)
        if selectedID == row.geocache.id || selectedID == nil {
            let left = lane(place.lane).items.rows.count
            select(left == 0 ? nil : BoardSelection(lane: place.lane, index: min(place.index, left - 1)))
        }
        return StoredGeocache(geocache: row.geocache, lane: place.lane, position: row.position)
    }

    /// Puts a deleted card back where it was (by its position) and selects it.
    private func restore(_ deleted: StoredGeocache) throws(GeocacheError) {
        try store.restore(deleted)
        let target = lane(deleted.lane)
        let index = target.items.positions.firstIndex { $0 > deleted.position } ?? target.items.positions.count
        target.insertRow(deleted, at: index)
        selectedID = deleted.geocache.id
    }
}

/// What an undone add took away, kept for its redo.
@MainActor
private final class DeletedBox {
    var deleted: StoredGeocache?
}
