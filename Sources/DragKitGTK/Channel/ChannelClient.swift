import CDragKitChannel
import Foundation
import Synchronization

/// The destination's side of the direct channel (see ``ChannelServer``):
/// fetches one representation on a thread of a small shared pool
/// (``BlockingPool/fetches``), so the main loop stays free, and ends with
/// every byte or a ``Failure``, never with part of the data.
///
/// Everything the source sends is checked before it is used
/// (``ChannelProtocol``): numbers are range-checked, a memory file must be
/// sealed and exactly as long as announced before it is mapped, a second
/// descriptor or an overlong line ends the fetch, and the fetch has an
/// overall deadline besides the stall time.
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
            /// The whole fetch took longer than its deadline.
            case timedOut
            /// The source broke the protocol (the reason says how).
            case malformed(String)
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
        /// The longest the whole fetch may take, however busy the source says it is.
        var deadline: Duration = .seconds(600)
    }

    /// Fetches a representation; `progress` hears (received, total) as
    /// bytes arrive, from the fetch's thread.
    static func fetch(_ request: Request, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws(Failure) -> Data {
        let fetch = ChannelFetch(request, progress: progress)
        let result: Result<Data, Failure> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let queued = BlockingPool.fetches.submit { continuation.resume(returning: fetch.run()) }
                if !queued {
                    continuation.resume(returning: .failure(.init(kind: .unreachable("too many transfers are waiting"), received: 0, expected: nil)))
                }
            }
        } onCancel: {
            fetch.cancel()
        }
        return try result.get()
    }
}

/// The blocking work of one fetch, on a pool thread.
private final class ChannelFetch: Sendable {
    private let request: ChannelClient.Request
    private let progress: @Sendable (Int64, Int64) -> Void
    private let state = Mutex<(cancelled: Bool, connection: ChannelConnection?)>((false, nil))
    private let start = ContinuousClock.now
    /// Progress is reported at most once per this many bytes.
    private static let reportEvery = 1 << 20
    /// A streamed body's buffer starts at most this large and doubles as
    /// bytes arrive: a source announcing a huge length costs nothing until
    /// it sends the bytes.
    private static let firstBuffer = 16 << 20

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

    private func failure(_ kind: ChannelClient.Failure.Kind, _ received: Int64 = 0, of expected: Int64? = nil) -> Result<Data, ChannelClient.Failure> {
        .failure(.init(kind: kind, received: received, expected: expected))
    }

    func run() -> Result<Data, ChannelClient.Failure> {
        guard !isCancelled else { return failure(.cancelled) }
        let line = ChannelProtocol.Request(token: request.token, item: request.item, type: request.typeIdentifier)
        // Checked here too: a request with a space or newline in it would
        // say something else to the source.
        guard ChannelProtocol.isToken(line.token), ChannelProtocol.isTypeIdentifier(line.type),
              (0...ChannelProtocol.maximumItemIndex).contains(line.item) else {
            return failure(.malformed("its manifest names a token, item or type that cannot be requested"))
        }
        let fd = dk_channel_connect(request.channel)
        guard fd >= 0 else { return failure(.unreachable(String(cString: strerror(errno)))) }
        let connection = ChannelConnection(fd: fd)
        defer { connection.close() }
        // Only a socket of this user's is trusted with the request (and
        // its answer): another user may have taken the name.
        guard connection.peerIsSameUser else {
            return failure(.unreachable("the socket belongs to another user"))
        }
        let cancelledAlready = state.withLock { state in
            state.connection = connection
            return state.cancelled
        }
        guard !cancelledAlready else { return failure(.cancelled) }
        guard connection.send(line: line.line) else { return failure(.closedEarly) }
        var lastActivity = ContinuousClock.now
        var replies = ChannelProtocol.ReplySequence()
        // Header lines: "wait" while the source's handler runs, "progress"
        // while it fills the memory file, then the answer.
        while true {
            do throws(ChannelProtocol.Violation) {
                guard connection.refusedFDs == 0 else {
                    throw .extraDescriptors
                }
                while let text = try connection.takeLine() {
                    lastActivity = .now
                    let reply = try ChannelProtocol.reply(text)
                    try replies.accept(reply)
                    switch reply {
                    case .wait:
                        break
                    case .progress(let written, let total):
                        progress(written, total)
                    case .file(let length):
                        return try mapFile(of: length, on: connection)
                    case .data(let length):
                        return body(of: length, on: connection)
                    case .error(let message):
                        return failure(.refused(message))
                    }
                }
            } catch {
                return failure(.malformed(error.reason), replies.written, of: replies.total)
            }
            if let failure = checkWaiting(since: lastActivity, received: replies.written, expected: replies.total) {
                return .failure(failure)
            }
            switch connection.receive(timeoutMilliseconds: 200) {
            case .bytes:
                lastActivity = .now
            case .ended:
                return failure(isCancelled ? .cancelled : .closedEarly, replies.written, of: replies.total)
            case .timedOut:
                break
            }
        }
    }

