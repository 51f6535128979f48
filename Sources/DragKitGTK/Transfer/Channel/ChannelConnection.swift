import CGtkShim
import Foundation

/// One connected channel socket, with the line reading both ends share.
/// Used by one thread at a time; ``shutdown()`` may come from any thread.
final class ChannelConnection: @unchecked Sendable {
    let fd: Int32
    /// Bytes read past the last line returned, the start of what follows.
    private(set) var pending: [UInt8] = []
    /// A file descriptor the peer passed along with its bytes, if any (owned
    /// by whoever takes it).
    var passedFD: Int32 = -1

    init(fd: Int32) {
        self.fd = fd
    }

    /// The process at the other end, when the kernel knows it.
    var peerProcess: Int32? {
        let pid = dk_channel_peer_pid(fd)
        return pid > 0 ? pid : nil
    }

    /// Sends `line` and a newline; false when the peer is gone.
    func send(line: String) -> Bool {
        let bytes = Array((line + "\n").utf8)
        return dk_channel_send_all(fd, bytes, bytes.count) == 0
    }

    /// The next line, waiting at most `timeoutMilliseconds` in all; nil on
    /// a timeout, an error or the end of the stream.
    func readLine(timeoutMilliseconds: Int) -> String? {
        let deadline = ContinuousClock.now + .milliseconds(timeoutMilliseconds)
        while true {
            if let line = takeLine() { return line }
            guard ContinuousClock.now < deadline, receive(timeoutMilliseconds: 100) != .ended else { return nil }
        }
    }

    /// A complete line already received, if any.
    func takeLine() -> String? {
        guard let newline = pending.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
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
        let count = dk_channel_receive_fd(fd, &buffer, buffer.count, timeoutMilliseconds, &passedFD)
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
