import CGtk4
import CGtkShim
import Foundation

/// A drag hovering over (or dropped on) a drop target, as the destination
/// sees it. While hovering only ``formats`` are known; data is read with
/// ``read(preferring:progress:)`` after the drop.
@MainActor
public final class Drop {
    let reference: ObjectReference

    init(_ pointer: OpaquePointer) {
        reference = ObjectReference(sinking: GPointer.raw(pointer))
    }

    /// The MIME types the source offers, in the source's order.
    public var formats: ContentFormats {
        ContentFormats(gdk_drop_get_formats(reference.opaque))
    }

    /// The actions the source allows.
    public var allowedActions: DragAction {
        DragAction(rawValue: gdk_drop_get_actions(reference.opaque).rawValue)
    }

    /// Whether the drag comes from this process (GDK names the drag then).
    public var isLocal: Bool { gdk_drop_get_drag(reference.opaque) != nil }

    /// The source-side drag when it comes from this process.
    public var localDrag: Drag? {
        gdk_drop_get_drag(reference.opaque).map(Drag.init)
    }

    /// Whether `other` wraps the same GDK drop.
    public func isSame(as other: Drop) -> Bool {
        reference.raw == other.reference.raw
    }

    /// Tells the source, outside a motion handler, which actions the
    /// destination would take now (empty: none) and which one it prefers.
    public func setStatus(_ actions: DragAction, preferred: DragAction) {
        gdk_drop_status(reference.opaque, actions.gdk, preferred.gdk)
    }

    /// Tells the source the drop is complete with `action` (empty: refused).
    /// Call exactly once per dropped drop, after reading.
    public func finish(_ action: DragAction) {
        gdk_drop_finish(reference.opaque, action.gdk)
    }

    /// Reads the whole data of the first of `mimeTypes` (the destination's
    /// order of preference) that the source offers, without blocking the
    /// main loop. `progress` receives the bytes read so far.
    ///
    /// - Returns: the MIME type read and its bytes.
    /// - Throws: ``GtkBackendError`` with `.typeNotOffered` or `.readFailed`.
    public func read(
        preferring mimeTypes: [String], progress: (@MainActor (UInt64) -> Void)? = nil
    ) async throws(GtkBackendError) -> (mimeType: String, data: Data) {
        let offered = formats
        guard mimeTypes.contains(where: offered.contains) else {
            throw GtkBackendError(
                code: .typeNotOffered,
                description: "The drag offers \(offered) but none of \(mimeTypes.joined(separator: ", ")) was asked for.")
        }
        return try await InputStreamCollector.read(progress: progress) { cancellable, userData in
            withCStrings(mimeTypes) { strings in
                dk_drop_read_async(reference.opaque, strings.baseAddress, strings.count, cancellable, { data, stream, mimeType, error in
                    nonisolated(unsafe) let (data, stream, mimeType, error) = (data, stream, mimeType, error)
                    MainActor.assumeIsolated {
                        InputStreamCollector.streamOpened(data!, stream: stream, mimeType: mimeType.map { String(cString: $0) },
                                                error: error.map { String(cString: $0) })
                    }
                }, userData)
            }
        }
    }
}
