import CGtk4
import DragKitGTK

/// A themed icon (GtkImage), for example in an empty state or beside a
/// label. Use ``Picture`` for images from bytes.
///
/// ```swift
/// let icon = Image(iconName: "x-office-address-book-symbolic", pixelSize: 64)
/// let beside = Image(iconName: "view-list-symbolic", decorative: true)   // next to "Groceries"
/// ```
@MainActor
public final class Image: Widget {
    /// Creates an image showing the themed icon `iconName`, `pixelSize`
    /// pixels tall (0: the theme's default size). A `decorative` icon (one
    /// beside a label that says the same) is kept from screen readers.
    public init(iconName: String, pixelSize: Int = 0, decorative: Bool = false) {
        super.init(sinking: GPointer.raw(gtk_image_new_from_icon_name(iconName)))
        if pixelSize > 0 { self.pixelSize = pixelSize }
        if decorative { hideFromAssistiveTechnologies() }
    }

    private var imagePointer: OpaquePointer { reference.opaque }

    /// The themed icon shown.
    public var iconName: String? {
        get { gtk_image_get_icon_name(imagePointer).map { String(cString: $0) } }
        set { gtk_image_set_from_icon_name(imagePointer, newValue) }
    }

    /// The icon's size in pixels.
    public var pixelSize: Int {
        get { Int(gtk_image_get_pixel_size(imagePointer)) }
        set { gtk_image_set_pixel_size(imagePointer, Int32(newValue)) }
    }
}
