import UniformTypes

#if canImport(Glibc)
import Glibc
#endif

// The first UniformTypes query in a fresh process: prints the nanoseconds
// the first pair of lookups plus conforms(to:) took (it opens the desktop's
// MIME database) and a second such query, as "first second".
//
//   UniformTypesFirstQuery [TYPE SUPERTYPE]             MIME types
//   UniformTypesFirstQuery --extension [EXT SUPEREXT]   filename extensions
//   UniformTypesFirstQuery --identifier ID SUPERID      identifiers (UTType(_:))
//   UniformTypesFirstQuery --types TYPE SUPERTYPE       MIME types through
//                                                       UTType.types(tag:tagClass:)
//   UniformTypesFirstQuery --file-name [NAME SUPERNAME] file names (UTType(fileName:))
//
// With --runtime-used first, the process first uses the Swift standard
// library the way any app has before its first drag (arrays of strings and
// numbers, a dictionary, a class), and nothing of DragKit: what is left is
// the cost of UniformTypes itself, not of a Swift process's first steps.
//
// With --code-paged-in (before the others), the process first touches a
// byte of every page of its own code, with plain system calls and no Swift
// runtime, so the query takes none of the page faults its code would: the
// difference from the plain figure is what those faults cost. With
// --code-read, it reads a byte of every 64-byte line of that code instead,
// so the query also finds its code in the processor's caches (as far as
// they hold it): the difference from --code-paged-in is what fetching the
// code cold costs. With --code-mapped instead, the kernel fills the page tables of that code
// (madvise MADV_POPULATE_READ) and nothing of it is read: the query still
// meets its code cold in the caches, but takes no fault on it. With
// --maps-read, the process reads /proc/self/maps the same way and does
// nothing else: the control for the two, since that read alone makes the
// query a few microseconds faster (the kernel's tables of this process's
// mappings, which the query's faults and mappings walk, are then warm).
//
// With --faults (before everything else), each query's page faults are
// printed after the three fields, from getrusage read around it: how many
// pages of code, data and fresh heap the query met for the first time.

func nanoseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

var arguments = Array(CommandLine.arguments.dropFirst())
let countFaults = arguments.first == "--faults"
if countFaults { arguments.removeFirst() }
let codePagedIn = arguments.first == "--code-paged-in"
let codeRead = arguments.first == "--code-read"
let codeMapped = arguments.first == "--code-mapped"
let mapsRead = arguments.first == "--maps-read"
if codePagedIn || codeRead || codeMapped || mapsRead { arguments.removeFirst() }
let runtimeUsed = arguments.first == "--runtime-used"
if runtimeUsed { arguments.removeFirst() }
/// How the pair is looked up.
enum Lookup: String {
    case mimeType = ""
    case filenameExtension = "--extension"
    case identifier = "--identifier"
    case typeList = "--types"
    case fileName = "--file-name"
}
let lookup = arguments.first.flatMap(Lookup.init(rawValue:)) ?? .mimeType
if lookup != .mimeType { arguments.removeFirst() }
let byExtension = lookup == .filenameExtension
let defaultPair = byExtension ? ("c", "txt") : lookup == .fileName ? ("backup.tar.gz", "archive.gz") : ("text/x-csrc", "text/plain")
let type = arguments.count >= 2 ? arguments[0] : defaultPair.0
let supertype = arguments.count >= 2 ? arguments[1] : defaultPair.1

/// Whether `type` is a kind of `supertype`, both looked up as `lookup` says.
func isA(_ type: String, _ supertype: String) -> Bool {
    func both(_ find: (String) -> UTType?) -> Bool {
        find(type).flatMap { child in find(supertype).map { child.conforms(to: $0) } } ?? false
    }
    switch lookup {
    case .mimeType: return both { UTType(mimeType: $0) }
    case .filenameExtension: return both { UTType(filenameExtension: $0) }
    case .identifier: return both { UTType($0) }
    case .typeList: return both { UTType.types(tag: $0, tagClass: .mimeType, conformingTo: nil).first }
    case .fileName: return both { UTType(fileName: $0) }
    }
}

/// The first query, apart so a profiler can count it alone
/// (`valgrind --tool=callgrind --toggle-collect='*firstIsA*'`).
@inline(never)
func firstIsA(_ type: String, _ supertype: String) -> Bool {
    isA(type, supertype)
}

/// Standard-library work an app has done long before its first query.
final class AppState {
    var names: [String] = []
    var counts: [String: Int] = [:]
}

