/// The globs of `globs2` files whose every line is plain, as places in the
/// files' bytes: what ``GlobTable`` is built from for a first file name,
/// with no string made but for the glob a name matches.
///
/// A line is plain when it is ASCII and ``MIMEDatabase``'s line reading
/// takes it as it is: a comment, or `WEIGHT:MIME-TYPE:PATTERN[:FLAGS...]`
/// with a weight of at most three digits up to 100, a MIME type of one
/// slash and printable bytes, and a pattern. Any other file is left to
/// that reading, which names each problem.
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

    struct Line: Sendable {
        let weight: Int
        let caseSensitive: Bool
        let mimeStart: Int32, mimeEnd: Int32
        let patternStart: Int32, patternEnd: Int32

        /// The pattern's bytes within `bytes`.
        var pattern: Range<Int> { Int(patternStart)..<Int(patternEnd) }
        var mimeType: Range<Int> { Int(mimeStart)..<Int(mimeEnd) }
    }

    /// The plain lines of `bytes`, or `nil` when any line is not plain.
    init?(_ bytes: [UInt8]) {
        self.bytes = bytes
        guard let lines = bytes.withUnsafeBufferPointer(Self.lines) else { return nil }
        self.lines = lines
    }

    var count: Int { lines.count }

    /// Glob `index`, as ``MIMEDatabase/Glob`` spells it (the MIME type
    /// folded, the pattern as written).
    func glob(_ index: Int) -> MIMEDatabase.Glob {
        let line = lines[index]
        return MIMEDatabase.Glob(weight: line.weight, mimeType: String(decoding: bytes[line.mimeType], as: UTF8.self).foldedASCII,
                                 pattern: String(decoding: bytes[line.pattern], as: UTF8.self), caseSensitive: line.caseSensitive)
    }

    /// Every glob, spelled out.
    var globs: [MIMEDatabase.Glob] { (0..<lines.count).map(glob) }

    private static func lines(_ bytes: UnsafeBufferPointer<UInt8>) -> [Line]? {
        let colon = UInt8(ascii: ":"), newline = UInt8(ascii: "\n")
        var lines: [Line] = []
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != newline { end += 1 }
            defer { start = end + 1 }
            if end == start || bytes[start] == UInt8(ascii: "#") { continue }
            let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
            guard !line.contains(where: { $0 >= 0x80 }),
                  let weightEnd = line.firstIndex(of: colon), (1...3).contains(weightEnd),
                  line[..<weightEnd].allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else { return nil }
            let weight = line[..<weightEnd].reduce(0) { $0 * 10 + Int($1 &- UInt8(ascii: "0")) }
            guard weight <= 100, let mimeEnd = line[(weightEnd + 1)...].firstIndex(of: colon) else { return nil }
            guard MIMEDatabase.isMIMEName(UnsafeBufferPointer(rebasing: line[(weightEnd + 1)..<mimeEnd])),
                  mimeEnd + 1 < line.count else { return nil }
            let patternEnd = line[(mimeEnd + 1)...].firstIndex(of: colon) ?? line.count
            guard patternEnd > mimeEnd + 1 else { return nil }
            // update-mime-database's marker hiding a type's globs: no glob.
            if line[(mimeEnd + 1)..<patternEnd].elementsEqual("__NOGLOBS__".utf8) { continue }
            // Flags: comma-separated, up to a further colon.
            var caseSensitive = false
            if patternEnd < line.count {
                let flagsEnd = line[(patternEnd + 1)...].firstIndex(of: colon) ?? line.count
                caseSensitive = line[(patternEnd + 1)..<flagsEnd].split(separator: UInt8(ascii: ","))
                    .contains { $0.elementsEqual("cs".utf8) }
            }
            lines.append(Line(weight: weight, caseSensitive: caseSensitive,
                              mimeStart: Int32(start + weightEnd + 1), mimeEnd: Int32(start + mimeEnd),
                              patternStart: Int32(start + mimeEnd + 1), patternEnd: Int32(start + patternEnd)))
        }
        return lines
    }
}
