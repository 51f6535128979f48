import CDragKitChannel
import Foundation

/// One connected channel socket, with the line reading both ends share.
/// Used by one thread at a time; ``shutdown()`` may come from any thread.
final class ChannelConnection: @unchecked Sendable {
    let fd: Int32
    /// Bytes read past the last line returned, the start of what follows.
    private(set) var pending: [UInt8] = []
    /// The file descriptor the peer passed along with its bytes, if any
    /// (owned by whoever takes it). Only one is taken per connection.
    var passedFD: Int32 = -1
    /// How many further descriptors the peer passed (each closed on
    /// arrival) or the kernel had to drop.
    private(set) var refusedFDs: Int32 = 0

    init(fd: Int32) {
        self.fd = fd
    }

    /// The process at the other end, when the kernel knows it.
    var peerProcess: Int32? {
        let pid = dk_channel_peer_pid(fd)
        return pid > 0 ? pid : nil
    }

    /// The user the process at the other end runs as, from the kernel
    /// (SO_PEERCRED), or nil when it cannot be told.
    var peerUser: uid_t? {
        let uid = dk_channel_peer_uid(fd)
        return uid >= 0 ? uid_t(uid) : nil
    }

    /// Whether the other end runs as this process's user: the channel
    /// serves and trusts nobody else.
    var peerIsSameUser: Bool { peerUser == geteuid() }

    /// Sends `line` and a newline; false when the peer is gone.
    func send(line: String) -> Bool {
        let bytes = Array((line + "\n").utf8)
        return dk_channel_send_all(fd, bytes, bytes.count) == 0
    }

    /// The next line, waiting at most `timeoutMilliseconds` in all; nil on
    /// a timeout, an error, the end of the stream or a line over
    /// ``ChannelProtocol/maximumLineLength``.
    func readLine(timeoutMilliseconds: Int) -> String? {
        let deadline = ContinuousClock.now + .milliseconds(timeoutMilliseconds)
        while true {
            do {
                if let line = try takeLine() { return line }
            } catch {
                return nil
            }
            guard ContinuousClock.now < deadline, receive(timeoutMilliseconds: 100) != .ended else { return nil }
        }
    }

    /// A complete line already received, if any.
    /// - Throws: when the bytes received hold no newline within
    ///   ``ChannelProtocol/maximumLineLength``: a peer cannot make this end
    ///   buffer (or scan) without limit.
    func takeLine() throws(ChannelProtocol.Violation) -> String? {
        let limit = ChannelProtocol.maximumLineLength
        guard let newline = pending.prefix(limit + 1).firstIndex(of: UInt8(ascii: "\n")) else {
            if pending.count > limit {
                throw .init(reason: "it sent more than \(limit) bytes without a line break")
            }
            return nil
        }
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        return line
    }

    /// Takes the bytes received past the last line.
    func takePending() -> [UInt8] {
        defer { pending = [] }
        return pending
    }

    enum Receipt: Equatable {
        case bytes(Int)
        case timedOut
        case ended
    }

    /// Receives what has arrived into ``pending`` (waiting up to the timeout).
    func receive(timeoutMilliseconds: Int32) -> Receipt {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = dk_channel_receive_fd(fd, &buffer, buffer.count, timeoutMilliseconds, &passedFD, &refusedFDs)
        if count == -2 { return .timedOut }
        guard count > 0 else { return .ended }
        pending += buffer[..<Int(count)]
        return .bytes(Int(count))
    }

    /// Stops both directions, waking a thread blocked on the socket.
    func shutdown() {
        _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
    }

    func close() {
        if passedFD >= 0 { _ = Glibc.close(passedFD) }
        _ = Glibc.close(fd)
    }
}
