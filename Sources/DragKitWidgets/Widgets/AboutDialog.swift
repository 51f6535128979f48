import CGtk4
import DragKitGTK

/// The window that says what an app is (GtkAboutDialog): its name, icon,
/// version, one line on what it does, its website and licence.
///
/// ```swift
/// let about = AboutDialog(.init(name: "Do It", iconName: "checkbox-checked-symbolic", version: "1.0",
///                               comments: "To-do lists with drag and drop", website: "https://example.org"))
/// about.present(over: window)
/// ```
@MainActor
public final class AboutDialog: Window {
    /// What the dialog tells.
    public struct Info: Sendable, Hashable {
        public var name: String
        public var iconName: String
        public var version: String
        public var comments: String
        public var website: String?
        public var copyright: String?
        /// Shown as a licence GTK knows (the MIT/X11 licence when nil).
        public var licenseName: String?

        public init(name: String, iconName: String, version: String, comments: String,
                    website: String? = nil, copyright: String? = nil, licenseName: String? = nil) {
            self.name = name
            self.iconName = iconName
            self.version = version
            self.comments = comments
            self.website = website
            self.copyright = copyright
            self.licenseName = licenseName
        }
    }

    /// Creates a hidden dialog; call ``present(over:)``.
    public init(_ info: Info) {
        super.init(sinking: GPointer.raw(gtk_about_dialog_new()), title: "About \(info.name)")
        let dialog = reference.opaque
        gtk_about_dialog_set_program_name(dialog, info.name)
        gtk_about_dialog_set_logo_icon_name(dialog, info.iconName)
        gtk_about_dialog_set_version(dialog, info.version)
        gtk_about_dialog_set_comments(dialog, info.comments)
        if let website = info.website { gtk_about_dialog_set_website(dialog, website) }
        if let copyright = info.copyright { gtk_about_dialog_set_copyright(dialog, copyright) }
        if let licenseName = info.licenseName {
            gtk_about_dialog_set_license(dialog, licenseName)
        } else {
            gtk_about_dialog_set_license_type(dialog, GTK_LICENSE_MIT_X11)
        }
        // Closing hides it; the owner keeps it for the next time.
        gtk_window_set_hide_on_close(windowPointer, 1)
    }

    /// Shows the dialog above `parent` (modal to it), or on its own.
    public func present(over parent: Window?) {
        gtk_window_set_transient_for(windowPointer, parent?.windowPointer)
        gtk_window_set_modal(windowPointer, parent == nil ? 0 : 1)
        present()
    }
}
