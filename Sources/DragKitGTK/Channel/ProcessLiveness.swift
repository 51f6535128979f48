import Foundation

/// Whether a process on this machine still runs, from /proc: a process
/// that ended but was not yet reaped by its parent (a zombie) counts as
/// ended, since it will never send another byte.
enum ProcessLiveness {
    enum State {
        case running
        /// Stopped by a signal (SIGSTOP) or a debugger.
        case stopped
        case ended
    }

    static func state(of pid: Int32) -> State {
        guard pid > 0, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return .ended }
        // The state letter follows the command name in parentheses.
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        switch state {
        case "Z", "X", "x": return .ended
        case "T", "t": return .stopped
        default: return .running
        }
    }

    static func isRunning(_ pid: Int32) -> Bool {
        state(of: pid) != .ended
    }

    /// Whether `pid` ended, allowing the kernel a moment: a socket closes
    /// as its process exits, a little before the process counts as ended.
    static func hasEnded(_ pid: Int32, within milliseconds: Int = 300) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(milliseconds)
        repeat {
            if state(of: pid) == .ended { return true }
            usleep(20_000)
        } while ContinuousClock.now < deadline
        return false
    }
}
