import AppSupport
import Foundation

/// The undo steps that take contacts out and put them back (an import, a
/// drop, a delete), and the delete itself. Up to ``longChange`` contacts
/// they run in one go on the main actor; a larger one (undoing an import
/// of 50,000 cards, deleting 50,000 selected contacts) is a long step,
/// run a step at a time like the import itself: each step's store work
/// off the main actor, then its rows, with its count and Cancel in
/// ``runningImport``. Stopped part way (Cancel, or a store failure), an
/// undo or redo leaves what it did as one undo step and what it did not as
/// another, so nothing is lost and Undo and Redo still reach every
/// contact; a delete leaves what it deleted as one undo step and the other
/// contacts where they are.
extension ContactsTable {
    /// The most contacts a delete, an undo or a redo takes out or puts back
    /// at once on the main actor; one over more runs as a long step.
    static let longChange = 1_000

    /// The fewest and the most contacts a later step of a long undo or redo
    /// takes out or puts back: more than an import's, as each step's rows
    /// cost the main actor a pass over the table whatever their number, so
    /// fewer, larger steps hold it up less in all.
    static let longStepRange = 2_000...10_000

    /// One undo step for contacts just added (`added`: undo takes them out,
    /// redo puts them back) or just deleted (the other way round).
    ///
    /// - Parameters:
    ///   - change: what the change was ("Import", "Drop", "Delete"); the
    ///     step is named with it and the count ("Import 3 Contacts").
    ///   - placed: the contacts out of the table, with their positions,
    ///     for putting them back; filled when they are taken out.
    ///   - oneName: the step's name when it holds one contact ("Delete “Ada”").
    func membershipStep(
        _ change: String, ids: [Int64], placed: PlacedBox, added: Bool, oneName: String? = nil
    ) -> UndoStack.Step {
        let title = ids.count == 1 ? oneName ?? "\(change) a Contact" : "\(change) \(ids.count) Contacts"
        guard ids.count > Self.longChange else {
            let takeOut: @MainActor () throws -> Void = { [weak self] in
                placed.placed = try self?.removeContacts(Set(ids)) ?? []
            }
            let putBack: @MainActor () throws -> Void = { [weak self] in try self?.restoreContacts(placed.placed) }
            return added
                ? UndoStack.Step(name: title, undo: takeOut, redo: putBack)
                : UndoStack.Step(name: title, undo: putBack, redo: takeOut)
        }
        /// The step for part of these contacts, after a long step stopped.
        let part: @MainActor (ContactsTable, [Int64], [ContactStore.PlacedContact]) -> UndoStack.Step = { table, ids, out in
            let box = PlacedBox()
            box.placed = out
            return table.membershipStep(change, ids: ids, placed: box, added: added)
        }
        let takeOut: @MainActor () async -> UndoStack.Outcome = { [weak self] in
            guard let self else { return .finished }
            let run = await takeOutInSteps(ids) { total in longProgress(total: total, title: title, undoing: added) }
            placed.placed = run.out
            guard !run.left.isEmpty else { return .finished }
            if let error = run.error {
                report(Self.partProblem(error, done: run.out.count, left: run.left.count, undoing: added, puttingBack: false))
            }
            return .stopped(
                done: run.out.isEmpty ? nil : part(self, run.out.compactMap(\.contact.id), run.out),
                rest: part(self, run.left, []))
        }
        let putBack: @MainActor () async -> UndoStack.Outcome = { [weak self] in
            guard let self else { return .finished }
            let run = await putBackInSteps(placed.placed, title: title, undoing: !added)
            guard !run.left.isEmpty else { return .finished }
            if let error = run.error {
                report(Self.partProblem(error, done: run.back.count, left: run.left.count, undoing: !added, puttingBack: true))
            }
            return .stopped(
                done: run.back.isEmpty ? nil : part(self, run.back.compactMap(\.contact.id), run.back),
                rest: part(self, run.left.compactMap(\.contact.id), run.left))
        }
        return added
            ? UndoStack.Step(name: title, longUndo: takeOut, longRedo: putBack)
            : UndoStack.Step(name: title, longUndo: putBack, longRedo: takeOut)
    }

    /// Deletes the contacts with `ids` (over ``longChange`` of them) as a
    /// long change (``UndoStack/run(_:_:)``): a step at a time from the
    /// last row up, each step's store work off the main actor, with its
    /// count and Cancel in ``runningImport``. What was deleted when it
    /// ends (all of it, or as far as it went before Cancel or a store
    /// failure) is one undo step; the others stay. Returns how many are to
    /// be deleted, 0 while a long undo, redo or delete runs.
    func deleteInSteps(_ ids: Set<Int64>) -> Int {
        let started = undo.run("Delete \(ids.count) Contacts") { [weak self] in
            guard let self else { return nil }
            let run = await takeOutInSteps(ids) { total in
                ContactsImport(
                    total: total, doing: "Deleting contacts", stopping: "the delete",
                    cancelHint: "Stop the delete; the contacts deleted so far stay deleted (Undo puts them back)")
            }
            if let error = run.error { report(Self.deleteProblem(error, done: run.out.count, left: run.left.count)) }
            guard !run.out.isEmpty else { return nil }
            let placed = PlacedBox()
            placed.placed = run.out
            return membershipStep("Delete", ids: run.out.compactMap(\.contact.id), placed: placed, added: false)
        }
        return started ? ids.count : 0
    }

