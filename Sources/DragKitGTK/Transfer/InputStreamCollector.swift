import CGtk4
import CGtkShim
import Foundation

/// Collects one read: the stream GTK opens (from a drop or the
/// clipboard), then its bytes.
@MainActor
final class InputStreamCollector {
    private let continuation: CheckedContinuation<Result<(String, Data), GtkBackendError>, Never>
    private let progress: (@MainActor (UInt64) -> Void)?
    private let cancellable: GCancellableHandle
    private var mimeType = ""

    private init(continuation: CheckedContinuation<Result<(String, Data), GtkBackendError>, Never>,
                 progress: (@MainActor (UInt64) -> Void)?, cancellable: GCancellableHandle) {
        self.continuation = continuation
        self.progress = progress
        self.cancellable = cancellable
    }

    /// Reads one stream to its end without blocking the main loop: `open`
    /// starts GTK's asynchronous open with the cancellable and the user data
    /// to hand its callback, which passes them on to
    /// ``streamOpened(_:stream:mimeType:error:)``. Cancelling the task
    /// cancels the read.
    static func read(
        progress: (@MainActor (UInt64) -> Void)?,
        open: (_ cancellable: UnsafeMutablePointer<GCancellable>, _ userData: UnsafeMutableRawPointer) -> Void
    ) async throws(GtkBackendError) -> (mimeType: String, data: Data) {
        let cancellable = GCancellableHandle()
        let result: Result<(String, Data), GtkBackendError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let reader = InputStreamCollector(continuation: continuation, progress: progress, cancellable: cancellable)
                open(cancellable.pointer, Unmanaged.passRetained(reader).toOpaque())
            }
        } onCancel: {
            cancellable.cancel()
        }
        return try result.get()
    }

    /// The open's callback: `userData` is what ``read(progress:open:)``
    /// gave `open`; the stream (nil with `error` when GTK could not open
    /// one) is read to its end.
    static func streamOpened(_ userData: UnsafeMutableRawPointer, stream: UnsafeMutablePointer<GInputStream>?,
                             mimeType: String?, error: String?) {
        Unmanaged<InputStreamCollector>.fromOpaque(userData).takeRetainedValue().streamOpened(stream, mimeType: mimeType, error: error)
    }

    private func streamOpened(_ stream: UnsafeMutablePointer<GInputStream>?, mimeType: String?, error: String?) {
        guard let stream else {
            continuation.resume(returning: .failure(GtkBackendError(
                code: .readFailed, description: "The drop could not be read: \(error ?? "unknown error").")))
            return
        }
        self.mimeType = mimeType ?? ""
        let box = Unmanaged.passRetained(self).toOpaque()
        dk_read_stream_all_async(stream, cancellable.pointer, { data, received in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated {
                Unmanaged<InputStreamCollector>.fromOpaque(data!).takeUnretainedValue().progress?(received)
            }
        }, { data, bytes, length, error in
            nonisolated(unsafe) let (data, bytes, error) = (data, bytes, error)
            MainActor.assumeIsolated {
                let reader = Unmanaged<InputStreamCollector>.fromOpaque(data!).takeRetainedValue()
                if let error {
                    reader.continuation.resume(returning: .failure(GtkBackendError(
                        code: .readFailed, description: "Reading \(reader.mimeType) from the drop failed: \(String(cString: error)).")))
                } else {
                    let data = length == 0 ? Data() : Data(bytes: bytes!, count: length)
                    reader.continuation.resume(returning: .success((reader.mimeType, data)))
                }
            }
        }, box)
        g_object_unref(stream)
    }
}
