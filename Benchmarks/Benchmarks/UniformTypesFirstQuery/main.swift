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

func nanoseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

var arguments = Array(CommandLine.arguments.dropFirst())
let byExtension = arguments.first == "--extension"
if byExtension { arguments.removeFirst() }
let type = arguments.count >= 2 ? arguments[0] : (byExtension ? "c" : "text/x-csrc")
let supertype = arguments.count >= 2 ? arguments[1] : (byExtension ? "txt" : "text/plain")

/// Whether `type` is a kind of `supertype`, both looked up by MIME type or
/// by extension.
func isA(_ type: String, _ supertype: String) -> Bool {
    if byExtension {
        return UTType(filenameExtension: type).flatMap { child in UTType(filenameExtension: supertype).map { child.conforms(to: $0) } } ?? false
    }
    return UTType(mimeType: type).flatMap { child in UTType(mimeType: supertype).map { child.conforms(to: $0) } } ?? false
}

let start = nanoseconds()
let first = isA(type, supertype)
let middle = nanoseconds()
let second = byExtension ? isA("png", "jpeg") || isA("png", "png") : isA("image/png", "application/octet-stream")
let end = nanoseconds()
print(middle - start, end - middle, first && second ? 1 : 0)
