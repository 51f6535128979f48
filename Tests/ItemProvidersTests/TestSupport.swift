import Foundation
import Synchronization
import Testing
import UniformTypes
@testable import ItemProviders

/// Counts handler runs from any thread.
final class Counter: Sendable {
    private let value = Mutex(0)

    func increment() {
        value.withLock { $0 += 1 }
    }

    var count: Int { value.withLock { $0 } }
}

/// A one-shot signal a test can wait for without sleeping.
final class Signal: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream<Void>.makeStream()
    }

    func fire() {
        continuation.yield()
    }

    func wait() async {
        for await _ in stream { return }
    }
}

/// A flag set from a handler.
final class Flag: Sendable {
    private let value = Mutex(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}

struct SomeHandlerError: Error, Equatable, CustomStringConvertible {
    var description: String { "the disk is on fire" }
}

/// Runs `body` and returns the ItemProviderError it throws (or records a
/// failure when it throws something else or nothing).
func providerError(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async -> ItemProviderError? {
    do {
        try await body()
        Issue.record("expected an ItemProviderError, but nothing was thrown", sourceLocation: sourceLocation)
        return nil
    } catch let error as ItemProviderError {
        return error
    } catch {
        Issue.record("expected an ItemProviderError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// A fresh folder for one test's files, removed by the caller.
func makeScratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("ItemProvidersTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// Starts a completion-handler load of `contentType` from `provider`,
/// cancels the Progress it returns once `started` fires, and returns the
/// error code the completion handler is given.
func cancellingReturnedProgress(
    of provider: ItemProvider, for contentType: UTType, once started: Signal
) async -> ItemProviderError.Code? {
    await withCheckedContinuation { continuation in
        let progress = provider.loadDataRepresentation(for: contentType) { _, error in
            continuation.resume(returning: error?.code)
        }
        Task {
            await started.wait()
            progress.cancel()
        }
    }
}

/// Waits (yielding, not sleeping) until `condition` holds.
func eventually(_ condition: () -> Bool) async {
    while !condition() { await Task.yield() }
}

extension ItemProvider {
    /// How many requests are waiting on in-flight loads, for tests that
    /// need to know a concurrent request has joined.
    var waitingRequests: Int {
        let flights = storage.state.withLock { state in
            state.inFlight.values.compactMap { entry -> InFlightLoad? in
                if case .shared(let flight) = entry { return flight }
                return nil
            }
        }
        return flights.reduce(0) { $0 + $1.waitingCount }
    }
}

/// A small geocache model like the one in the CacheMaker app: a custom
/// type first, then PNG, then plain text.
struct Geocache: Codable, Equatable, ItemProviderWriting, ItemProviderReading {
    static let contentType = UTType(exportedAs: "com.example.dragkit-tests.geocache", conformingTo: .data)

    var name: String
    var summary: String

    static var writableContentTypes: [UTType] { [contentType, .png, .utf8PlainText] }
    static var readableContentTypes: [UTType] { [contentType, .plainText] }

    func loadData(for contentType: UTType) async throws -> Data {
        if contentType == Geocache.contentType { return try JSONEncoder().encode(self) }
        if contentType == .png { return Fixtures.png(width: 2, height: 3) }
        return Data(name.utf8)
    }

    static func object(fromItemProviderData data: Data, contentType: UTType) throws -> Geocache {
        if contentType.conforms(to: Geocache.contentType) {
            return try JSONDecoder().decode(Geocache.self, from: data)
        }
        return Geocache(name: try String.object(fromItemProviderData: data, contentType: contentType), summary: "Unknown")
    }
}

enum Fixtures {
    /// The 24 bytes a PNG header needs: signature and IHDR.
    static func png(width: UInt32, height: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8)
        bytes += withUnsafeBytes(of: width.bigEndian, Array.init)
        bytes += withUnsafeBytes(of: height.bigEndian, Array.init)
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]  // depth, colour, methods, CRC
        return Data(bytes)
    }

    /// SOI, an APP0 segment, then a baseline SOF0 frame header.
    static func jpeg(width: UInt16, height: UInt16) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        bytes += [0xFF, 0xC0, 0x00, 0x11, 0x08]
        bytes += withUnsafeBytes(of: height.bigEndian, Array.init)
        bytes += withUnsafeBytes(of: width.bigEndian, Array.init)
        bytes += [0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]
        bytes += [0xFF, 0xD9]
        return Data(bytes)
    }
}
