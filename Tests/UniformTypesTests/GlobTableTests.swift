import Foundation
import Testing
@testable import UniformTypes

#if canImport(Glibc)
import Glibc
#endif

/// ``GlobTable`` skips ends of a name no suffix can match and makes its
/// patterns once; it must pick what the shared-mime-info rules pick read
/// plainly: every glob tried against the whole name, the literal names
/// first, then the highest weight, the longest pattern, a case-sensitive
/// pattern, the first of equals.
@Suite("Matching file names against globs")
struct GlobTableTests {
    typealias Glob = MIMEDatabase.Glob

    /// The rules read plainly: every glob tried against the whole name.
    struct PlainRules {
        let globs: [(glob: Glob, pattern: String, kind: Kind)]
        enum Kind { case literal, suffix, other }

        init(_ globs: [Glob]) {
            self.globs = globs.map { glob in
                let pattern = glob.caseSensitive ? glob.pattern : glob.pattern.foldedASCII
                let kind: Kind = !glob.pattern.contains { "*?[".contains($0) } ? .literal
                    : glob.pattern.first == "*" && !glob.pattern.dropFirst().contains { "*?[".contains($0) } ? .suffix : .other
                return (glob, pattern, kind)
            }
        }

        func match(_ name: String) -> Glob? {
            let folded = name.foldedASCII
            func matching(_ kind: Kind) -> [Glob] {
                globs.filter { $0.kind == kind && fnmatch($0.pattern, $0.glob.caseSensitive ? name : folded, 0) == 0 }.map(\.glob)
            }
            func best(_ candidates: [Glob]) -> Glob? {
                candidates.reduce(nil) { current, candidate in
                    guard let current else { return candidate }
                    let ranks = { (glob: Glob) in (glob.weight, glob.pattern.count, glob.caseSensitive ? 1 : 0) }
                    return ranks(candidate) > ranks(current) ? candidate : current
                }
            }
            // A literal is the whole name, so it goes first; of equals, the
            // first in the files wins, a `*suffix` before another pattern.
            return best(matching(.literal)) ?? best(matching(.suffix) + matching(.other))
        }
    }

    static let desktopGlobs: [Glob] = {
        let files = MIMEDatabaseLocation.fromEnvironment().directories.map { $0 + "/globs2" }
        return MIMEDatabase.readGlobs(files).globs
    }()

    @Test func theDesktopsGlobsPickWhatTheRulesPick() throws {
        let globs = Self.desktopGlobs
        try #require(globs.count > 1000, "Debian's shared-mime-info ships globs2")
        let table = GlobTable(globs)
        let rules = PlainRules(globs)
        // The same files arranged on their bytes, as a first file name does.
        var joined: [UInt8] = []
        for directory in MIMEDatabaseLocation.fromEnvironment().directories {
            guard let bytes = try? MIMEDatabase.contents(of: directory + "/globs2") else { continue }
            joined += bytes + [UInt8(ascii: "\n")]
        }
        let lines = try #require(PlainGlobLines(joined), "update-mime-database writes plain lines")
        let onBytes = GlobTable(plain: lines)
        #expect(lines.globs == globs)
        var names: Set<String> = ["Makefile", "README", "readme.md", "backup.tar.gz", "main.c", "MAIN.C", "main.C", "a.Gs",
                                  "core", "libz.so.1", "page.1", "sconscript.py", "001.vdr", "x.anim3", "noextension",
                                  ".hidden", "trailing.", "über.txt", "ÜBER.TXT", "a\r\n.txt", "İ.TXT", "x.tar.gz.bak", "~", "x~"]
        for glob in globs {
            names.insert("file" + glob.pattern.replacingOccurrences(of: "*", with: ""))
            names.insert(glob.pattern.replacingOccurrences(of: "*", with: "x").replacingOccurrences(of: "?", with: "1"))
        }
        for name in names.sorted() {
            for spelling in [name, name.uppercased(), name.lowercased()] {
                #expect(table.match(spelling) == rules.match(spelling), "\(spelling)")
                #expect(onBytes.match(spelling) == rules.match(spelling), "\(spelling), on bytes")
            }
        }
    }

