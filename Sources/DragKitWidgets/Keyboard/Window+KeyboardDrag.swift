import DragKitGTK

extension Window {
    /// Ctrl+Alt+D anywhere in the window lifts what has the focus
    /// (``DragKitGTK/DesktopKeyboardDrag``); the key goes on when nothing
    /// there drags.
    func installKeyboardDragKey() {
        DesktopKeyboardDrag.shared.installLiftKey(on: self)
    }
}
