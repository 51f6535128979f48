import CGtk4
import DragKitGTK
import Foundation

/// Decodes image bytes all the way with gdk-pixbuf, to learn whether they
/// are a picture before anything is replaced by them. Safe off the main
/// thread (each call has its own loader).
///
/// ```swift
/// detail.decodeImage = { data in _ = try ImageDecoder.decode(data) }
/// ```
///
/// gdk-pixbuf refuses what its decoders report as errors: a file cut
/// short, an unknown format, a JPEG whose scan uses a Huffman or
/// quantization table it never defined, sizes that do not add up. Damage
/// that a decoder only warns about (single wrong bits inside a JPEG scan)
/// decodes to a picture and is not refused.
public enum ImageDecoder {
    /// Decodes `data` and returns the image's size in pixels.
    ///
    /// - Throws: `GtkBackendError` `.imageUnreadable` with gdk-pixbuf's reason.
    public static func decode(_ data: Data) throws(GtkBackendError) -> (width: Int, height: Int) {
        guard let loader = gdk_pixbuf_loader_new() else {
            throw GtkBackendError(code: .imageUnreadable, description: "no image decoder is available")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        var error: UnsafeMutablePointer<GError>?
        let written = data.withUnsafeBytes { bytes -> gboolean in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return 1 }
            return gdk_pixbuf_loader_write(loader, base.assumingMemoryBound(to: guchar.self), gsize(bytes.count), &error)
        }
        // Close even after a failed write: a loader must be closed before it goes.
        // After a failed write its error is the reason; the close's is not asked for.
        var closeError: UnsafeMutablePointer<GError>?
        let closed = written != 0 ? gdk_pixbuf_loader_close(loader, &closeError) : gdk_pixbuf_loader_close(loader, nil)
        if written == 0 || closed == 0 {
            let failure = error ?? closeError
            let reason = failure.map { String(cString: $0.pointee.message) } ?? "the image could not be decoded"
            if let error { g_error_free(error) }
            if let closeError { g_error_free(closeError) }
            throw GtkBackendError(code: .imageUnreadable, description: reason)
        }
        guard let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
            throw GtkBackendError(code: .imageUnreadable, description: "the data holds no image")
        }
        return (Int(gdk_pixbuf_get_width(pixbuf)), Int(gdk_pixbuf_get_height(pixbuf)))
    }
}
