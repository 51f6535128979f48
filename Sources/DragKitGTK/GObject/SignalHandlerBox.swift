import CGtk4

/// The boxed closure GLib passes back as `user_data`.
@MainActor
final class SignalHandlerBox<Handler> {
    let handler: Handler
    init(_ handler: Handler) { self.handler = handler }

    nonisolated static func from(_ data: gpointer?) -> SignalHandlerBox<Handler> {
        Unmanaged<SignalHandlerBox<Handler>>.fromOpaque(data!).takeUnretainedValue()
    }
}
