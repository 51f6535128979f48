import Foundation
import UniformTypes

/// The one error ItemProviders throws: a ``code`` to match on, a
/// ``description`` written for a person, and the error underneath when
/// something else failed first.
///
/// ```swift
/// do {
///     let text = try await provider.loadObject(ofClass: String.self)
/// } catch let error as ItemProviderError where error.code == .typeNotRegistered {
///     print(error)   // says which types the provider does offer
/// }
/// ```
public struct ItemProviderError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, as a value callers can compare. New codes may be
    /// added, so a `switch` over them needs a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }
        public var description: String { name }

        /// Nothing registered conforms to the requested type.
        public static let typeNotRegistered = Code("typeNotRegistered")
        /// A load handler (or an object's `loadData(for:)`, or a
        /// Transferable exporter) threw; see ``ItemProviderError/underlyingError``.
        public static let handlerFailed = Code("handlerFailed")
        /// The bytes were delivered but could not be turned into the
        /// requested value.
        public static let decodingFailed = Code("decodingFailed")
        /// A file representation is missing, unreadable, or could not be
        /// copied.
        public static let fileUnavailable = Code("fileUnavailable")
        /// The type is registered, but not for this audience.
        public static let notVisible = Code("notVisible")
        /// The load was cancelled through its Task or its Progress.
        public static let cancelled = Code("cancelled")
        /// The provider is sealed by a ``LoadGate`` that is not open yet.
        public static let sealed = Code("sealed")

        // MARK: Transfers from another process

        /// The process that offered the representation ended (it crashed
        /// or was killed) before every byte arrived.
        public static let sourceProcessDied = Code("sourceProcessDied")
        /// The source closed the transfer before sending every byte it
        /// announced, while its process kept running.
        public static let transferClosedEarly = Code("transferClosedEarly")
        /// No bytes and no sign of progress arrived for longer than the
        /// destination's stall timeout (the source hangs or is stopped).
        public static let transferStalled = Code("transferStalled")
        /// The source advertised the type but sent nothing for it (it
        /// refused the request or produced no bytes).
        public static let advertisedTypeNotProduced = Code("advertisedTypeNotProduced")
        /// The source sent something the transfer protocol does not allow
        /// (a number out of range or going backwards, a memory file that is
        /// not sealed or not the announced size, an overlong line, extra
        /// file descriptors, a manifest over its limits), so nothing it
        /// sent was used. The description says what it sent.
        public static let malformedTransfer = Code("malformedTransfer")
        /// The transfer kept going (the source said it was still working,
        /// or sent bytes) past the destination's overall deadline.
        public static let transferTimedOut = Code("transferTimedOut")
    }

    /// What went wrong.
    public let code: Code
    /// A sentence a person can act on.
    public let description: String
    /// The type that was asked for, when there was one.
    public let contentType: UTType?
    /// The error a handler, decoder or the file system threw, if any.
    public let underlyingError: (any Error)?
    /// For a transfer from another process that failed: how many bytes had
    /// arrived (none of them reach the caller).
    public let receivedByteCount: Int64?

    /// Creates an error; ItemProviders makes these itself, but adopters of
    /// ``ItemProviderReading`` may throw them too.
    public init(_ code: Code, _ description: String, contentType: UTType? = nil, underlyingError: (any Error)? = nil,
                receivedByteCount: Int64? = nil) {
        self.code = code
        self.description = description
        self.contentType = contentType
        self.underlyingError = underlyingError
        self.receivedByteCount = receivedByteCount
    }

    /// Whether the representation could not be delivered from another
    /// process (its source died, closed early, stalled, broke the protocol,
    /// ran past the deadline, or never produced the advertised type). Another representation of the same item may
    /// still arrive: ask for it with ``ItemProvider/loadDataRepresentation(for:excluding:progress:)``
    /// or ``ItemProvider/loadObject(ofClass:excluding:progress:)``, passing
    /// ``contentType``.
    public var isTransferFailure: Bool {
        [.sourceProcessDied, .transferClosedEarly, .transferStalled, .advertisedTypeNotProduced,
         .malformedTransfer, .transferTimedOut].contains(code)
    }
}

// MARK: - Made by the provider

extension ItemProviderError {
    static func typeNotRegistered(_ type: UTType, registered: [UTType]) -> ItemProviderError {
        let offered = registered.isEmpty
            ? "The provider offers no types at all."
            : "The provider offers: \(registered.map(\.identifier).joined(separator: ", "))."
        return ItemProviderError(.typeNotRegistered,
            "Nothing registered conforms to \(type.identifier). \(offered) Ask for one of those, or for a supertype they share.",
            contentType: type)
    }

