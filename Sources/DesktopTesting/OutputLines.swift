import Foundation
import Synchronization

/// Collects a process's output lines as they arrive on reader threads.
final class OutputLines: Sendable {
    private let state = Mutex<(partial: Data, lines: [String], errors: Data)>((Data(), [], Data()))

    var lines: [String] { state.withLock { $0.lines } }
    var errorText: String { String(decoding: state.withLock { $0.errors }, as: UTF8.self) }

    func receiveOutput(_ chunk: Data) {
        state.withLock { state in
            state.partial.append(chunk)
            while let newline = state.partial.firstIndex(of: UInt8(ascii: "\n")) {
                state.lines.append(String(decoding: state.partial[state.partial.startIndex..<newline], as: UTF8.self))
                state.partial.removeSubrange(state.partial.startIndex...newline)
            }
        }
    }

    func receiveError(_ chunk: Data) {
        state.withLock { $0.errors.append(chunk) }
    }
}
