import CGtk4

/// A GCancellable shared between the main loop and a task's cancellation
/// handler; g_cancellable_cancel is thread-safe, which makes this Sendable.
final class GCancellableHandle: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<GCancellable>

    init() { pointer = g_cancellable_new() }
    deinit { g_object_unref(pointer) }
    func cancel() { g_cancellable_cancel(pointer) }
}
