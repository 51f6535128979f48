import CGtk4

/// The boxed closure GLib passes back as `user_data`.
@MainActor
package final class SignalHandlerBox<Handler> {
    package let handler: Handler
    package init(_ handler: Handler) { self.handler = handler }

    nonisolated package static func from(_ data: gpointer?) -> SignalHandlerBox<Handler> {
        Unmanaged<SignalHandlerBox<Handler>>.fromOpaque(data!).takeUnretainedValue()
    }
}
