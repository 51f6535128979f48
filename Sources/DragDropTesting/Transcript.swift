import DragAndDrop
import Foundation

/// Every delegate call a harness's engine made, in order, with arguments
/// and results: structured entries to assert on, and a text rendering for
/// reading and for failure messages.
///
/// ```swift
/// #expect(harness.transcript.calls(on: "zone") == [
///     .destination("zone", .canHandle(true)),
///     .destination("zone", .didEnter),
///     .destination("zone", .didUpdate(.copy)),
/// ])
/// print(harness.transcript)   // drag#1 source photo: itemsForBeginning -> 1 item at (50, 50) ...
/// ```
public struct Transcript: Sendable, Hashable, CustomStringConvertible {
    /// The recorded calls with their drag, location and time.
    public internal(set) var entries: [DelegateCallRecord] = []

    /// A transcript of `entries` (none by default).
    public init(entries: [DelegateCallRecord] = []) {
        self.entries = entries
    }

    /// The calls alone, in order.
    public var calls: [DelegateCall] { entries.map(\.call) }

    /// The calls made for one drag.
    public func calls(session: DragSessionID) -> [DelegateCall] {
        entries.filter { $0.session == session }.map(\.call)
    }

    /// The calls made for the interactions of the view named `viewName`.
    public func calls(on viewName: String) -> [DelegateCall] {
        calls.filter { $0.viewName == viewName }
    }

    /// The calls to drag sources (and only those).
    public var sourceCalls: [DelegateCall] {
        calls.filter { if case .source = $0 { true } else { false } }
    }

    /// The calls to drop targets (and only those).
    public var destinationCalls: [DelegateCall] {
        calls.filter { if case .destination = $0 { true } else { false } }
    }

    /// The calls the list whose node is named `listName` made on its drag
    /// and drop delegates, in order (recorded when the engine's
    /// `DragDropEngine/reportsListDelegateCalls` is on).
    public func listCalls(on listName: String) -> [DelegateCall.ListCall] {
        calls.compactMap { call in
            if case .list(listName, let listCall) = call { listCall } else { nil }
        }
    }

    /// One line per entry.
    public var lines: [String] { entries.map(\.description) }

    /// The entries, one per line.
    public var description: String { lines.joined(separator: "\n") }

    /// Whether nothing was recorded.
    public var isEmpty: Bool { entries.isEmpty }
}
