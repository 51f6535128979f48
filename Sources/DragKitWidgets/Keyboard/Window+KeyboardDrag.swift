extension Window {
    /// Ctrl+Alt+D anywhere in the window lifts what has the focus
    /// (``DesktopKeyboardDrag``); the key goes on when nothing there drags.
    func installKeyboardDragKey() {
        // Local to the window: every key the focused widget leaves bubbles
        // up to it.
        let keys = ShortcutController()
        keys.add(DesktopKeyboardDrag.liftKey) { [unowned self] in
            DesktopKeyboardDrag.shared.liftFocused(in: self)
        }
        addShortcuts(keys)
    }
}
