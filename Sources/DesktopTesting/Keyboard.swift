/// Types on the X keyboard with xdotool, into the window that has the focus.
///
/// ```swift
/// try Keyboard.press("ctrl+z")
/// try Keyboard.type("Milk")
/// ```
public enum Keyboard {
    /// Presses and releases a key combination in xdotool's syntax
    /// (`"ctrl+shift+z"`, `"Return"`, `"Delete"`).
    public static func press(_ keys: String) throws(DesktopTestingError) {
        try X11Tools.xdotool(["key", "--clearmodifiers", keys])
    }

    /// Types `text` character by character.
    public static func type(_ text: String) throws(DesktopTestingError) {
        try X11Tools.xdotool(["type", "--delay", "20", text])
    }
}
