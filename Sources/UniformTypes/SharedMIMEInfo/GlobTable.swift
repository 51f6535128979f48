#if canImport(Glibc)
import Glibc
#endif

/// File-name patterns from the database's `globs2`, matched in the order
/// the shared-mime-info specification recommends: a literal name first
/// (`Makefile`), then the highest weight, the longest pattern breaking
/// ties, then a case-sensitive pattern, then the first in the files. An
/// ASCII name is matched on its bytes against tables of folded keys.
///
/// ```swift
/// let table = GlobTable(MIMEDatabase.readGlobs(["/usr/share/mime/globs2"]).globs)
/// table.match("backup.tar.gz")?.pattern   // "*.tar.gz"
/// ```
final class GlobTable: Sendable {
    typealias Glob = MIMEDatabase.Glob

    /// Every glob, in the files' order; candidates are places in it.
    private let source: Source

    /// Where the globs are: made, or places in plain `globs2` bytes, of
    /// which only a matched glob is ever spelled out.
    private enum Source: Sendable {
        case globs([Glob])
        /// The lines, and each glob once spelled out (a name's match is
        /// asked for again and again: every `*.png` file).
        case plain(PlainGlobLines, spelled: LazySlots<GlobBox>)

        func glob(_ place: Int) -> Glob {
            switch self {
            case .globs(let globs): globs[place]
            case .plain(let lines, let spelled): spelled.value(at: place) { GlobBox(lines.glob(place)) }.glob
            }
        }

        var all: [Glob] {
            switch self {
            case .globs(let globs): globs
            case .plain(let lines, _): lines.globs
            }
        }
    }

    private final class GlobBox: Sendable {
        let glob: Glob
        init(_ glob: Glob) { self.glob = glob }
    }

    /// Per glob, its rank as one number: weight, then length in characters,
    /// then case-sensitivity (the lowest bit).
    private let ranks: [Int]

    /// Literal names and `*suffix` keys, folded: each entry's globs are
    /// `candidates[starts[e]..<starts[e + 1]]`, case-sensitive ones first
    /// (whose bytes must be `keyBytes[keyStarts[g]..<keyStarts[g + 1]]`).
    private let literalKeys: FoldedKeyTable
    private let suffixKeys: FoldedKeyTable
    private let literalEntries: Entries
    private let suffixEntries: Entries
    private let keyBytes: [UInt8]
    private let keyStarts: [Int32]
    /// The most bytes of a suffix key, and per length up to it the folded
    /// first bytes of keys of that length (four words of bits).
    private let longestSuffix: Int
    private let suffixFirstBytes: [UInt64]

    /// The other patterns, for fnmatch.
    private let patterns: [Pattern]

    private struct Entries: Sendable {
        var starts: [Int32] = [0]
        var candidates: [Int32] = []
    }

    /// How a glob is matched.
    private enum Kind: Equatable { case literal, suffix, pattern }

    /// What kind of pattern `pattern` is, on its bytes when it is ASCII
    /// (the wildcards are), else on its characters.
    private static func kind(of pattern: String) -> Kind {
        var written = pattern
        if let kind = written.withUTF8({ $0.allSatisfy { $0 < 0x80 } ? kind(of: $0) : nil }) { return kind }
        func isWildcard(_ character: Character) -> Bool { character == "*" || character == "?" || character == "[" }
        if !pattern.contains(where: isWildcard) { return .literal }
        return pattern.first == "*" && !pattern.dropFirst().contains(where: isWildcard) ? .suffix : .pattern
    }

