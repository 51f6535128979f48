import Foundation

/// One read through a selection (a drop's or the clipboard's) that always
/// ends: with all the bytes, or with a ``Failure`` once nothing arrived for
/// the stall time, more than a limit arrived, GTK reported an error, or the
/// task was cancelled.
@MainActor
enum SelectionRead {
    /// How a selection read ended without its data.
    struct Failure: Error {
        enum Kind {
            /// GTK reported an error (the source refused, or went away).
            case failed(String)
            case stalled
            case cancelled
            /// More than the read's limit of bytes arrived.
            case tooLarge(Int)
        }
        let kind: Kind
        let received: Int64
    }

    /// Reads all of `mime` from `drop`, like
    /// ``read(preferring:from:stallTimeout:limit:observer:progress:)``.
    static func read(_ mime: String, from drop: Drop, stallTimeout: Duration, limit: Int? = nil,
                     observer: (@MainActor (String, UInt64) -> Void)? = nil,
                     progress: (@MainActor (Int64) -> Void)? = nil) async throws(Failure) -> Data {
        try await read(preferring: [mime], from: drop, stallTimeout: stallTimeout, limit: limit, observer: observer,
                       progress: progress).data
    }

    /// Reads the first of `mimeTypes` the drag offers and returns the
    /// format GTK read (GTK converts the X11 text targets and says so),
    /// reporting the bytes received so far to `progress` (the total is
    /// unknown) and to `observer` with the MIME type, and stopping once
    /// nothing arrived for `stallTimeout`, or once more than `limit` bytes
    /// arrived.
    static func read(preferring mimeTypes: [String], from drop: Drop, stallTimeout: Duration, limit: Int? = nil,
                     observer: (@MainActor (String, UInt64) -> Void)? = nil,
                     progress: (@MainActor (Int64) -> Void)? = nil) async throws(Failure) -> (mimeType: String, data: Data) {
        try await read(preferring: mimeTypes, offered: drop.formats.contains, stallTimeout: stallTimeout, limit: limit,
                       observer: observer, progress: progress) { types, onBytes in
            try await drop.read(preferring: types, progress: onBytes)
        }
    }

    /// Reads as ``read(preferring:from:stallTimeout:limit:observer:progress:)``
    /// does, from any selection: `reader` starts the read of the first of
    /// the types its source offers (`offered` tells which), reporting the
    /// bytes so far; the clipboard reads this way too.
    static func read(preferring mimeTypes: [String], offered: (String) -> Bool, stallTimeout: Duration, limit: Int? = nil,
                     observer: (@MainActor (String, UInt64) -> Void)? = nil,
                     progress: (@MainActor (Int64) -> Void)? = nil,
                     reader: @escaping @MainActor ([String], @escaping @MainActor (UInt64) -> Void) async throws -> (mimeType: String, data: Data)
    ) async throws(Failure) -> (mimeType: String, data: Data) {
        let mime = mimeTypes.first(where: offered) ?? mimeTypes.first ?? ""
        let activity = ReadActivity()
        // GTK may never answer a read whose source went quiet (and ignores
        // its cancellable while it waits for the source's first reply), so
        // the load ends at the stall or the cancellation without waiting
        // for GTK; a late answer is dropped.
        let result: Result<(mimeType: String, data: Data), any Error> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                activity.continuation = continuation
                activity.read = Task { @MainActor in
                    let outcome: Result<(mimeType: String, data: Data), any Error>
                    do {
                        outcome = .success(try await reader(mimeTypes) { count in
                            if let limit, count > UInt64(limit) {
                                activity.overLimit = true
                                activity.cancel()
                                return
                            }
                            activity.received = Int64(count)
                            activity.last = .now
                            observer?(mime, count)
                            progress?(Int64(count))
                        })
                    } catch {
                        outcome = .failure(error)
                    }
                    activity.end(outcome)
                }
                activity.watch(stallTimeout: stallTimeout)
            }
        } onCancel: {
            Task { @MainActor in activity.cancel() }
        }
        switch result {
        case .success(let read):
            return read
        case .failure(let error):
            if activity.overLimit, let limit { throw Failure(kind: .tooLarge(limit), received: activity.received) }
            if activity.stalled { throw Failure(kind: .stalled, received: activity.received) }
            if activity.cancelled || Task.isCancelled { throw Failure(kind: .cancelled, received: activity.received) }
            throw Failure(kind: .failed("\(error)"), received: activity.received)
        }
    }
}

/// What one selection read has done so far, watched on the main loop;
/// it ends once, with GTK's answer, a stall or a cancellation.
@MainActor
private final class ReadActivity {
    var received: Int64 = 0
    var last = ContinuousClock.now
    var stalled = false
    var cancelled = false
    var overLimit = false
    var read: Task<Void, Never>?
    var continuation: CheckedContinuation<Result<(mimeType: String, data: Data), any Error>, Never>?

    func end(_ result: Result<(mimeType: String, data: Data), any Error>) {
        continuation?.resume(returning: result)
        continuation = nil
    }

    func cancel() {
        cancelled = true
        read?.cancel()
        end(.failure(CancellationError()))
    }

    /// Ends the read once nothing arrived for `stallTimeout`.
    func watch(stallTimeout: Duration) {
        MainLoop.after(milliseconds: 250) { [self] in
            guard continuation != nil else { return }
            if last.duration(to: .now) > stallTimeout {
                stalled = true
                read?.cancel()
                end(.failure(CancellationError()))
            } else {
                watch(stallTimeout: stallTimeout)
            }
        }
    }
}
