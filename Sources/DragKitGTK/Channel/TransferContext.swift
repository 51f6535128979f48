import Foundation
import ItemProviders
import UniformTypes

/// One representation a destination loads from another process, and the
/// words for its failures: each broken transfer becomes an
/// ``ItemProviderError`` that names the type, the item and the bytes that
/// had arrived (none of which reach the app).
struct TransferContext: Sendable {
    let type: UTType
    let mime: String
    /// The item's place in the drag, from 0.
    let item: Int
    let itemCount: Int
    let itemName: String?
    /// The source's process, when a DragKit manifest named it.
    let sourceProcess: Int32?
    let stallTimeout: Duration

    /// How a transfer broke off.
    enum Breakage {
        /// The stream ended (or the source could not be reached) before
        /// every byte arrived.
        case ended(String?)
        case stalled
        /// The source answered with an error or an empty refusal.
        case notProduced(String)
        /// The source broke the protocol; the reason says how.
        case malformed(String)
        /// The whole transfer took longer than the deadline.
        case timedOut(Duration)
    }

    private var what: String {
        let name = itemName.map { " (“\($0)”)" } ?? ""
        return "\(type.identifier) (\(mime)) of item \(item + 1) of \(itemCount)\(name)"
    }

    private func bytes(_ received: Int64, of expected: Int64?) -> String {
        let count = expected.map { "\(received) of \($0) bytes" } ?? "\(received) bytes"
        return "\(count) had arrived and none were kept"
    }

    private func source(_ state: String = "") -> String {
        sourceProcess.map { "The drag source (process \($0)\(state))" } ?? "The drag source"
    }

    /// The error for `breakage` after `received` bytes. Checks whether the
    /// source's process still runs (waiting up to a second, off the main
    /// actor, for a process whose socket just closed), so a crash reads as
    /// one.
    func error(_ breakage: Breakage, received: Int64, expected: Int64?) async -> ItemProviderError {
        let fallback = "Load another representation with loadDataRepresentation(for:excluding:), or drag the item again."
        switch breakage {
        case .ended(let detail):
            if let pid = sourceProcess, await Task.detached(operation: { ProcessLiveness.hasEnded(pid, within: 1000) }).value {
                return ItemProviderError(.sourceProcessDied,
                    "\(source()) ended while \(what) was arriving: \(bytes(received, of: expected)). Drag the item again once its app runs.",
                    contentType: type, receivedByteCount: received)
            }
            let why = detail.map { " (\($0))" } ?? ""
            return ItemProviderError(.transferClosedEarly,
                "\(source()) closed the transfer of \(what) early\(why): \(bytes(received, of: expected)). \(fallback)",
                contentType: type, receivedByteCount: received)
        case .stalled:
            let stopped = sourceProcess.map { ProcessLiveness.state(of: $0) == .stopped } ?? false
            return ItemProviderError(.transferStalled,
                "\(source(stopped ? ", which is stopped" : "")) sent nothing for \(what) for \(stallTimeout) and the load was stopped: \(bytes(received, of: expected)). A slow source that is still working can be given longer with DesktopDragDrop.transferStallTimeout.",
                contentType: type, receivedByteCount: received)
        case .malformed(let reason):
            return ItemProviderError(.malformedTransfer,
                "\(source()) broke the transfer protocol for \(what): \(reason). \(bytes(received, of: expected)). The source is faulty or hostile; \(fallback.prefix(1).lowercased())\(fallback.dropFirst())",
                contentType: type, receivedByteCount: received)
        case .timedOut(let deadline):
            return ItemProviderError(.transferTimedOut,
                "\(source()) was still sending \(what) after \(deadline), the longest a transfer may take, and the load was stopped: \(bytes(received, of: expected)). A source with larger data can be given longer with DesktopDragDrop.transferDeadline.",
                contentType: type, receivedByteCount: received)
        case .notProduced(let detail):
            return ItemProviderError(.advertisedTypeNotProduced,
                "\(source()) advertised \(what) but did not produce it: \(detail). \(fallback)",
                contentType: type, receivedByteCount: received)
        }
    }
}
