import CGtk4
import CGtkShim
import Foundation

/// The content a drag offers: a list of MIME types whose bytes are produced
/// only when a destination reads one of them.
///
/// ```swift
/// let content = LazyContentProvider(mimeTypes: ["text/plain;charset=utf-8"]) { request in
///     request.succeed(with: Data("hello".utf8))
/// }
/// ```
@MainActor
public final class LazyContentProvider {
    /// The offered MIME types, best first.
    public let formats: ContentFormats
    let reference: ObjectReference

    /// Creates a provider offering `mimeTypes`; `produce` runs once per read.
    public init(mimeTypes: [String], produce: @escaping @MainActor (ContentWriteRequest) -> Void) {
        formats = ContentFormats(mimeTypes: mimeTypes)
        let box = Unmanaged.passRetained(SignalHandlerBox<Producer>(produce)).toOpaque()
        let pointer = withCStrings(mimeTypes) { strings in
            dk_lazy_content_provider_new(strings.baseAddress, strings.count, { data, mimeType, request in
                nonisolated(unsafe) let (data, mimeType, request) = (data, mimeType, request)
                MainActor.assumeIsolated {
                    let write = ContentWriteRequest(mimeType: String(cString: mimeType!), request: request!)
                    SignalHandlerBox<Producer>.from(data).handler(write)
                }
            }, box, { data in
                Unmanaged<AnyObject>.fromOpaque(data!).release()
            })
        }
        reference = ObjectReference(adopting: GPointer.raw(pointer!))
    }

    typealias Producer = @MainActor (ContentWriteRequest) -> Void
}