    /// ``kind(of:)`` for an ASCII pattern's bytes.
    private static func kind(of pattern: UnsafeBufferPointer<UInt8>) -> Kind {
        func isWildcard(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "[") }
        if !pattern.contains(where: isWildcard) { return .literal }
        return pattern.first == UInt8(ascii: "*") && !pattern.dropFirst().contains(where: isWildcard) ? .suffix : .pattern
    }

    /// The length of `pattern` in characters: its bytes for ASCII without
    /// "\r\n" (one character of two bytes).
    private static func characterCount(_ pattern: String) -> Int {
        let bytes = pattern.utf8
        return bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) ? bytes.count : pattern.count
    }

    /// The table of `globs`, as ``MIMEDatabase`` reads them.
    convenience init(_ globs: [Glob]) {
        var builder = Builder(count: globs.count)
        for (index, glob) in globs.enumerated() {
            var pattern = glob.pattern
            let kind = Self.kind(of: pattern)
            let rank = glob.weight << 33 | Self.characterCount(pattern) << 1 | (glob.caseSensitive ? 1 : 0)
            // A key outside ASCII is folded by Unicode's rules, as names
            // outside ASCII are (it never matches an ASCII name's end).
            var folded = kind == .suffix ? String(pattern.dropFirst()).foldedASCII : pattern.foldedASCII
            pattern.withUTF8 { written in
                folded.withUTF8 { folded in
                    builder.add(Int32(index), kind: kind, rank: rank, written: kind == .suffix ? UnsafeBufferPointer(rebasing: written.dropFirst()) : written,
                                folded: folded) { glob }
                }
            }
        }
        self.init(source: .globs(globs), builder)
    }

    /// The table of plain `globs2` lines, built on their bytes: a file
    /// name's first match makes no string but the glob it finds.
    convenience init(plain lines: PlainGlobLines) {
        var builder = Builder(count: lines.count)
        lines.bytes.withUnsafeBufferPointer { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { buffer in
                for (index, line) in lines.lines.enumerated() {
                    let pattern = UnsafeBufferPointer(rebasing: bytes[line.pattern])
                    let kind = Self.kind(of: pattern)
                    let rank = Int(line.weight) << 33 | pattern.count << 1 | (line.caseSensitive ? 1 : 0)
                    let written = kind == .suffix ? UnsafeBufferPointer(rebasing: pattern.dropFirst()) : pattern
                    // Plain lines are ASCII: folded byte by byte, as
                    // `foldedASCII` folds them.
                    let folded = written.count <= buffer.count ? UnsafeMutableBufferPointer(rebasing: buffer[..<written.count])
                        : UnsafeMutableBufferPointer<UInt8>.allocate(capacity: written.count)
                    defer { if folded.baseAddress != buffer.baseAddress { folded.deallocate() } }
                    for offset in 0..<written.count { folded[offset] = FoldedKeyTable.fold(written[offset]) }
                    builder.add(Int32(index), kind: kind, rank: rank, written: written, folded: UnsafeBufferPointer(folded)) {
                        lines.glob(index)
                    }
                }
            }
        }
        self.init(source: .plain(lines, spelled: LazySlots(count: lines.count)), builder)
    }

    /// The tables being made, a glob at a time in the files' order.
    private struct Builder {
        var ranks: [Int] = []
        var literalKeys: FoldedKeyTable, suffixKeys: FoldedKeyTable
        // (entry, place) in the files' order, sorted into entries below.
        var literalPlaces: [(entry: Int32, place: Int32)] = [], suffixPlaces: [(entry: Int32, place: Int32)] = []
        var keyBytes: [UInt8] = [], keyStarts: [Int32] = []
        var patterns: [Pattern] = []
        var longestSuffix = 0
        var suffixFirstBytes: [UInt64] = []

        init(count: Int) {
            // Nearly every glob is a `*suffix`; a few dozen are names.
            literalKeys = FoldedKeyTable(capacity: count / 16)
            suffixKeys = FoldedKeyTable(capacity: count)
            suffixPlaces.reserveCapacity(count)
            ranks.reserveCapacity(count)
            keyBytes.reserveCapacity(count * 8)
            keyStarts.reserveCapacity(count + 1)
        }

        /// Adds the glob at `place`: its key as written and folded (a
        /// suffix's without the `*`); `glob` spells it out for a pattern.
        mutating func add(_ place: Int32, kind: Kind, rank: Int, written: UnsafeBufferPointer<UInt8>,
                          folded: UnsafeBufferPointer<UInt8>, glob: () -> Glob) {
            ranks.append(rank)
            keyStarts.append(Int32(keyBytes.count))
            switch kind {
            case .literal:
                keyBytes += written
                literalPlaces.append((Int32(literalKeys.insert(folded: folded)), place))
            case .suffix:
                keyBytes += written
                suffixPlaces.append((Int32(suffixKeys.insert(folded: folded)), place))
                // The first-byte sets of ASCII keys (no other matches an
                // ASCII end).
                if folded.allSatisfy({ $0 < 0x80 }), let first = folded.first {
                    let length = folded.count
                    longestSuffix = max(longestSuffix, length)
                    while suffixFirstBytes.count < 4 * (length + 1) { suffixFirstBytes.append(0) }
                    suffixFirstBytes[4 * length + Int(first >> 6)] |= 1 << UInt64(first & 63)
                }
            case .pattern:
                patterns.append(Pattern(glob(), place: place))
            }
        }

        /// Each entry's places: case-sensitive first, each in the files' order.
        func entries(_ places: [(entry: Int32, place: Int32)], count: Int) -> Entries {
            var sizes = [Int32](repeating: 0, count: count + 1)
            for (entry, _) in places { sizes[Int(entry) + 1] += 1 }
            var entries = Entries()
            entries.starts = sizes
            for entry in 0..<count { entries.starts[entry + 1] += entries.starts[entry] }
            var next = Array(entries.starts.dropLast())
            entries.candidates = [Int32](repeating: 0, count: places.count)
            for caseSensitive in [true, false] {
                for (entry, place) in places where (ranks[Int(place)] & 1 != 0) == caseSensitive {
                    entries.candidates[Int(next[Int(entry)])] = place
                    next[Int(entry)] += 1
                }
            }
            return entries
        }
    }

    private init(source: Source, _ builder: Builder) {
        self.source = source
        ranks = builder.ranks
        literalKeys = builder.literalKeys
        suffixKeys = builder.suffixKeys
        literalEntries = builder.entries(builder.literalPlaces, count: builder.literalKeys.count)
        suffixEntries = builder.entries(builder.suffixPlaces, count: builder.suffixKeys.count)
        var keyStarts = builder.keyStarts
        keyStarts.append(Int32(builder.keyBytes.count))
        keyBytes = builder.keyBytes
        self.keyStarts = keyStarts
        longestSuffix = builder.longestSuffix
        suffixFirstBytes = builder.suffixFirstBytes
        patterns = builder.patterns
    }

    /// Every glob, in the files' order.
    var globs: [Glob] { source.all }

    /// The best glob for `fileName` (a name, not a path), if any matches:
    /// literal names, then each end of the name from the longest, then the
    /// other patterns, the first of equals winning.
    func match(_ fileName: String) -> Glob? {
        if fileName.isEmpty { return nil }
        // An ASCII name ("\r\n" aside, one character of two bytes) is
        // matched on its bytes.
        let place = fileName.utf8.withContiguousStorageIfAvailable { bytes -> Int32?? in
            bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) ? .some(match(ascii: bytes)) : nil
        } ?? nil
        if let place { return place.map { source.glob(Int($0)) } }
        return match(anyName: fileName).map { source.glob(Int($0)) }
    }

    /// The best of the candidates considered so far.
    private struct Best {
        var place: Int32?
        var rank = 0

        /// Keeps `candidate` if it ranks above the best so far.
        @inline(__always)
        mutating func consider(_ candidate: Int32, _ ranks: UnsafeBufferPointer<Int>) {
            let candidateRank = ranks[Int(candidate)]
            if place == nil || candidateRank > rank {
                place = candidate
                rank = candidateRank
            }
        }
    }

    /// ``match(_:)`` for a name of ASCII bytes, other than CR: each byte a
    /// character, and folding keeps every byte in its place.
    private func match(ascii name: UnsafeBufferPointer<UInt8>) -> Int32? {
        ranks.withUnsafeBufferPointer { ranks in
            keyBytes.withUnsafeBufferPointer { keyBytes in
                var best = Best()
                consider(name, in: literalKeys, literalEntries, into: &best, ranks, keyBytes)
                if best.place != nil { return best.place }
                for start in max(0, name.count - longestSuffix)..<name.count {
                    let length = name.count - start, first = FoldedKeyTable.fold(name[start])
                    guard suffixFirstBytes[4 * length + Int(first >> 6)] & (1 << UInt64(first & 63)) != 0 else { continue }
                    consider(UnsafeBufferPointer(rebasing: name[start...]), in: suffixKeys, suffixEntries, into: &best, ranks, keyBytes)
                }
                if !patterns.isEmpty { matchPatterns(ascii: name, into: &best, ranks) }
                return best.place
            }
        }
    }

    /// Considers the globs whose key is `end` (a name or an end of one) in
    /// `keys`, a case-sensitive one only where `end` is spelled as its key.
    @inline(__always)
    private func consider(_ end: UnsafeBufferPointer<UInt8>, in keys: FoldedKeyTable, _ entries: Entries, into best: inout Best,
                          _ ranks: UnsafeBufferPointer<Int>, _ keyBytes: UnsafeBufferPointer<UInt8>) {
        guard let entry = keys.entry(foldingASCII: end) else { return }
        for position in Int(entries.starts[entry])..<Int(entries.starts[entry + 1]) {
            let candidate = entries.candidates[position]
            if ranks[Int(candidate)] & 1 != 0 {  // case-sensitive
                let start = Int(keyStarts[Int(candidate)]), count = Int(keyStarts[Int(candidate) + 1]) - start
                guard count == end.count, UnsafeBufferPointer(rebasing: keyBytes[start..<(start + count)]).elementsEqual(end)
                else { continue }
            }
            best.consider(candidate, ranks)
        }
    }

    /// The other patterns against an ASCII name, through fnmatch, each only
    /// if the name has the bytes the pattern fixes.
    private func matchPatterns(ascii name: UnsafeBufferPointer<UInt8>, into best: inout Best, _ ranks: UnsafeBufferPointer<Int>) {
        guard patterns.contains(where: { $0.mayMatch(name) }) else { return }
        // The name as C strings, as written and folded, on the stack.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * (name.count + 1)) { buffer in
            let written = buffer.baseAddress!, folded = written + name.count + 1
            for index in 0..<name.count {
                written[index] = name[index]
                folded[index] = FoldedKeyTable.fold(name[index])
            }
            written[name.count] = 0
            folded[name.count] = 0
            for pattern in patterns where pattern.mayMatch(name) {
                let given = UnsafeRawPointer(pattern.caseSensitive ? written : folded).assumingMemoryBound(to: CChar.self)
                if pattern.matched.withUnsafeBufferPointer({ fnmatch($0.baseAddress!, given, 0) == 0 }) {
                    best.consider(pattern.place, ranks)
                }
            }
        }
    }

    /// ``match(_:)`` for any other name: its ends start at its characters,
    /// and outside ASCII it is folded by Unicode's rules, as the keys are.
    private func match(anyName fileName: String) -> Int32? {
        var name = fileName
        return name.withUTF8 { name in
            ranks.withUnsafeBufferPointer { ranks in
                keyBytes.withUnsafeBufferPointer { keyBytes in
                    var best = Best()
                    consider(name, in: literalKeys, literalEntries, into: &best, ranks, keyBytes)
                    if best.place != nil { return best.place }
                    var start = 0
                    for character in fileName {
                        consider(UnsafeBufferPointer(rebasing: name[start...]), in: suffixKeys, suffixEntries, into: &best, ranks, keyBytes)
                        start += character.utf8.count
                    }
                    fileName.withCString { name in
                        fileName.foldedASCII.withCString { foldedName in
                            for pattern in patterns where pattern.matched.withUnsafeBufferPointer({
                                fnmatch($0.baseAddress!, pattern.caseSensitive ? name : foldedName, 0) == 0
                            }) {
                                best.consider(pattern.place, ranks)
                            }
                        }
                    }
                    return best.place
                }
            }
        }
    }

    /// A pattern other than a literal name or a `*suffix`.
    private struct Pattern: Sendable {
        let place: Int32
        let caseSensitive: Bool
        /// The pattern fnmatch is given: folded unless case-sensitive.
        let matched: [CChar]
        /// What any name it matches starts and ends with, its longest run of
        /// plain bytes, and the bytes a final bracket expression allows.
        let head: [UInt8]
        let tail: [UInt8]
        let needle: [UInt8]
        let lastBytes: [UInt64]?

        init(_ glob: Glob, place: Int32) {
            self.place = place
            caseSensitive = glob.caseSensitive
            let pattern = glob.caseSensitive ? glob.pattern : glob.pattern.foldedASCII
            matched = Array(pattern.utf8CString)
            let bytes = Array(pattern.utf8)
            // Runs of plain bytes, split at anything fnmatch reads specially.
            var runs: [[UInt8]] = [[]]
            // Inside a bracket expression: bytes read, and whether the first
            // was `!` or `^`.
            var bracket: (read: Int, negated: Bool)?
            var lastBracket: [UInt8] = []
            // Whether the last byte read closed a bracket expression.
            var closedBracket = false
            for byte in bytes {
                closedBracket = false
                if let open = bracket {
                    let first = open.read == 0 || (open.read == 1 && open.negated)
                    if byte == UInt8(ascii: "]") && !first {
                        bracket = nil
                        closedBracket = true
                    } else {
                        lastBracket.append(byte)
                        bracket = (open.read + 1, open.negated || (open.read == 0 && (byte == UInt8(ascii: "!") || byte == UInt8(ascii: "^"))))
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: "\\"), UInt8(ascii: "]"):
                    runs.append([])
                case UInt8(ascii: "["):
                    bracket = (0, false)
                    lastBracket = []
                    runs.append([])
                default:
                    runs[runs.count - 1].append(byte)
                }
            }
            func special(_ byte: UInt8) -> Bool {
                byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
                    || byte == UInt8(ascii: "\\")
            }
            // A backslash escapes what follows: trust no run then.
            let plain = !bytes.contains(UInt8(ascii: "\\")) && bracket == nil
            head = plain && !special(bytes.first ?? 0) ? runs.first! : []
            tail = plain && runs.count > 1 && !special(bytes.last ?? 0) ? runs.last! : []
            needle = plain ? runs.max { $0.count < $1.count } ?? [] : []
            lastBytes = plain && closedBracket ? Self.byteSet(lastBracket) : nil
        }

        /// The bytes a bracket expression stands for; `nil` for one it would
        /// take more to read (negated, classes, non-ASCII, `]` or `-`).
        private static func byteSet(_ members: [UInt8]) -> [UInt64]? {
            guard let first = members.first, first != UInt8(ascii: "!"), first != UInt8(ascii: "^"),
                  !members.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }),
                  members.first != UInt8(ascii: "-"), members.last != UInt8(ascii: "-") else { return nil }
            var set = [UInt64](repeating: 0, count: 4)
            var index = 0
            while index < members.count {
                var low = members[index], high = members[index]
                if index + 2 < members.count, members[index + 1] == UInt8(ascii: "-") {
                    high = members[index + 2]
                    index += 2
                } else if members[index] == UInt8(ascii: "-") {
                    return nil
                }
                guard low <= high else { return nil }
                while low <= high {
                    set[Int(low >> 6)] |= 1 << UInt64(low & 63)
                    if low == high { break }
                    low += 1
                }
                index += 1
            }
            return set
        }

        /// Whether an ASCII name could match: head, tail, needle and last
        /// bracket expression, folded unless case-sensitive.
        func mayMatch(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
            let fold = !caseSensitive
            @inline(__always) func byte(_ index: Int) -> UInt8 { fold ? FoldedKeyTable.fold(name[index]) : name[index] }
            guard name.count >= head.count + tail.count, name.count > 0 else { return false }
            if let lastBytes {
                let last = byte(name.count - 1)
                guard lastBytes[Int(last >> 6)] & (1 << UInt64(last & 63)) != 0 else { return false }
            }
            for index in 0..<head.count where byte(index) != head[index] { return false }
            for index in 0..<tail.count where byte(name.count - tail.count + index) != tail[index] { return false }
            guard needle.count > 1 else { return true }
            guard name.count >= needle.count else { return false }
            // Only where the needle's first byte is (a dot, most often).
            let first = needle[0]
            search: for start in 0...(name.count - needle.count) where byte(start) == first {
                for index in 1..<needle.count where byte(start + index) != needle[index] { continue search }
                return true
            }
            return false
        }
    }
}