    /// Patterns other than names and suffixes go to fnmatch only when a
    /// name has the bytes they fix; bracket expressions holding `]`, an
    /// unclosed `[`, escapes and capitals must not make that check refuse a
    /// name fnmatch accepts.
    @Test func otherPatternsMatchAsFnmatchDoes() {
        let patterns = ["*.so.[0-9]*", "[]x]end.dat", "[!]y]mid*.log", "a[b*", "\\*lit*", "Rep?rt-*.TXT", "*[0-9][0-9].v",
                        "pre*post", "*.anim[1-9j]", "[^q]*.z", "mid*dle*mid", "[]abcdef]x*", "[ab]x]", "*.[1-9]", "*[A-C]", "*[a-]"]
        var globs: [Glob] = []
        for (index, pattern) in patterns.enumerated() {
            globs.append(Glob(weight: 50, mimeType: "text/x-p\(index)", pattern: pattern, caseSensitive: index % 2 == 1))
        }
        let table = GlobTable(globs)
        let rules = PlainRules(globs)
        let names = ["libz.so.1", "libz.so.", "]end.dat", "xend.dat", "yend.dat", "zmid.log", "]mid.log", "a[bc", "a[b", "ab",
                     "*lit", "\\lit", "xlit", "Report-1.TXT", "report-1.txt", "Rep0rt-.TXT", "a12.v", "a1.v", "prepost",
                     "pre-and-post", "prpost", "x.anim1", "x.animj", "x.anim0", "q.z", "r.z", "middlemid", "midmid", "mid-dle-mid", "ax", "]x1", "ax]", "bx]", "a[bz", "f.1", "f.0", "f.b", "f.B", "f-", "f.-"]
        for name in names {
            for spelling in [name, name.uppercased(), name.lowercased()] {
                #expect(table.match(spelling) == rules.match(spelling), "\(spelling)")
            }
        }
        #expect(table.match("]end.dat")?.pattern == "[]x]end.dat")
        #expect(table.match("a[bz")?.pattern == "a[b*", "an unclosed [ is itself")
        #expect(table.match("*lit")?.pattern == "\\*lit*", "an escaped *")
        #expect(table.match("pre-and-post")?.pattern == "pre*post")
    }