    /// What the window says when a long delete failed in the store.
    static func deleteProblem(_ error: any Error, done: Int, left: Int) -> ContactsProblem {
        guard done > 0 else {
            return ContactsProblem(.storeFailed, "The contacts could not be deleted: \(StoreFailureReason.words(for: error)).")
        }
        return ContactsProblem(.storeFailed, """
            The contacts were only partly deleted: \(done) of \(done + left) were deleted (Undo puts them back), \
            then \(StoreFailureReason.partWords(for: error)); the other \(left) are still here.
            """)
    }

    /// What the window says when a long undo or redo failed in the store.
    static func partProblem(_ error: any Error, done: Int, left: Int, undoing: Bool, puttingBack: Bool) -> ContactsProblem {
        let change = undoing ? "undone" : "redone"
        guard done > 0 else {
            return ContactsProblem(.undoFailed, "The change could not be \(change): \(StoreFailureReason.words(for: error)).")
        }
        let verb = puttingBack ? "put back" : "taken out"
        let again = undoing ? "Undo" : "Redo"
        return ContactsProblem(.undoFailed, """
            The change was only partly \(change): \(done) of \(done + left) contacts were \(verb), \
            then \(StoreFailureReason.partWords(for: error)); \(again) \(puttingBack ? "puts back" : "takes out") the other \(left).
            """)
    }

    /// A long undo or redo under way, as the import row shows it.
    private func longProgress(total: Int, title: String, undoing: Bool) -> ContactsImport {
        let (doing, back) = undoing ? ("Undoing", "Redo") : ("Redoing", "Undo")
        let stopping = undoing ? "the undo" : "the redo"
        return ContactsImport(
            total: total, doing: "\(doing) “\(title)”", stopping: stopping,
            cancelHint: "Stop \(stopping); what is done so far stays done (\(back) takes it back)")
    }

    /// Takes the contacts with `ids` out of the store and the table, a step
    /// at a time from the last row up, so every position the store returns
    /// is the contact's position with all of them in; `progress` makes the
    /// import row's count for how many there are. Returns those taken out
    /// (in table order), the ids still in, and the store's error if a step
    /// failed.
    private func takeOutInSteps(
        _ ids: some Collection<Int64>, progress makeProgress: (Int) -> ContactsImport
    ) async -> (out: [ContactStore.PlacedContact], left: [Int64], error: (any Error)?) {
        // Finding 50,000 contacts among the table's is a pass over it with a
        // set of their ids: done off the main actor, so the key that
        // started the undo does not hold up the window. The table is
        // captured by the task alone, so the steps below change it in place.
        var left = await Task.detached { [all = rows.all, ids = Array(ids)] in
            let wanted = Set(ids)
            return all.filter { $0.id.map(wanted.contains) ?? false }
        }.value
        let progress = makeProgress(left.count)
        begin(progress)
        defer { end(progress) }
        var out: [[ContactStore.PlacedContact]] = []
        var size = Self.importStep
        let clock = ContinuousClock()
        while !left.isEmpty, !progress.isCancelled {
            let step = Array(left.suffix(size))
            let began = clock.now
            do {
                out.append(try await Task.detached { [store] in
                    // Texts not read yet come in before their rows go.
                    ContactTexts.read(step)
                    return try store.delete(ids: Set(step.compactMap(\.id)))
                }.value)
            } catch {
                return (out.reversed().flatMap { $0 }, left.compactMap(\.id), error)
            }
            size = Self.nextImportStep(after: step.count, took: clock.now - began, within: Self.longStepRange)
            left.removeLast(step.count)
            removeRows(Set(step.compactMap(\.id)))
            progress.added += step.count
            onImportProgress?(progress)
        }
        return (out.reversed().flatMap { $0 }, left.compactMap(\.id), nil)
    }

    /// Puts `placed` back in the store and the table a step at a time from
    /// the first position down, and selects them. Returns those put back,
    /// those still out, and the store's error if a step failed.
    private func putBackInSteps(
        _ placed: [ContactStore.PlacedContact], title: String, undoing: Bool
    ) async -> (back: [ContactStore.PlacedContact], left: [ContactStore.PlacedContact], error: (any Error)?) {
        // Taken out a step at a time, they come back in order: sorting
        // 50,000 of them again on the main actor would hold up the window.
        let inOrder = zip(placed, placed.dropFirst()).allSatisfy { $0.position < $1.position }
        let sorted = inOrder ? placed : placed.sorted { $0.position < $1.position }
        let progress = longProgress(total: sorted.count, title: title, undoing: undoing)
        begin(progress)
        defer { end(progress) }
        var start = sorted.startIndex
        var size = Self.importStep
        var failure: (any Error)?
        let clock = ContinuousClock()
        while start < sorted.endIndex, !progress.isCancelled {
            let step = Array(sorted[start..<min(start + size, sorted.endIndex)])
            let began = clock.now
            do {
                try await Task.detached { [store] in try store.restore(step) }.value
            } catch {
                failure = error
                break
            }
            size = Self.nextImportStep(after: step.count, took: clock.now - began, within: Self.longStepRange)
            restoreRows(step)
            start += step.count
            progress.added += step.count
            onImportProgress?(progress)
            onContactsChanged?()
        }
        let back = Array(sorted[..<start])
        if !back.isEmpty { selectRestored(back) }
        return (back, Array(sorted[start...]), failure)
    }
}