    /// The source's memory file, mapped: its bytes without another copy.
    /// Only a file sealed against shrinking, growing and writing, exactly
    /// `length` bytes long, is mapped: the sender can then neither make a
    /// read of the mapping fault nor change the bytes after the check.
    private func mapFile(of length: Int64, on connection: ChannelConnection) throws(ChannelProtocol.Violation) -> Result<Data, ChannelClient.Failure> {
        let file = connection.passedFD
        connection.passedFD = -1
        guard connection.refusedFDs == 0 else { throw .extraDescriptors }
        guard file >= 0 else {
            throw .init(reason: "its \u{201C}file\u{201D} answer came without a file descriptor")
        }
        defer { close(file) }
        switch dk_memory_file_check(file, length) {
        case 0:
            break
        case Int32(DK_MEMORY_FILE_UNSEALED):
            throw .init(reason: "its memory file is not sealed against changes, so it could shrink while being read")
        case Int32(DK_MEMORY_FILE_WRONG_SIZE):
            throw .init(reason: "it announced \(length) bytes in a memory file of \(dk_memory_file_size(file)) bytes")
        default:
            throw .init(reason: "the descriptor it passed is not a memory file")
        }
        let total = Int(length)
        guard total > 0 else { return .success(Data()) }
        guard let buffer = dk_memory_file_map(file, total) else {
            return failure(.refused("\(total) bytes could not be mapped into memory"), 0, of: length)
        }
        progress(length, length)
        return .success(Data(bytesNoCopy: buffer, count: total, deallocator: .custom { dk_channel_buffer_free($0, $1) }))
    }

    /// The announced bytes, read straight into a buffer that grows as they
    /// arrive (doubling, up to the announced length).
    private func body(of length: Int64, on connection: ChannelConnection) -> Result<Data, ChannelClient.Failure> {
        let total = Int(length)
        progress(0, length)
        guard total > 0 else { return .success(Data()) }
        var capacity = min(total, Self.firstBuffer)
        guard var buffer = dk_channel_buffer_new(capacity) else {
            return failure(.refused("\(capacity) bytes do not fit in memory"), 0, of: length)
        }
        let early = connection.takePending()
        var filled = min(early.count, total)
        _ = early.withUnsafeBytes { memcpy(buffer, $0.baseAddress!, filled) }
        var reported = 0
        var lastActivity = ContinuousClock.now
        while filled < total {
            if filled == capacity {
                let grown = min(total, capacity * 2)
                guard let larger = dk_channel_buffer_grow(buffer, capacity, grown) else {
                    dk_channel_buffer_free(buffer, capacity)
                    return failure(.refused("\(grown) bytes do not fit in memory"), Int64(filled), of: length)
                }
                buffer = larger
                capacity = grown
            }
            // At most one report's worth per call, so progress moves in
            // steps of that size however much the socket holds.
            let count = dk_channel_receive(connection.fd, buffer + filled, min(capacity - filled, Self.reportEvery), 200)
            if count > 0 {
                filled += count
                lastActivity = .now
                if filled - reported >= Self.reportEvery {
                    reported = filled
                    progress(Int64(filled), length)
                }
            } else if count == -2 {
                if let failure = checkWaiting(since: lastActivity, received: Int64(filled), expected: length) {
                    dk_channel_buffer_free(buffer, capacity)
                    return .failure(failure)
                }
            } else {
                dk_channel_buffer_free(buffer, capacity)
                return failure(isCancelled ? .cancelled : .closedEarly, Int64(filled), of: length)
            }
            if start.duration(to: .now) > request.deadline {
                dk_channel_buffer_free(buffer, capacity)
                return failure(.timedOut, Int64(filled), of: length)
            }
        }
        progress(length, length)
        return .success(Data(bytesNoCopy: buffer, count: total, deallocator: .custom { dk_channel_buffer_free($0, $1) }))
    }

    /// A failure when the fetch was cancelled, nothing came for the stall
    /// time, or the whole fetch passed its deadline.
    private func checkWaiting(since lastActivity: ContinuousClock.Instant, received: Int64, expected: Int64?) -> ChannelClient.Failure? {
        if isCancelled { return .init(kind: .cancelled, received: received, expected: expected) }
        if lastActivity.duration(to: .now) > request.stallTimeout {
            return .init(kind: .stalled, received: received, expected: expected)
        }
        if start.duration(to: .now) > request.deadline {
            return .init(kind: .timedOut, received: received, expected: expected)
        }
        return nil
    }
}
