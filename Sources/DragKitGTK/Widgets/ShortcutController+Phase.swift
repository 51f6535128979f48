import CGtk4

extension ShortcutController {
    /// Whether the shortcuts run before those of the widgets inside the one
    /// they are added to (GTK's capture phase) rather than after them (the
    /// default, bubble phase). A container uses it to keep a key a child
    /// also binds: a board whose Ctrl+Down moves a card, over a list whose
    /// Ctrl+Down only moves the focus.
    ///
    /// ```swift
    /// let keys = ShortcutController()
    /// keys.runsBeforeChildren = true
    /// keys.add("<Control>Down") { board.moveSelected(by: 1); return true }
    /// list.scroller.addShortcuts(keys)
    /// ```
    public var runsBeforeChildren: Bool {
        get { gtk_event_controller_get_propagation_phase(reference.opaque) == GTK_PHASE_CAPTURE }
        set { gtk_event_controller_set_propagation_phase(reference.opaque, newValue ? GTK_PHASE_CAPTURE : GTK_PHASE_BUBBLE) }
    }
}
