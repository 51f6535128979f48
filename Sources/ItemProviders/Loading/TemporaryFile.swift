import Foundation
import Synchronization

/// A file handed to destinations: either a private copy in its own
/// temporary folder (removed when the last holder lets go), or the source's
/// original file opened in place (never removed).
final class TemporaryFile: Sendable {
    let url: URL
    /// Whether `url` is the source's own file rather than a copy.
    let isOriginal: Bool
    private let folder: URL?
    private let holders: Mutex<Int>

    /// A file owned by its caller, who is its first holder.
    private init(url: URL, folder: URL?, isOriginal: Bool) {
        self.url = url
        self.folder = folder
        self.isOriginal = isOriginal
        self.holders = Mutex(1)
    }

    /// The source's original file, used in place.
    static func original(_ url: URL) -> TemporaryFile {
        TemporaryFile(url: url, folder: nil, isOriginal: true)
    }

    /// Makes a fresh private folder and names the file to be written in it.
    static func make(named fileName: String) throws -> TemporaryFile {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("DragKit-ItemProviders", isDirectory: true)
            .appendingPathComponent(UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        return TemporaryFile(url: folder.appendingPathComponent(fileName, isDirectory: false), folder: folder, isOriginal: false)
    }

    func addHolders(_ count: Int) {
        holders.withLock { $0 += count }
    }

    /// Lets go of the file; the last holder removes a copy.
    func release() {
        let last = holders.withLock { holders in
            holders -= 1
            return holders == 0
        }
        if last { remove() }
    }

    private func remove() {
        guard let folder else { return }
        try? FileManager.default.removeItem(at: folder)
    }

    deinit {
        // A copy nobody holds any more (for example one made for a request
        // that was cancelled meanwhile) must not stay on disk.
        if holders.withLock({ $0 > 0 }) { remove() }
    }
}
