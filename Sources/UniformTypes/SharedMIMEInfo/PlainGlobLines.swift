import CUniformTypeTables

/// The globs of `globs2` files whose every line is plain (what
/// `GlobLines.h` accepts), as places in the files' bytes, so a first file
/// name makes no string but for the glob it matches. Any other file is
/// left to ``MIMEDatabase``'s line reading.
///
/// ```swift
/// let lines = PlainGlobLines(Array("50:text/x-csrc:*.c:cs\n".utf8))
/// lines?.glob(0).pattern   // "*.c"
/// ```
struct PlainGlobLines: Sendable {
    /// The files' bytes, one after another with a newline between.
    let bytes: [UInt8]
    /// Per glob, in the files' order.
    private(set) var lines: [Line] = []

    /// A plain line: places in `bytes`, its weight and whether it is
    /// case-sensitive (read in C: `dk_plain_glob_lines`).
    typealias Line = dk_glob_line

    /// The plain lines of `bytes`, or `nil` when any line is not plain.
    init?(_ bytes: [UInt8]) {
        self.bytes = bytes
        var plain = true
        lines = bytes.withUnsafeBufferPointer { bytes in
            // Room for every glob: a line has at least eight bytes (`0:a/b:c`
            // and its newline).
            let capacity = bytes.count / 8 + 1
            return [Line](unsafeUninitializedCapacity: capacity) { lines, count in
                let read = dk_plain_glob_lines(bytes.baseAddress, bytes.count, lines.baseAddress, capacity)
                plain = read >= 0
                count = max(read, 0)
            }
        }
        if !plain { return nil }
    }

    var count: Int { lines.count }

    /// Glob `index`, as ``MIMEDatabase/Glob`` spells it (the MIME type
    /// folded, the pattern as written).
    func glob(_ index: Int) -> MIMEDatabase.Glob {
        let line = lines[index]
        return MIMEDatabase.Glob(weight: Int(line.weight), mimeType: String(decoding: bytes[line.mimeType], as: UTF8.self).foldedASCII,
                                 pattern: String(decoding: bytes[line.pattern], as: UTF8.self), caseSensitive: line.caseSensitive)
    }

    /// Every glob, spelled out.
    var globs: [MIMEDatabase.Glob] { (0..<lines.count).map(glob) }
}

extension dk_glob_line {
    /// The pattern's bytes within the lines' bytes.
    var pattern: Range<Int> { Int(pattern_start)..<Int(pattern_end) }
    /// The MIME type's bytes within the lines' bytes.
    var mimeType: Range<Int> { Int(mime_start)..<Int(mime_end) }
    var caseSensitive: Bool { case_sensitive != 0 }
}