    static func noReadableType<T>(_ reader: T.Type, readable: [UTType], registered: [UTType]) -> ItemProviderError {
        let offered = registered.isEmpty ? "nothing" : registered.map(\.identifier).joined(separator: ", ")
        return ItemProviderError(.typeNotRegistered,
            "\(reader) reads \(readable.map(\.identifier).joined(separator: ", ")), but the provider offers \(offered). Check canLoadObject(ofClass:) before loading, or add a readable type.")
    }

    static func notVisible(_ type: UTType, audience: String) -> ItemProviderError {
        ItemProviderError(.notVisible,
            "\(type.identifier) is registered, but its visibility keeps it from \(audience). Register it with visibility .all (or .team with a matching team identifier) to deliver it there.",
            contentType: type)
    }

    static func sealed(_ type: UTType) -> ItemProviderError {
        ItemProviderError(.sealed,
            "The data for \(type.identifier) is sealed until the drop is performed. Type queries work while hovering; load the data in the drop handler.",
            contentType: type)
    }

    static func cancelled(_ type: UTType?) -> ItemProviderError {
        let what = type.map { "The load of \($0.identifier)" } ?? "The load"
        return ItemProviderError(.cancelled, "\(what) was cancelled before it finished; start a new load if the data is still wanted.", contentType: type)
    }

    static func handlerFailed(_ type: UTType, _ error: any Error) -> ItemProviderError {
        ItemProviderError(.handlerFailed,
            "The source's handler for \(type.identifier) failed: \(error). The source could not produce this representation; try another registered type.",
            contentType: type, underlyingError: error)
    }

    static func decodingFailed(_ type: UTType, into target: String, reason: String, underlying: (any Error)? = nil) -> ItemProviderError {
        ItemProviderError(.decodingFailed,
            "Could not make \(target) from the \(type.identifier) data: \(reason).",
            contentType: type, underlyingError: underlying)
    }

    static func fileUnavailable(_ type: UTType?, url: URL, reason: String, underlying: (any Error)? = nil) -> ItemProviderError {
        let what = type.map { " for \($0.identifier)" } ?? ""
        return ItemProviderError(.fileUnavailable,
            "The file\(what) at \(url.path) is unavailable: \(reason). Make sure the handler returns a readable file that exists until the handler's load finishes.",
            contentType: type, underlyingError: underlying)
    }
}

// MARK: - Turning other errors into ItemProviderError

extension ItemProviderError {
    /// `error` as thrown by a handler or a step of a load: provider errors
    /// pass through, cancellation becomes `.cancelled`, anything else is
    /// the handler's failure.
    static func normalized(_ error: any Error, type: UTType?) -> ItemProviderError {
        if let error = error as? ItemProviderError { return error }
        if error is CancellationError { return .cancelled(type) }
        guard let type else {
            return ItemProviderError(.handlerFailed, "The load failed: \(reason(for: error)).", underlyingError: error)
        }
        return .handlerFailed(type, error)
    }

    /// `error` from a reader, decoder or importer, as a decoding failure.
    static func decoding(_ error: any Error, type: UTType, into target: String) -> ItemProviderError {
        if let error = error as? ItemProviderError { return error }
        if error is CancellationError { return .cancelled(type) }
        return .decodingFailed(type, into: target, reason: reason(for: error), underlying: error)
    }

    /// A short reason for a message, with decoding errors spelled out.
    static func reason(for error: any Error) -> String {
        if let decoding = error as? DecodingError {
            func path(_ context: DecodingError.Context) -> String {
                let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
                return keys.isEmpty ? "at the top level" : "at \(keys.hasPrefix(".") ? String(keys.dropFirst()) : keys)"
            }
            switch decoding {
            case .keyNotFound(let key, let context):
                return "the key \"\(key.stringValue)\" is missing \(path(context))"
            case .typeMismatch(let type, let context):
                return "expected \(type) \(path(context)): \(context.debugDescription)"
            case .valueNotFound(let type, let context):
                return "expected \(type) but found null \(path(context))"
            case .dataCorrupted(let context):
                return "the data is not valid \(path(context)): \(context.debugDescription)"
            @unknown default:
                return "\(decoding)"
            }
        }
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain || nsError.domain == NSPOSIXErrorDomain,
           let message = nsError.userInfo[NSLocalizedDescriptionKey] as? String {
            return message
        }
        return "\(error)"
    }
}
