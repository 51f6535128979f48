import CGtk4
import DragKitGTK

/// An empty state: a large icon, a title and a line saying what to do
/// ("Drop vCards here"), centred in the space it is given, with an optional
/// button below (the layout of libadwaita's status page, in plain GTK).
///
/// ```swift
/// let empty = StatusPage(iconName: "x-office-address-book-symbolic",
///                        title: "No Contacts",
///                        description: "Drop vCard files here or press Ctrl+N to add a contact.")
/// ```
@MainActor
public final class StatusPage: Widget {
    private let box = Box(.vertical, spacing: 12)
    private let icon: Image
    private let titleLabel: Label
    private let descriptionLabel: Label

    /// Creates the status page.
    public init(iconName: String, title: String, description: String = "") {
        icon = Image(iconName: iconName, pixelSize: 96, decorative: true)
        titleLabel = Label(title)
        descriptionLabel = Label(description)
        super.init(composing: box)
        box.setAlignment(horizontal: .center, vertical: .center)
        box.setExpands(horizontally: true, vertically: true)
        box.setMargins(24)
        icon.addStyleClass("dim-label")
        titleLabel.addStyleClass("title-1")
        titleLabel.wraps = true
        descriptionLabel.wraps = true
        // A wrapping label asks for its whole text on one line; a page in a
        // narrow pane (a list's empty state) would widen the window.
        gtk_label_set_max_width_chars(titleLabel.reference.opaque, 24)
        gtk_label_set_max_width_chars(descriptionLabel.reference.opaque, 36)
        descriptionLabel.isVisible = !description.isEmpty
        gtk_label_set_justify(descriptionLabel.reference.opaque, GTK_JUSTIFY_CENTER)
        gtk_label_set_justify(titleLabel.reference.opaque, GTK_JUSTIFY_CENTER)
        box.append(icon)
        box.append(titleLabel)
        box.append(descriptionLabel)
    }

    /// The bold line.
    public var title: String {
        get { titleLabel.text }
        set { titleLabel.text = newValue }
    }

    /// The line below the title, saying what to do.
    public var text: String {
        get { descriptionLabel.text }
        set {
            descriptionLabel.text = newValue
            descriptionLabel.isVisible = !newValue.isEmpty
        }
    }

    /// The themed icon on top.
    public var iconName: String? {
        get { icon.iconName }
        set { icon.iconName = newValue }
    }

    /// A widget below the text (a button that starts something), or nil.
    public var child: Widget? {
        didSet {
            if let oldValue { box.remove(oldValue) }
            if let child { box.append(child) }
        }
    }
}