if runtimeUsed {
    let state = AppState()
    state.names.append(type + " " + supertype)
    state.counts[supertype, default: 0] += state.names.count
    var numbers: [Int32] = [1, 2]
    numbers.append(Int32(state.counts.count))
    var small: [Int16] = [1]
    small.append(2)
    var large: [Int64] = [1]
    large.append(2)
    var bytes = Array(type.utf8)
    bytes.append(0)
    if numbers.count + small.count + large.count + bytes.count == 0 { print("") }
}

/// How ``pageInOwnCode(_:)`` treats this executable's code mappings.
enum PageIn {
    /// A byte of every page read.
    case touching
    /// A byte of every 64-byte line read: the code in the processor's
    /// caches too, as far as they hold it.
    case readingEveryLine
    /// Their page tables filled by the kernel, nothing read.
    case mapping
    /// Left alone: /proc/self/maps is only read.
    case none
}

/// Pages in this executable's code mappings, found in /proc/self/maps read
/// as bytes, as `pageIn` says: nothing here may use the Swift runtime
/// (strings, arrays), or it would warm what the query is timed paying for.
func pageInOwnCode(_ pageIn: PageIn) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 << 16) { buffer in
        let file = open("/proc/self/maps", O_RDONLY)
        var total = 0
        while total < buffer.count {
            let count = read(file, buffer.baseAddress! + total, buffer.count - total)
            if count <= 0 { break }
            total += count
        }
        close(file)
        var sum: UInt8 = 0
        var lineStart = 0
        // Lines are "START-END PERMS OFFSET DEVICE INODE PATH".
        for lineEnd in 0..<total where buffer[lineEnd] == UInt8(ascii: "\n") {
            var position = lineStart
            func hexadecimal() -> UInt {
                var value: UInt = 0
                while position < lineEnd, let digit = hexDigit(buffer[position]) {
                    value = value << 4 | digit
                    position += 1
                }
                position += 1
                return value
            }
            var page = hexadecimal()
            let end = hexadecimal()
            let isCode = buffer[position + 2] == UInt8(ascii: "x")
            var nameStart = lineEnd
            while nameStart > lineStart && buffer[nameStart - 1] != UInt8(ascii: "/") { nameStart -= 1 }
            let name = "UniformTypesFirstQuery".utf8
            let isSelf = lineEnd - nameStart == name.count && zip(name, buffer[nameStart..<lineEnd]).allSatisfy { $0 == $1 }
            if isCode && isSelf {
                switch pageIn {
                case .touching, .readingEveryLine:
                    let step: UInt = pageIn == .touching ? 4096 : 64
                    while page < end {
                        sum &+= UnsafePointer<UInt8>(bitPattern: page)!.pointee
                        page += step
                    }
                case .mapping:
                    // MADV_POPULATE_READ (Linux 5.14): map every page, read none.
                    _ = madvise(UnsafeMutableRawPointer(bitPattern: page), Int(end - page), 22)
                case .none:
                    break
                }
            }
            lineStart = lineEnd + 1
        }
        if sum == 1 { print("") }
    }
}

func hexDigit(_ byte: UInt8) -> UInt? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt(byte - UInt8(ascii: "a") + 10)
    default: nil
    }
}

if codePagedIn || codeRead || codeMapped || mapsRead {
    pageInOwnCode(codePagedIn ? .touching : codeRead ? .readingEveryLine : codeMapped ? .mapping : .none)
}

/// Minor and major page faults of this process so far.
func faults() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_minflt + usage.ru_majflt
}

let faultsBefore = countFaults ? faults() : 0
let start = nanoseconds()
let first = firstIsA(type, supertype)
let middle = nanoseconds()
let faultsBetween = countFaults ? faults() : 0
/// The second query, of types the first did not meet: what each new type
/// a hover brings costs once the database is open (profiled alone with
/// `--toggle-collect='*secondIsA*'`).
@inline(never)
func secondIsA() -> Bool {
    switch lookup {
    case .filenameExtension: isA("png", "jpeg") || isA("png", "png")
    case .identifier: isA("public.png", "public.data")
    case .fileName: isA("photo.png", "picture.jpeg") || isA("photo.png", "photo.png")
    case .mimeType, .typeList: isA("image/png", "application/octet-stream")
    }
}
let second = secondIsA()
let end = nanoseconds()
if countFaults {
    print(middle - start, end - middle, first && second ? 1 : 0, faultsBetween - faultsBefore, faults() - faultsBetween)
} else {
    print(middle - start, end - middle, first && second ? 1 : 0)
}
