import CGtk4

/// Application-wide CSS, for the looks drag and drop needs (drop highlight,
/// insertion gap, lifted item).
@MainActor
public enum StyleSheet {
    /// Adds `css` to every window on the default display.
    public static func add(_ css: String) {
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, css, -1)
        guard let display = gdk_display_get_default() else { return }
        gtk_style_context_add_provider_for_display(
            display, GPointer.opaque(GPointer.typed(GPointer.raw(provider!), as: GObject.self)),
            UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
