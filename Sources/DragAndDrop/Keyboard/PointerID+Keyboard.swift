extension PointerID {
    /// The keyboard (or an assistive technology) driving a drag with
    /// ``KeyboardDrag``: its own pointer, so a keyboard drag never collides
    /// with a mouse drag.
    public static let keyboard = PointerID(rawValue: -1)
}
