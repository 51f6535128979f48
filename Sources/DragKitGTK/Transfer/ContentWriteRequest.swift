import CGtkShim
import Foundation

/// A destination's request for the bytes of one MIME type. Answer it exactly
/// once, with ``succeed(with:)`` or ``fail(_:)``; a request dropped
/// unanswered fails, so the destination never waits forever.
@MainActor
public final class ContentWriteRequest {
    /// The MIME type asked for.
    public let mimeType: String
    private var request: OpaquePointer?

    init(mimeType: String, request: OpaquePointer) {
        self.mimeType = mimeType
        self.request = request
    }

    /// Sends `data` to the destination.
    public func succeed(with data: Data) {
        guard let request = take() else { return }
        data.withUnsafeBytes { bytes in
            dk_write_request_succeed(request, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count)
        }
    }

    /// Tells the destination the bytes cannot be produced.
    public func fail(_ message: String) {
        guard let request = take() else { return }
        dk_write_request_fail(request, message)
    }

    private func take() -> OpaquePointer? {
        defer { request = nil }
        return request
    }

    isolated deinit {
        if let request {
            dk_write_request_fail(request, "The source answered no data for \(mimeType)")
        }
    }
}
