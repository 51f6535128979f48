/// The `globs2` files of a database whose caches are current, read once,
/// by the first of a file-name lookup or the full table's tags
/// (``BaseTags``) to need them; problems are reported by that reader.
final class DeferredGlobs: Sendable {
    /// The files, highest priority first, as the full load reads them.
    let files: [String]
    /// The globs read, and the same arranged for matching: each made once.
    private let made = LazySlots<Made>(count: 1)
    private let arranged = LazySlots<GlobTable>(count: 1)

    private final class Made: Sendable {
        let globs: [MIMEDatabase.Glob]
        init(_ globs: [MIMEDatabase.Glob]) { self.globs = globs }
    }

    init(files: [String]) {
        self.files = files
    }

    /// Every glob of the files, in order; `report` gets the problems if
    /// this call made the read.
    func globs(report: ([UTTypeDiagnostic]) -> Void) -> [MIMEDatabase.Glob] {
        if let done = made[0] { return done.globs }
        // A table arranged first was read from plain lines, which have no
        // problem to report.
        if let table = arranged[0] { return made.store(Made(table.globs), at: 0).globs }
        let (globs, problems) = MIMEDatabase.readGlobs(files)
        let mine = Made(globs)
        let kept = made.store(mine, at: 0)
        if kept === mine, !problems.isEmpty { report(problems) }
        return kept.globs
    }

    /// ``table(report:)`` once made.
    @inline(__always)
    var arrangedTable: GlobTable? { arranged[0] }

    /// The globs arranged for matching file names, on the files' bytes
    /// when every line is plain; problems as in ``globs(report:)``.
    func table(report: ([UTTypeDiagnostic]) -> Void) -> GlobTable {
        if let done = arranged[0] { return done }
        if made[0] == nil, let lines = plainLines() {
            return arranged.store(GlobTable(plain: lines), at: 0)
        }
        return arranged.store(GlobTable(globs(report: report)), at: 0)
    }

    /// Every file's lines, one after another, when each file can be read
    /// and every line of it is plain (``PlainGlobLines``).
    private func plainLines() -> PlainGlobLines? {
        var joined: [UInt8] = []
        for file in files {
            guard let bytes = try? MIMEDatabase.contents(of: file) else { return nil }
            // One file, nearly always: taken as read (it has room for the newline).
            if joined.isEmpty { joined = bytes } else { joined += bytes }
            // Lines never run on from one file into the next.
            joined.append(UInt8(ascii: "\n"))
        }
        return PlainGlobLines(joined)
    }
}
