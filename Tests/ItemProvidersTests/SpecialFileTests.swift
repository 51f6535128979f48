import Foundation
import Testing
import UniformTypes
@testable import ItemProviders

/// File loads never block on, or read, anything but a regular file, and
/// their copies go in a folder of the loading user's own.
@Suite("File loads and special files")
struct SpecialFileTests {
    /// A FIFO with no writer: opening it for reading the usual way blocks
    /// until someone writes, which here is never.
    private func fifo() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dragkit-fifo-\(UUID().uuidString)")
        #expect(mkfifo(url.path, 0o600) == 0)
        return url
    }

    @Test("A FIFO, a device or a socket named by a file representation is refused at once by name, as data and as a file")
    func specialFilesRefused() async throws {
        let pipe = try fifo()
        defer { unlink(pipe.path) }
        for (url, kind) in [(pipe, "FIFO"), (URL(fileURLWithPath: "/dev/zero"), "character device")] {
            let provider = ItemProvider()
            provider.registerFileRepresentation(for: .data, openInPlace: true) { url }
            let clock = ContinuousClock()
            let start = clock.now
            let asData = await providerError { _ = try await provider.loadDataRepresentation(for: .data) }
            #expect(asData?.code == .fileUnavailable)
            #expect(asData?.description.contains(kind) == true, "\(String(describing: asData))")
            let asFile = await providerError {
                try await provider.withFileRepresentation(for: .data) { _ in }
            }
            #expect(asFile?.code == .fileUnavailable)
            #expect(asFile?.description.contains("not a regular file") == true, "\(String(describing: asFile))")
            let inPlace = await providerError {
                try await provider.withInPlaceFileRepresentation(for: .data) { _, _ in }
            }
            #expect(inPlace?.code == .fileUnavailable)
            #expect(start.duration(to: clock.now) < .seconds(2))
        }
    }

    @Test("Copies go in a folder of the user's own; a folder of that name another user made first is not used")
    func perUserFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("dragkit-tmp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try TemporaryFile.privateFolder(in: root)
        #expect(first.deletingLastPathComponent().lastPathComponent == "DragKit-ItemProviders-\(geteuid())")
        var status = stat()
        #expect(stat(first.path, &status) == 0 && status.st_mode & 0o777 == 0o700 && status.st_uid == geteuid())

        // Someone else's (or an open) folder of that name, taken first.
        let taken = root.appendingPathComponent("DragKit-ItemProviders-\(geteuid())")
        #expect(chmod(taken.path, 0o777) == 0)
        let second = try TemporaryFile.privateFolder(in: root)
        #expect(second.deletingLastPathComponent().standardizedFileURL.path == root.standardizedFileURL.path)
        #expect(second.lastPathComponent.hasPrefix("DragKit-ItemProviders-\(geteuid())-"))
        #expect(stat(second.path, &status) == 0 && status.st_mode & 0o777 == 0o700)

        // A link in its place is not followed.
        try FileManager.default.removeItem(at: taken)
        try FileManager.default.createSymbolicLink(at: taken, withDestinationURL: root)
        let third = try TemporaryFile.privateFolder(in: root)
        #expect(!third.path.hasPrefix(taken.path + "/"))
    }
}
