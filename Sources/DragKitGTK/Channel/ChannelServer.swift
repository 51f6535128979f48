import CDragKitChannel
import Foundation
import Synchronization

/// The direct channel a drag source serves its representations on: one
/// abstract Unix socket per process, named in each drag's
/// ``TransferManifest``. A DragKit destination connects once per
/// representation it loads and sends one request line:
///
///     get TOKEN ITEM TYPE-IDENTIFIER\n
///
/// The source runs that item's handler (only now) and answers with lines:
/// `wait` once a second while the handler runs and the source's main loop
/// answers (a destination that hears nothing for its stall time gives up,
/// so a hung source is found out), then the bytes, or `error MESSAGE`.
/// The bytes go into a memory file (memfd) with a `progress WRITTEN LENGTH`
/// line after each slice, then `file LENGTH` carries the file's descriptor
/// (SCM_RIGHTS) and the destination maps it: one copy in all, and no
/// back-and-forth between the processes per slice. Where memory files are
/// not available, `data LENGTH` and exactly LENGTH bytes follow instead.
/// Closing the connection cancels: a destination that goes away cancels the
/// handler, and a destination that died is reported so the drag can end.
///
/// Only this user's processes are served: the peer's user id (SO_PEERCRED)
/// is checked before anything is read, a connection that sends no valid
/// request within ``requestTimeoutMilliseconds`` is closed, and requests
/// run on a bounded pool (``BlockingPool/requests``). The memory file is
/// sealed before it is passed, so the destination can map it safely.
final class ChannelServer: Sendable {
    /// This process's server, or nil when no socket could be made (the
    /// selection carries everything then).
    static let shared: ChannelServer? = ChannelServer()

    /// The abstract socket name destinations connect to.
    let name: String
    private let listener: Int32
    private let drags = Mutex<[String: ChannelDrag]>([:])
    /// At most this many bytes per second go out (nil: no limit).
    let rateLimit = Mutex<Int?>(nil)
    /// Whether bytes go in memory files (else they are streamed; tests
    /// switch this off to try the stream).
    let usesMemoryFiles = Mutex(true)

    private init?() {
        name = "dragkit-\(getpid())-\(UUID().uuidString.prefix(8).lowercased())"
        listener = dk_channel_listen(name)
        guard listener >= 0 else { return nil }
        let thread = Thread { [self] in acceptConnections() }
        thread.name = "DragKit channel"
        thread.start()
    }

    /// Serves `drag` under a new secret token, returned.
    func register(_ drag: ChannelDrag) -> String {
        let token = UUID().uuidString.lowercased()
        drags.withLock { $0[token] = drag }
        return token
    }

    /// Stops serving the drag of `token`; requests naming it are refused.
    func unregister(_ token: String) {
        _ = drags.withLock { $0.removeValue(forKey: token) }
    }

    private func acceptConnections() {
        while true {
            let fd = dk_channel_accept(listener)
            guard fd >= 0 else {
                // Out of descriptors, say: try again shortly rather than spin.
                usleep(100_000)
                continue
            }
            let connection = ChannelConnection(fd: fd)
            // Before anything else: only this user's processes are served.
            // The kernel recorded the peer's user when it connected.
            guard connection.peerIsSameUser else {
                connection.close()
                continue
            }
            // A bounded number of requests at once; beyond that the
            // connection is closed and the destination's fetch fails.
            if !BlockingPool.requests.submit({ [self] in serve(connection) }) {
                connection.close()
            }
        }
    }

    // MARK: - One request

    /// How long a connection has to send its request (with a valid token)
    /// before it is closed.
    static let requestTimeoutMilliseconds = 2000

    private func serve(_ connection: ChannelConnection) {
        defer { connection.close() }
        guard let line = connection.readLine(timeoutMilliseconds: Self.requestTimeoutMilliseconds) else { return }
        let request: ChannelProtocol.Request
        do {
            request = try ChannelProtocol.request(line)
        } catch {
            _ = connection.send(line: "error \(error.reason.prefix(1).uppercased())\(error.reason.dropFirst()).")
            return
        }
        guard let drag = drags.withLock({ $0[request.token] }) else {
            _ = connection.send(line: "error The drag is over: its source no longer serves it.")
            return
        }
        let item = request.item
        let type = request.type
        let waiter = ProductionWaiter()
        let production = Task { @MainActor in
            let result: Result<Data, any Error>
            do {
                result = .success(try await drag.produce(item, type))
            } catch {
                result = .failure(error)
            }
            waiter.finish(result)
        }
        guard let result = waitForProduction(waiter, on: connection) else {
            production.cancel()
            report(drag, item: item, type: type, gone: connection)
            return
        }
        switch result {
        case .failure(let error):
            let message = "\(error)".split(whereSeparator: \.isNewline).joined(separator: " ")
            _ = connection.send(line: "error \(message)")
            drag.report(ChannelOutcome(item: item, type: type, byteCount: 0, error: message, destinationDied: false))
        case .success(let data):
            let inFile = usesMemoryFiles.withLock { $0 } ? sendThroughMemoryFile(data, on: connection) : nil
            let sent = inFile ?? (connection.send(line: "data \(data.count)") && send(data, on: connection))
            guard sent else {
                report(drag, item: item, type: type, gone: connection)
                return
            }
            drag.report(ChannelOutcome(item: item, type: type, byteCount: data.count, error: nil, destinationDied: false))
        }
    }

