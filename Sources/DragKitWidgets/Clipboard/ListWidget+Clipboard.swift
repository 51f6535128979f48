import DragAndDrop
import DragKitGTK
import Foundation

/// SwiftUI-style clipboard modifiers for lists, on the same item providers
/// and delegates as drag and drop: Ctrl+C copies what a drag of the
/// selection carries, Ctrl+X does that and then runs the app's cut action,
/// Ctrl+V drops the clipboard's items after the focused row, as a drop from
/// another program there would.
///
/// ```swift
/// list.copyable()
///     .cuttable { rows in model.delete(rows) }     // with undo, as a drag out
///     .pasteDestination()
/// ```
extension ListWidget {
    /// Ctrl+C copies the selected rows (the focused row's drag, which
    /// carries the whole selection) to `Pasteboard/general`.
    @discardableResult
    public func copyable() -> ListWidget {
        addClipboardKey("<Control>c") { list in list.copySelection() }
        return self
    }

    /// Ctrl+X copies the selected rows, then calls `action` with them (data
    /// source index paths) to remove them, as a move dragged out of the
    /// list would.
    @discardableResult
    public func cuttable(_ action: @escaping @MainActor ([IndexPath]) -> Void) -> ListWidget {
        addClipboardKey("<Control>x") { list in
            let rows = list.model.indexPathsForSelectedItems
            guard list.copySelection() else { return false }
            action(rows)
            return true
        }
        return self
    }

    /// Ctrl+V drops the clipboard's items after the focused row, through
    /// the list's drop delegate (or `onInsert`), which decides as for a
    /// drop from another program. A copy from another DragKit program
    /// brings every item with every type, as its drag would
    /// (`Pasteboard.loadItemProviders()`).
    @discardableResult
    public func pasteDestination() -> ListWidget {
        addClipboardKey("<Control>v") { list in
            let pasteboard = Pasteboard.general
            if pasteboard.backend?.ownsClipboard ?? true {
                let providers = pasteboard.itemProviders
                guard !providers.isEmpty else { return false }
                return (try? list.model.paste(providers, engine: DesktopDragDrop.shared.engine)).map(\.performsDrop) ?? false
            }
            // Another program's copy: what it holds is asked first (a
            // DragKit program's list of items), so the paste lands a moment
            // later, where the focused row is then.
            guard DesktopPasteboard.shared.hasForeignContent else { return false }
            Task { @MainActor [weak list] in
                let providers = await pasteboard.loadItemProviders()
                guard let list, !providers.isEmpty else { return }
                _ = try? list.model.paste(providers, engine: DesktopDragDrop.shared.engine)
            }
            return true
        }
        return self
    }

    /// Copies what a drag of the focused row carries; false when nothing.
    private func copySelection() -> Bool {
        guard let providers = try? model.copyItemProviders(engine: DesktopDragDrop.shared.engine),
              !providers.isEmpty else { return false }
        Pasteboard.general.setItemProviders(providers)
        return true
    }

    private func addClipboardKey(_ trigger: String, _ handler: @escaping @MainActor (ListWidget) -> Bool) {
        DesktopPasteboard.install()
        let keys = ShortcutController()
        keys.add(trigger) { [weak self] in
            guard let self else { return false }
            return handler(self)
        }
        content.addShortcuts(keys)
    }
}