    /// A `globs2` of plain lines is read on its bytes; the globs must be
    /// what the line-by-line reading gives (here made to read the same file
    /// by a bad line added at its end), and any line that reading would
    /// take otherwise, or complain about, must leave the file to it.
    @Test func plainGlobsFilesAreReadAsLineByLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dragkit-globs-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func read(_ text: String) throws -> (plain: [Glob]?, lineByLine: [Glob], problems: Int) {
            let file = directory.appendingPathComponent("globs2").path
            try Data((text + "\nbad line\n").utf8).write(to: URL(fileURLWithPath: file))
            let (globs, problems) = MIMEDatabase.readGlobs([file])
            return (PlainGlobLines(Array(text.utf8))?.globs, globs, problems.count)
        }
        let desktop = try String(contentsOfFile: MIMEDatabaseLocation.fromEnvironment().directories.last! + "/globs2", encoding: .utf8)
        let plain = """
            # a comment, then lines as update-mime-database writes them
            80:text/html:*.html
            50:text/x-csrc:*.c:cs
            50:text/x-a:*.a:foo,cs
            50:text/x-b:*.b:,cs,:later
            50:text/x-c:*.cc:csx
            0:Text/X-Folded:*.F
            100:text/x-d:README
            007:text/x-e:*.e
            50:text/x-f:__NOGLOBS__

            50:text/x-g:*.g\r
            """
        for text in [desktop, plain] {
            let result = try read(text)
            #expect(result.plain != nil)
            #expect(result.plain == result.lineByLine && result.problems == 1)
        }
        #expect(try read(plain).plain?.map(\.caseSensitive) == [false, true, true, true, false, false, false, false, false])
        // Lines the bytes are not read for: the line-by-line reading takes
        // or refuses them, as before.
        for line in ["+5:text/x-a:*.a", "0100:text/x-a:*.a", "101:text/x-a:*.a", ":text/x-a:*.a", "50:text/x-a", "50:text/x-a:",
                     "50:text/x-a::cs", "50:textx-a:*.a", "50:text/x a:*.a", "50:text/x-a:*.ä", "x"] {
            let result = try read("50:text/x-b:*.b\n" + line + "\n")
            #expect(result.plain == nil, "\(line)")
            #expect(result.lineByLine.first?.pattern == "*.b", "\(line)")
        }
    }

    /// Damage anywhere in a `globs2`: reading it on its bytes never
    /// crashes, and when it takes the file at all it gives what the line
    /// reading gives, which finds no problem in it then (but the bad line
    /// added to make it read line by line).
    @Test func damagedGlobsFilesAreReadAsLineByLineOrLeftToIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dragkit-damaged-globs-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("globs2").path
        // The file's first lines, up to a line's end.
        let whole = Array(try String(contentsOfFile: MIMEDatabaseLocation.fromEnvironment().directories.last! + "/globs2",
                                     encoding: .utf8).utf8)
        let original = Array(whole[...(whole.prefix(4000).lastIndex(of: UInt8(ascii: "\n")) ?? 0)])
        var random = SplitMix64(seed: 0x610B5)
        var taken = 0
        for round in 0..<600 {
            var bytes = original
            for _ in 0..<(1 + round % 4) {
                let place = Int.random(in: 0..<bytes.count, using: &random)
                switch round % 3 {
                case 0: bytes[place] = round % 2 == 0 ? UInt8.random(in: 0...255, using: &random) : UInt8.random(in: 0x20...0x7E, using: &random)
                case 1: bytes.remove(at: place)
                default:
                    let inserted: [UInt8] = [UInt8(ascii: ":"), UInt8(ascii: "\n"), UInt8(ascii: ","), 0xC3, UInt8(ascii: " "), UInt8(ascii: "/")]
                    bytes.insert(inserted[round % inserted.count], at: place)
                }
            }
            guard let plain = PlainGlobLines(bytes)?.globs else { continue }
            taken += 1
            // A bad line added makes the reading go line by line.
            try Data(bytes + Array("\nbad line\n".utf8)).write(to: URL(fileURLWithPath: file))
            let (globs, problems) = MIMEDatabase.readGlobs([file])
            #expect(globs == plain && problems.count == 1, "round \(round)")
        }
        #expect(taken > 30, "some damage leaves plain lines")
    }

    /// Equal candidates: the first in the files' order wins, a `*suffix`
    /// before another pattern; a longer pattern beats a shorter one.
    @Test func theFirstOfEqualGlobsWins() {
        let globs = [
            Glob(weight: 50, mimeType: "text/x-one", pattern: "*.ts", caseSensitive: false),
            Glob(weight: 50, mimeType: "video/x-two", pattern: "*.ts", caseSensitive: false),
            Glob(weight: 50, mimeType: "text/x-three", pattern: "*.TS", caseSensitive: true),
            Glob(weight: 50, mimeType: "text/x-four", pattern: "*s", caseSensitive: false),
            Glob(weight: 60, mimeType: "text/x-five", pattern: "notes*", caseSensitive: false),
            Glob(weight: 50, mimeType: "text/x-six", pattern: "NOTES", caseSensitive: true),
        ]
        let table = GlobTable(globs)
        #expect(table.match("a.ts")?.mimeType == "text/x-one")
        #expect(table.match("a.TS")?.mimeType == "text/x-three", "case-sensitive beats folded at equal length")
        #expect(table.match("as")?.mimeType == "text/x-four")
        #expect(table.match("notes.ts")?.mimeType == "text/x-five", "the weight first")
        #expect(table.match("NOTES")?.mimeType == "text/x-six", "a literal before any pattern")
        for name in ["a.ts", "a.TS", "as", "notes.ts", "NOTES", "Notes", "x"] {
            #expect(table.match(name) == PlainRules(globs).match(name), "\(name)")
        }
    }
}
