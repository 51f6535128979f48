import CGtk4

extension Widget {
    /// Takes away GTK's drop highlight (the `:drop(active)` outline).
    ///
    /// GTK 4.8 sets it while a drag hovers over a drop target and, on X11,
    /// leaves it on the target a drag was dropped on: no leave follows the
    /// drop, so the outline would stay until the next drag passes by.
    package func clearDropHighlight() {
        gtk_widget_unset_state_flags(widgetPointer, GTK_STATE_FLAG_DROP_ACTIVE)
    }
}