    /// Waits for the handler's result, telling the destination once a
    /// second that it is still coming. Nil when the destination went away.
    private func waitForProduction(_ waiter: ProductionWaiter, on connection: ChannelConnection) -> Result<Data, any Error>? {
        let pulse = MainLoopPulse()
        while true {
            let ready = dk_channel_wait(connection.fd, waiter.wakeFD, 1000)
            if ready & 2 != 0, let result = waiter.result { return result }
            // The destination sends nothing after its request: readable
            // means it closed (cancelled, or its process ended).
            if ready & 1 != 0 { return nil }
            guard ready == 0 else { continue }
            // "Still producing" only while the main loop (where handlers
            // are started and their results come back) still turns.
            if pulse.isAlive, !connection.send(line: "wait") { return nil }
            pulse.check()
        }
    }

    /// Sends `data` in a sealed memory file; nil when none can be made or
    /// sealed (stream it then), false when the destination went away.
    private func sendThroughMemoryFile(_ data: Data, on connection: ChannelConnection) -> Bool? {
        let file = dk_memory_file_new()
        guard file >= 0 else { return nil }
        defer { close(file) }
        return data.withUnsafeBytes { bytes in
            // 2 MiB slices (unless rate-limited), a progress line each.
            let written = inSlices(bytes, unlimitedSlice: 2 << 20) { slice, end in
                dk_write_all(file, slice.baseAddress!, slice.count) == 0
                    && connection.send(line: "progress \(end) \(bytes.count)")
            }
            guard written else { return false }
            // Sealed, the file can no longer shrink, grow or change: the
            // destination maps it only when it is. A kernel that cannot
            // seal gets the bytes streamed instead.
            guard dk_memory_file_seal(file) == 0 else { return nil }
            let line = Array("file \(bytes.count)\n".utf8)
            return dk_channel_send_with_fd(connection.fd, line, line.count, file) == 0
        }
    }

    private func send(_ data: Data, on connection: ChannelConnection) -> Bool {
        data.withUnsafeBytes { bytes in
            inSlices(bytes, unlimitedSlice: bytes.count) { slice, _ in
                dk_channel_send_all(connection.fd, slice.baseAddress!, slice.count) == 0
            }
        }
    }

    /// Hands `bytes` to `write` slice by slice, with the offset each slice
    /// ends at: under ``rateLimit`` a tenth of a second's worth per slice
    /// and a tenth of a second between slices, for a steady rate; else
    /// `unlimitedSlice` bytes per slice. False once `write` fails.
    private func inSlices(_ bytes: UnsafeRawBufferPointer, unlimitedSlice: Int,
                          _ write: (UnsafeRawBufferPointer, _ end: Int) -> Bool) -> Bool {
        let limit = rateLimit.withLock { $0 }.flatMap { $0 > 0 ? $0 : nil }
        let size = limit.map { max(1, $0 / 10) } ?? max(1, unlimitedSlice)
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + size, bytes.count)
            guard write(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]), end) else { return false }
            offset = end
            if limit != nil, offset < bytes.count { usleep(100_000) }
        }
        return true
    }

    private func report(_ drag: ChannelDrag, item: Int, type: String, gone connection: ChannelConnection) {
        // Its socket closes as a dying process exits, a moment before the
        // process counts as ended; this thread can afford to wait for it.
        let died = connection.peerProcess.map { ProcessLiveness.hasEnded($0, within: 1000) } ?? false
        let why = died ? "The destination's process ended during the transfer." : "The destination closed the transfer before it was complete (it cancelled or gave up)."
        drag.report(ChannelOutcome(item: item, type: type, byteCount: 0, error: why, destinationDied: died))
    }
}

/// What the channel serves for one drag.
struct ChannelDrag: Sendable {
    /// Produces item `index`'s representation of the type identified.
    let produce: @MainActor @Sendable (_ index: Int, _ typeIdentifier: String) async throws -> Data
    /// Told how each request ended (from the channel's threads).
    let report: @Sendable (ChannelOutcome) -> Void
}

/// How one channel request ended, as the source saw it.
struct ChannelOutcome: Sendable {
    let item: Int
    let type: String
    let byteCount: Int
    /// Why nothing (or not everything) was sent.
    let error: String?
    /// Whether the destination's process ended before the transfer did.
    let destinationDied: Bool
}

/// A handler's result, handed from the main actor to a transfer thread
/// that polls a pipe to learn it is there.
private final class ProductionWaiter: Sendable {
    private let state = Mutex<Result<Data, any Error>?>(nil)
    private let pipeFDs: (read: Int32, write: Int32)

    init() {
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        pipeFDs = (fds[0], fds[1])
    }

    deinit {
        Glibc.close(pipeFDs.read)
        Glibc.close(pipeFDs.write)
    }

    var wakeFD: Int32 { pipeFDs.read }
    var result: Result<Data, any Error>? { state.withLock { $0 } }

    func finish(_ result: Result<Data, any Error>) {
        state.withLock { $0 = result }
        var byte: UInt8 = 1
        _ = write(pipeFDs.write, &byte, 1)
    }
}

/// Whether the main actor still runs jobs: checked once a second by a
/// transfer thread; alive while the last check came back within 3 seconds.
private final class MainLoopPulse: Sendable {
    private let lastBeat = Mutex(ContinuousClock.now)

    var isAlive: Bool { lastBeat.withLock { $0.duration(to: .now) < .seconds(3) } }

    func check() {
        Task { @MainActor in self.lastBeat.withLock { $0 = .now } }
    }
}
