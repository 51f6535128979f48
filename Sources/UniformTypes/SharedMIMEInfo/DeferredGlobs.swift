/// The `globs2` files of a database whose caches are current, read the
/// first time something needs them, once, by whoever asks first.
///
/// Two readers need them: a file name (``TypeRegistry``'s
/// `recordForFileName`), which a process may ask long before anything
/// needs the full table, and the full table's tags (``BaseTags``). Both
/// get the globs from here, so the files are read once and a problem in
/// them is reported once, by the first reader.
///
/// ```swift
/// let globs = DeferredGlobs(files: ["/usr/share/mime/globs2"])
/// let table = globs.table { problems in print(problems) }
/// table.match("backup.tar.gz")?.mimeType   // "application/x-compressed-tar"
/// ```
final class DeferredGlobs: Sendable {
    /// The files, highest priority first, as the full load reads them.
    let files: [String]
    /// The globs read, and the same arranged for matching: each made once.
    private let made = LazySlots<Made>(count: 1)
    private let arranged = LazySlots<GlobTable>(count: 1)

    private final class Made: Sendable {
        let globs: [MIMEDatabase.Glob]
        let problems: [UTTypeDiagnostic]
        init(_ read: (globs: [MIMEDatabase.Glob], problems: [UTTypeDiagnostic])) {
            globs = read.globs
            problems = read.problems
        }
    }

    init(files: [String]) {
        self.files = files
    }

    /// Every glob of the files, in order. The problems the read met go to
    /// `report` if this call made the read (two threads may both read; one
    /// result is kept and only its reader reports).
    func globs(report: ([UTTypeDiagnostic]) -> Void) -> [MIMEDatabase.Glob] {
        if let done = made[0] { return done.globs }
        let mine = Made(MIMEDatabase.readGlobs(files))
        let kept = made.store(mine, at: 0)
        if kept === mine, !mine.problems.isEmpty { report(mine.problems) }
        return kept.globs
    }

    /// The globs arranged for matching file names; problems as in
    /// ``globs(report:)``.
    func table(report: ([UTTypeDiagnostic]) -> Void) -> GlobTable {
        if let done = arranged[0] { return done }
        return arranged.store(GlobTable(globs(report: report)), at: 0)
    }
}
