import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

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

    /// Makes a fresh private folder (see ``privateFolder()``) and names the
    /// file to be written in it.
    static func make(named fileName: String) throws -> TemporaryFile {
        let folder = try privateFolder()
        return TemporaryFile(url: folder.appendingPathComponent(fileName, isDirectory: false), folder: folder, isOriginal: false)
    }

    /// A new folder (mode 0700) for one copy, inside this user's folder
    /// `DragKit-ItemProviders-UID` in the temporary directory.
    ///
    /// Not one folder shared by all users (the first user to make it would
    /// own it, and every other user's loads would fail), and not
    /// `XDG_RUNTIME_DIR` (a small in-memory file system apart from the
    /// user's files, where large copies would not fit and could never be
    /// reflinks). The user's folder is used only when it is a real folder
    /// (not a link) owned by this user and closed to others; otherwise, as
    /// when another user made one of that name first, the copy gets a
    /// uniquely named folder of its own (mkdtemp) in the temporary directory.
    static func privateFolder(in temporary: URL = FileManager.default.temporaryDirectory) throws -> URL {
        let user = geteuid()
        let named = temporary.appendingPathComponent("DragKit-ItemProviders-\(user)", isDirectory: true)
        if mkdir(named.path, 0o700) == 0 || errno == EEXIST {
            var status = stat()
            if lstat(named.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR,
               status.st_uid == user, status.st_mode & 0o077 == 0 {
                let folder = named.appendingPathComponent(UUID().uuidString, isDirectory: true)
                guard mkdir(folder.path, 0o700) == 0 else { throw posixError(folder) }
                return folder
            }
        }
        var template = Array(temporary.appendingPathComponent("DragKit-ItemProviders-\(user)-XXXXXX").path.utf8CString)
        guard let made = mkdtemp(&template) else { throw posixError(temporary) }
        return URL(fileURLWithPath: String(cString: made), isDirectory: true)
    }

    private static func posixError(_ url: URL) -> NSError {
        NSError(domain: NSPOSIXErrorDomain, code: Int(errno),
                userInfo: [NSFilePathErrorKey: url.path, NSLocalizedDescriptionKey: String(cString: strerror(errno))])
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
