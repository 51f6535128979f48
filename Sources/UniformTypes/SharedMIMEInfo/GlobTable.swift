#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// File-name patterns from the database's `globs2`, arranged for the
/// matching order the shared-mime-info specification recommends: a literal
/// file name first (`Makefile`), then the highest weight among suffix
/// patterns (`*.tar.gz`) and other patterns, the longest pattern breaking
/// ties.
struct GlobTable: Sendable {
    typealias Glob = MIMEDatabase.Glob

    private var literalsExact: [String: [Glob]] = [:]
    private var literalsFolded: [String: [Glob]] = [:]
    private var suffixesExact: [String: [Glob]] = [:]
    private var suffixesFolded: [String: [Glob]] = [:]
    private var patterns: [Glob] = []

    init(_ globs: [Glob]) {
        for glob in globs {
            let pattern = glob.pattern
            let hasWildcard = pattern.contains { $0 == "*" || $0 == "?" || $0 == "[" }
            if !hasWildcard {
                if glob.caseSensitive {
                    literalsExact[pattern, default: []].append(glob)
                } else {
                    literalsFolded[pattern.foldedASCII, default: []].append(glob)
                }
            } else if pattern.first == "*", !pattern.dropFirst().contains(where: { $0 == "*" || $0 == "?" || $0 == "[" }) {
                let suffix = String(pattern.dropFirst())
                if glob.caseSensitive {
                    suffixesExact[suffix, default: []].append(glob)
                } else {
                    suffixesFolded[suffix.foldedASCII, default: []].append(glob)
                }
            } else {
                patterns.append(glob)
            }
        }
    }

    /// The best glob for `fileName` (a name, not a path), if any matches.
    func match(_ fileName: String) -> Glob? {
        if fileName.isEmpty { return nil }
        let folded = fileName.foldedASCII
        if let literal = best((literalsExact[fileName] ?? []) + (literalsFolded[folded] ?? [])) {
            return literal
        }
        var candidates: [Glob] = []
        var index = fileName.startIndex
        while index < fileName.endIndex {
            let suffix = String(fileName[index...])
            candidates += suffixesExact[suffix] ?? []
            candidates += suffixesFolded[suffix.foldedASCII] ?? []
            index = fileName.index(after: index)
        }
        for glob in patterns {
            let matched = glob.caseSensitive
                ? fnmatch(glob.pattern, fileName, 0) == 0
                : fnmatch(glob.pattern.foldedASCII, folded, 0) == 0
            if matched { candidates.append(glob) }
        }
        return best(candidates)
    }

    private func best(_ globs: [Glob]) -> Glob? {
        var result: Glob?
        for glob in globs {
            guard let current = result else { result = glob; continue }
            if glob.weight > current.weight
                || (glob.weight == current.weight && glob.pattern.count > current.pattern.count)
                || (glob.weight == current.weight && glob.pattern.count == current.pattern.count
                    && glob.caseSensitive && !current.caseSensitive) {
                result = glob
            }
        }
        return result
    }
}
