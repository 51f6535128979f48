import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Copies a file without ever holding it in memory: first as a reflink
/// (instant on Btrfs/XFS), else data extent by data extent with the
/// kernel's `copy_file_range` (holes stay holes, as with `cp`), else through
/// a small buffer.
enum FileCloner {
    /// Size of one kernel copy call; between calls the copy reports
    /// progress and notices cancellation (a call takes some tens of
    /// milliseconds at page-cache speed).
    static let chunkSize = 128 << 20

    /// Copies `source` to the new file `destination`.
    /// - Throws: `CancellationError` when the task is cancelled between
    ///   chunks, or a `POSIXError`-based `CocoaError` when a call fails.
    static func copy(from source: URL, to destination: URL, progress: Progress?) throws {
        let (input, status) = try openRegularFile(source)
        defer { close(input) }
        let output = open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw posixError("create", destination) }
        var finished = false
        defer {
            close(output)
            if !finished { unlink(destination.path) }
        }
        let size = Int64(status.st_size)
        progress?.totalUnitCount = max(size, 1)

        if !reflink(from: input, to: output) {
            #if os(Linux)
            // As cp does: the source is read once, front to back.
            _ = posix_fadvise(input, 0, 0, POSIX_FADV_SEQUENTIAL)
            #endif
            try copyExtents(from: input, to: output, size: size, progress: progress)
            guard ftruncate(output, off_t(size)) == 0 else { throw posixError("truncate", destination) }
        }
        progress?.completedUnitCount = max(size, 1)
        finished = true
    }

    /// Reads all of the regular file at `url` (see ``openRegularFile(_:)``).
    static func contents(of url: URL) throws -> Data {
        let (input, _) = try openRegularFile(url)
        return try FileHandle(fileDescriptor: input, closeOnDealloc: true).readToEnd() ?? Data()
    }

    /// Opens `url` for reading only if it is a regular file: opened without
    /// blocking (a FIFO with no writer would block the open for ever, and
    /// a device could do anything), then checked with `fstat` before a
    /// byte is read. The caller closes the descriptor.
    /// - Throws: a `POSIXError`-based `NSError` saying what the file is.
    static func openRegularFile(_ url: URL) throws -> (descriptor: Int32, status: stat) {
        let input = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard input >= 0 else { throw posixError("open", url) }
        var status = stat()
        guard fstat(input, &status) == 0 else {
            let error = posixError("stat", url)
            close(input)
            throw error
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            close(input)
            let reason = "it is \(kind(of: status.st_mode)), not a regular file, and only regular files are read"
            throw NSError(domain: NSPOSIXErrorDomain, code: Int(EINVAL),
                          userInfo: [NSFilePathErrorKey: url.path, NSLocalizedDescriptionKey: reason])
        }
        // Reads of a regular file never block; clear the flag all the same
        // so the descriptor behaves as an ordinary one.
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) & ~O_NONBLOCK)
        return (input, status)
    }

    /// What a file that is not a regular one is, for a message.
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a folder"
        case S_IFLNK: return "a symbolic link"
        default: return "a special file"
        }
    }

    /// Whether `url` names a regular file this process may read (checked
    /// without opening it, so a FIFO never blocks); the reason when not.
    static func regularFileProblem(_ url: URL) -> String? {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return String(cString: strerror(errno)) }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            return "it is \(kind(of: status.st_mode)), not a regular file, and only regular files are read"
        }
        return access(url.path, R_OK) == 0 ? nil : "it is not readable"
    }

    /// `FICLONE`: share the source's blocks copy-on-write.
    private static func reflink(from input: Int32, to output: Int32) -> Bool {
        #if os(Linux)
        let ficlone: UInt = 0x4004_9409
        return ioctl(output, ficlone, input) == 0
        #else
        return false
        #endif
    }

    /// Copies each data extent, skipping holes the file system reports.
    private static func copyExtents(from input: Int32, to output: Int32, size: Int64, progress: Progress?) throws {
        var offset: Int64 = 0
        while offset < size {
            let dataStart = lseek(input, off_t(offset), seekData)
            if dataStart < 0 {
                // ENXIO: only a hole remains. EINVAL: no hole support, so
                // treat the rest as data.
                if errno == ENXIO { return }
                try copyRange(from: input, to: output, start: offset, end: size, progress: progress)
                return
            }
            var dataEnd = lseek(input, dataStart, seekHole)
            if dataEnd < 0 { dataEnd = off_t(size) }
            try copyRange(from: input, to: output, start: Int64(dataStart), end: min(Int64(dataEnd), size), progress: progress)
            offset = Int64(dataEnd)
        }
    }

    private static func copyRange(from input: Int32, to output: Int32, start: Int64, end: Int64, progress: Progress?) throws {
        var inOffset = start
        var outOffset = start
        while inOffset < end {
            if Task.isCancelled { throw CancellationError() }
            let length = Int(min(Int64(chunkSize), end - inOffset))
            let copied: Int
            if let kernelCopy = copyFileRange {
                copied = kernelCopy(input, &inOffset, output, &outOffset, length, 0)
                if copied < 0 {
                    if errno == EINTR { continue }
                    if errno == EXDEV || errno == ENOSYS || errno == EINVAL || errno == EOPNOTSUPP {
                        try bufferedCopy(from: input, to: output, start: inOffset, end: end, progress: progress)
                        return
                    }
                    throw posixError("copy", nil)
                }
            } else {
                try bufferedCopy(from: input, to: output, start: inOffset, end: end, progress: progress)
                return
            }
            if copied == 0 { break }  // the file shrank while being copied
            progress?.completedUnitCount = inOffset
        }
    }

    private static func bufferedCopy(from input: Int32, to output: Int32, start: Int64, end: Int64, progress: Progress?) throws {
        let bufferSize = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: bufferSize, alignment: 16)
        defer { buffer.deallocate() }
        var offset = start
        while offset < end {
            if Task.isCancelled { throw CancellationError() }
            let count = pread(input, buffer, min(bufferSize, Int(end - offset)), off_t(offset))
            if count < 0 {
                if errno == EINTR { continue }
                throw posixError("read", nil)
            }
            if count == 0 { break }
            var written = 0
            while written < count {
                let result = pwrite(output, buffer + written, count - written, off_t(offset) + off_t(written))
                if result < 0 {
                    if errno == EINTR { continue }
                    throw posixError("write", nil)
                }
                written += result
            }
            offset += Int64(count)
            progress?.completedUnitCount = offset
        }
    }

    private static func posixError(_ operation: String, _ url: URL?) -> any Error {
        let code = errno
        let reason = String(cString: strerror(code))
        var info: [String: Any] = [NSLocalizedDescriptionKey: "\(operation) failed: \(reason)"]
        if let url { info[NSFilePathErrorKey] = url.path }
        return NSError(domain: NSPOSIXErrorDomain, code: Int(code), userInfo: info)
    }

    // MARK: - Platform details

    /// `SEEK_DATA` and `SEEK_HOLE` are not exported to Swift; these are
    /// Linux's values.
    private static let seekData: Int32 = 3
    private static let seekHole: Int32 = 4

    private typealias CopyFileRange = @convention(c) (
        Int32, UnsafeMutablePointer<Int64>?, Int32, UnsafeMutablePointer<Int64>?, Int, UInt32
    ) -> Int

    /// glibc declares `copy_file_range` only under `_GNU_SOURCE`, which the
    /// Swift module does not set, so the symbol is looked up at run time.
    private static let copyFileRange: CopyFileRange? = {
        #if os(Linux)
        guard let symbol = dlsym(nil, "copy_file_range") else { return nil }
        return unsafeBitCast(symbol, to: CopyFileRange.self)
        #else
        return nil
        #endif
    }()
}
