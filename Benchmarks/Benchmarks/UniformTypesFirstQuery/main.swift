import UniformTypes

#if canImport(Glibc)
import Glibc
#endif

// The first UniformTypes query in a fresh process: prints the nanoseconds
// the first UTType(mimeType:) pair plus conforms(to:) took (it loads the
// desktop's MIME database) and a second such query, as "first second".

func nanoseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

let arguments = CommandLine.arguments
let type = arguments.count > 2 ? arguments[1] : "text/x-csrc"
let supertype = arguments.count > 2 ? arguments[2] : "text/plain"
let start = nanoseconds()
let first = UTType(mimeType: type).flatMap { child in UTType(mimeType: supertype).map { child.conforms(to: $0) } } ?? false
let middle = nanoseconds()
let second = UTType(mimeType: "image/png").flatMap { child in UTType(mimeType: "application/octet-stream").map { child.conforms(to: $0) } } ?? false
let end = nanoseconds()
print(middle - start, end - middle, first && second ? 1 : 0)
