import CGtk4
import DragKitGTK
import Foundation

/// Shows an image from its bytes (GtkPicture with a GdkTexture): PNG, JPEG
/// and the other formats GTK reads, scaled to fit the widget.
///
/// ```swift
/// let photo = Picture()
/// photo.setSizeRequest(width: 128, height: 128)
/// do { try photo.setImage(contact.photoData) } catch { banner.show(error.description) }
/// ```
@MainActor
public final class Picture: Widget {
    /// Creates an empty picture.
    public init() {
        super.init(sinking: GPointer.raw(gtk_picture_new()))
    }

    private var picturePointer: OpaquePointer { reference.opaque }

    /// Shows the image encoded in `data`; nil removes the image.
    ///
    /// - Throws: `GtkBackendError` `.imageUnreadable` when the bytes are
    ///   not an image GTK can read. The picture keeps what it showed before.
    public func setImage(_ data: Data?) throws(GtkBackendError) {
        guard let data else {
            gtk_picture_set_paintable(picturePointer, nil)
            imagePixelSize = nil
            return
        }
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let texture = gdk_texture_new_from_bytes(bytes, &error) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown format"
            if let error { g_error_free(error) }
            throw GtkBackendError(code: .imageUnreadable,
                                  description: "The image could not be read (\(reason)). Use a PNG or JPEG file.")
        }
        defer { g_object_unref(GPointer.raw(texture)) }
        imagePixelSize = (Int(gdk_texture_get_width(texture)), Int(gdk_texture_get_height(texture)))
        gtk_picture_set_paintable(picturePointer, texture)
    }

    /// The size in pixels of the image shown, or nil when there is none.
    public private(set) var imagePixelSize: (width: Int, height: Int)?

    /// Whether an image is shown.
    public var hasImage: Bool { imagePixelSize != nil }

    /// Whether the picture may become smaller than the image (it is scaled
    /// down to fit, keeping its aspect ratio).
    public var canShrink: Bool {
        get { gtk_picture_get_can_shrink(picturePointer) != 0 }
        set { gtk_picture_set_can_shrink(picturePointer, newValue ? 1 : 0) }
    }

    /// A description of the image for screen readers.
    public var alternativeText: String? {
        get { gtk_picture_get_alternative_text(picturePointer).map { String(cString: $0) } }
        set { gtk_picture_set_alternative_text(picturePointer, newValue) }
    }
}
