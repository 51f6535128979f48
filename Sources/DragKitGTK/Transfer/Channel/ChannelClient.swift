import CGtkShim
import Foundation
import Synchronization

/// The destination's side of the direct channel (see ``ChannelServer``):
/// fetches one representation on its own thread, so the main loop stays
/// free, and ends with every byte or a ``Failure``, never with part of
/// the data.
enum ChannelClient {
    /// Why a fetch ended without the data.
    struct Failure: Error, Sendable {
        enum Kind: Sendable, Equatable {
            /// The socket could not be reached (fall back to the selection).
            case unreachable(String)
            /// The source answered with an error instead of data.
            case refused(String)
            /// The stream ended before every announced byte arrived.
            case closedEarly
            /// Nothing arrived for the stall time.
            case stalled
            case cancelled
        }
        let kind: Kind
        let received: Int64
        let expected: Int64?
    }

    /// One fetch's request.
    struct Request: Sendable {
        let channel: String
        let token: String
        let item: Int
        let typeIdentifier: String
        let stallTimeout: Duration
    }

    /// Fetches a representation; `progress` hears (received, total) as
    /// bytes arrive, from the fetch's thread.
    static func fetch(_ request: Request, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws(Failure) -> Data {
        let fetch = ChannelFetch(request, progress: progress)
        let result: Result<Data, Failure> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let thread = Thread { continuation.resume(returning: fetch.run()) }
                thread.name = "DragKit channel fetch"
                thread.start()
            }
        } onCancel: {
            fetch.cancel()
        }
        return try result.get()
    }
}

/// The blocking work of one fetch, on its own thread.
private final class ChannelFetch: Sendable {
    private let request: ChannelClient.Request
    private let progress: @Sendable (Int64, Int64) -> Void
    private let state = Mutex<(cancelled: Bool, connection: ChannelConnection?)>((false, nil))
    /// Progress is reported at most once per this many bytes.
    private static let reportEvery = 1 << 20

    init(_ request: ChannelClient.Request, progress: @escaping @Sendable (Int64, Int64) -> Void) {
        self.request = request
        self.progress = progress
    }

    func cancel() {
        state.withLock { state in
            state.cancelled = true
            state.connection?.shutdown()
        }
    }

    private var isCancelled: Bool { state.withLock { $0.cancelled } }

    func run() -> Result<Data, ChannelClient.Failure> {
        let fd = dk_channel_connect(request.channel)
        guard fd >= 0 else {
            return .failure(.init(kind: .unreachable(String(cString: strerror(errno))), received: 0, expected: nil))
        }
        let connection = ChannelConnection(fd: fd)
        defer { connection.close() }
        let cancelledAlready = state.withLock { state in
            state.connection = connection
            return state.cancelled
        }
        guard !cancelledAlready else { return .failure(.init(kind: .cancelled, received: 0, expected: nil)) }
        guard connection.send(line: "get \(request.token) \(request.item) \(request.typeIdentifier)") else {
            return .failure(.init(kind: .closedEarly, received: 0, expected: nil))
        }
        var lastActivity = ContinuousClock.now
        // Header lines: "wait" while the source's handler runs, then the answer.
        while true {
            while let line = connection.takeLine() {
                lastActivity = .now
                if line.hasPrefix("data "), let length = Int64(line.dropFirst(5)), length >= 0 {
                    return body(of: length, on: connection)
                }
                if line.hasPrefix("error ") {
                    return .failure(.init(kind: .refused(String(line.dropFirst(6))), received: 0, expected: nil))
                }
            }
            switch connection.receive(timeoutMilliseconds: 200) {
            case .bytes:
                lastActivity = .now
            case .ended:
                return .failure(.init(kind: isCancelled ? .cancelled : .closedEarly, received: 0, expected: nil))
            case .timedOut:
                if let failure = checkWaiting(since: lastActivity, received: 0, expected: nil) { return .failure(failure) }
            }
        }
    }

    /// The announced bytes, read straight into their final buffer.
    private func body(of length: Int64, on connection: ChannelConnection) -> Result<Data, ChannelClient.Failure> {
        let total = Int(length)
        progress(0, length)
        guard total > 0 else { return .success(Data()) }
        guard let buffer = dk_channel_buffer_new(total) else {
            return .failure(.init(kind: .refused("\(total) bytes do not fit in memory"), received: 0, expected: length))
        }
        let early = connection.takePending()
        var filled = min(early.count, total)
        early.withUnsafeBytes { memcpy(buffer, $0.baseAddress!, filled) }
        var reported = 0
        var lastActivity = ContinuousClock.now
        while filled < total {
            // At most one report's worth per call, so progress moves in
            // steps of that size however much the socket holds.
            let count = dk_channel_receive(connection.fd, buffer + filled, min(total - filled, Self.reportEvery), 200)
            if count > 0 {
                filled += count
                lastActivity = .now
                if filled - reported >= Self.reportEvery {
                    reported = filled
                    progress(Int64(filled), length)
                }
            } else if count == -2 {
                if let failure = checkWaiting(since: lastActivity, received: Int64(filled), expected: length) {
                    dk_channel_buffer_free(buffer, total)
                    return .failure(failure)
                }
            } else {
                dk_channel_buffer_free(buffer, total)
                return .failure(.init(kind: isCancelled ? .cancelled : .closedEarly, received: Int64(filled), expected: length))
            }
        }
        progress(length, length)
        return .success(Data(bytesNoCopy: buffer, count: total, deallocator: .custom { dk_channel_buffer_free($0, $1) }))
    }

    /// A failure when the fetch was cancelled or nothing came for too long.
    private func checkWaiting(since lastActivity: ContinuousClock.Instant, received: Int64, expected: Int64?) -> ChannelClient.Failure? {
        if isCancelled { return .init(kind: .cancelled, received: received, expected: expected) }
        if lastActivity.duration(to: .now) > request.stallTimeout {
            return .init(kind: .stalled, received: received, expected: expected)
        }
        return nil
    }
}
