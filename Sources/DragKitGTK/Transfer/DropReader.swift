import CGtk4
import CGtkShim
import Foundation

/// Collects one read: the stream from gdk_drop_read_async, then its bytes.
@MainActor
final class DropReader {
    let continuation: CheckedContinuation<Result<(String, Data), GtkBackendError>, Never>
    let progress: (@MainActor (UInt64) -> Void)?
    let cancellable: GCancellableHandle
    var mimeType = ""

    init(continuation: CheckedContinuation<Result<(String, Data), GtkBackendError>, Never>,
         progress: (@MainActor (UInt64) -> Void)?, cancellable: GCancellableHandle) {
        self.continuation = continuation
        self.progress = progress
        self.cancellable = cancellable
    }

    func streamOpened(_ stream: UnsafeMutablePointer<GInputStream>?, mimeType: String?, error: String?) {
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
                Unmanaged<DropReader>.fromOpaque(data!).takeUnretainedValue().progress?(received)
            }
        }, { data, bytes, length, error in
            nonisolated(unsafe) let (data, bytes, error) = (data, bytes, error)
            MainActor.assumeIsolated {
                let reader = Unmanaged<DropReader>.fromOpaque(data!).takeRetainedValue()
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
