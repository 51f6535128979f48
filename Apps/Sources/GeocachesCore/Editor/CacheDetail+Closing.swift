/// What closing CacheEditor's window does with the form, so an edit is
/// never lost without the person choosing to lose it:
///
/// - nothing changed: close;
/// - changes that can be saved: save them, then close (as GNOME apps save
///   as they go);
/// - changes that cannot be saved (no name, a latitude off the globe): stay
///   open and say why; a second close in a row discards them.
///
/// ```swift
/// window.onCloseRequest {
///     switch detail.closing(with: form.edit, confirmedDiscard: discardAsked) { ... }
/// }
/// ```
public enum EditorClosing: Hashable, Sendable {
    /// Nothing to save: close.
    case close
    /// The changes were saved: close.
    case saved
    /// The changes cannot be saved: stay open and show the message; a
    /// second close (with `confirmedDiscard`) closes without them.
    case keepOpen(GeocacheError)
}

extension CacheDetail {
    /// Whether `edit` differs from the shown geocache (or, with none shown,
    /// holds anything at all).
    public func hasUnsavedChanges(_ edit: GeocacheEdit) -> Bool {
        guard let geocache else {
            return ![edit.name, edit.summary].allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }
        }
        return (try? edit.applied(to: geocache)) != geocache && edit != GeocacheEdit(geocache)
    }

    /// Decides what a close does with `edit` (see ``EditorClosing``);
    /// `confirmedDiscard` is true for a close right after a `.keepOpen`.
    public func closing(with edit: GeocacheEdit, confirmedDiscard: Bool) -> EditorClosing {
        guard hasUnsavedChanges(edit), !confirmedDiscard else { return .close }
        do {
            try apply(edit)
            return .saved
        } catch {
            return .keepOpen(GeocacheError(error.code,
                "Your changes are not saved: \(error.description) Fix it and close again to save, or close again to discard the changes."))
        }
    }
}
