/// A long import or drop under way, or a long undo or redo of one, as the
/// window shows it: how many contacts are in (or out) so far out of how
/// many, and a way to stop it.
///
/// The cards go into the store a step at a time off the main actor, each
/// step sized to take about a quarter of a second, so the window stays
/// responsive; the rows appear as each step is saved. Cancelling stops
/// before the next step: the contacts already in stay, as one undo step
/// with the rest of the import.
///
/// ```swift
/// table.onImportProgress = { running in
///     label.text = running.map { "Importing \($0.added) of \($0.total) contacts…" } ?? ""
/// }
/// cancelButton.onClicked { table.runningImport?.cancel() }
/// ```
@MainActor
public final class ContactsImport {
    /// How many new contacts the import adds in all.
    public let total: Int
    /// How many are in the table so far.
    public internal(set) var added = 0
    /// Whether ``cancel()`` was called; no further step starts.
    public private(set) var isCancelled = false
    /// What runs, as the row says it ("Importing contacts", "Undoing
    /// “Import 50000 Contacts”").
    public let doing: String
    /// What stops when Cancel is pressed ("the import", "the undo").
    let stopping: String
    /// What Cancel does, for its tooltip.
    public let cancelHint: String

    init(
        total: Int, doing: String = "Importing contacts", stopping: String = "the import",
        cancelHint: String = "Stop the import; the contacts already imported stay (Undo removes them)"
    ) {
        self.total = total
        self.doing = doing
        self.stopping = stopping
        self.cancelHint = cancelHint
    }

    /// What the row above the list says: the count so far, or that the
    /// import (or undo) is stopping once Cancel was pressed.
    public var status: String {
        isCancelled
            ? "Stopping \(stopping) at \(added) contacts…"
            : "\(doing): \(added) of \(total)…"
    }

    /// Stops the import after the step being saved; what is in stays.
    public func cancel() {
        isCancelled = true
    }
}
