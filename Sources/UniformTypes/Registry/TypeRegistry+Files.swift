import Foundation

extension TypeRegistry {
    /// The type a file name suggests, and why; `nil` when nothing matches.
    ///
    /// The database's globs are tried as the shared-mime-info specification
    /// says (literal names, then weight, then the longest pattern). A known
    /// extension (system or declared) is preferred over a plain `*.EXT`
    /// database glob, so `main.c` is public.c-source; a more specific glob
    /// (`Makefile`, `*.tar.gz`, or a case-sensitive `*.C`) decides on its own.
    func recordForFileName(_ name: String) -> (record: TypeRecord, detail: String)? {
        let glob = base.globs.match(name)
        let pathExtension = Self.pathExtension(of: name)
        let globRecord = glob.flatMap { base.record(forDatabaseMIMEType: $0.mimeType) }
        if let glob, let globRecord {
            let plainSuffix = pathExtension.map { glob.pattern.lowercased() == "*." + $0.lowercased() } ?? false
            let caseMatters = glob.caseSensitive && pathExtension.map { $0 != $0.lowercased() } == true
            if !plainSuffix || caseMatters {
                return (globRecord, "shared MIME database glob \(glob.pattern)")
            }
        }
        if let pathExtension,
           let known = knownRecords(tag: pathExtension, tagClass: .filenameExtension, conformingTo: nil)
               .first(where: { $0.origin != .freedesktop }) {
            return (known, "filename extension \(pathExtension)")
        }
        if let glob, let globRecord {
            return (globRecord, "shared MIME database glob \(glob.pattern)")
        }
        return nil
    }

    /// Identifies the file at `url`; see ``UTType/identifyFile(at:readingContents:)``.
    func identifyFile(at url: URL, readingContents: Bool) -> (record: TypeRecord, method: UTTypeFileIdentification.Method, detail: String) {
        let kind = Self.nodeKind(url.path)
        let exists = kind != nil
        if kind == .directory {
            return (folder, .directory, "the path is a directory")
        }
        if let kind, kind != .regular, let record = baseRecord(forIdentifier: kind.identifier) {
            return (record, .fileSystemNode, "the path is a \(kind.name)")
        }
        let name = url.lastPathComponent
        let byName = recordForFileName(name)
        if readingContents, exists, let bytes = Self.leadingBytes(of: url, count: min(max(magicRules.extent, 4096), 1 << 18)) {
            if let section = magicRules.match(bytes), let byContent = base.record(forDatabaseMIMEType: section.mimeType) {
                // The name wins unless the contents say something more specific
                // about the same kind of data (a .xml file that is SVG).
                if let byName, !refines(byContent, byName.record) {
                    return (byName.record, .fileName, byName.detail)
                }
                return (byContent, .contents, "magic rule for \(section.mimeType) (priority \(section.priority))")
            }
            if let byName { return (byName.record, .fileName, byName.detail) }
            if bytes.isEmpty {
                return (data, .contents, "the file is empty")
            }
            if Self.looksLikeText(bytes) {
                return (plainText, .contents, "no magic rule matched; the first bytes are text")
            }
        } else if let byName {
            return (byName.record, .fileName, byName.detail)
        }
        if let pathExtension = Self.pathExtension(of: name),
           let dynamic = dynamicRecord(tag: pathExtension, tagClass: .filenameExtension, conformingTo: data) {
            return (dynamic, .fallback, "unknown filename extension \(pathExtension)")
        }
        return (data, .fallback, "nothing identifies the file")
    }

    /// Whether the type the contents suggest is a more specific kind of the
    /// type the name suggests, by conformance or by the MIME database's
    /// subclass-of lines (SVG is XML to the database, not to Apple).
    private func refines(_ byContent: TypeRecord, _ byName: TypeRecord) -> Bool {
        guard byContent.key != byName.key else { return false }
        if byContent.conforms(to: byName) { return true }
        guard let child = byContent.freedesktopMIMEType, let ancestor = byName.freedesktopMIMEType else { return false }
        return base.databaseType(child.foldedASCII, isA: ancestor.foldedASCII)
    }

    /// What kind of file-system node is at a path (following links).
    enum NodeKind {
        case regular, directory, blockDevice, characterDevice, namedPipe, socket

        var identifier: String {
            switch self {
            case .regular: "public.data"
            case .directory: "public.folder"
            case .blockDevice: "public.block-special"
            case .characterDevice: "public.character-special"
            case .namedPipe: "public.named-pipe"
            case .socket: "public.socket"
            }
        }

        var name: String {
            switch self {
            case .regular: "file"
            case .directory: "directory"
            case .blockDevice: "block device"
            case .characterDevice: "character device"
            case .namedPipe: "named pipe"
            case .socket: "socket"
            }
        }
    }

    static func nodeKind(_ path: String) -> NodeKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFBLK: return .blockDevice
        case S_IFCHR: return .characterDevice
        case S_IFIFO: return .namedPipe
        case S_IFSOCK: return .socket
        default: return .regular
        }
    }

    /// `tar.gz` gives `gz`; a name that only starts with a dot has none.
    static func pathExtension(of name: String) -> String? {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let suffix = name[name.index(after: dot)...]
        return suffix.isEmpty ? nil : String(suffix)
    }

    private static func leadingBytes(of url: URL, count: Int) -> [UInt8]? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: count) else { return [] }
        return [UInt8](data)
    }

    /// The specification's fallback check: valid UTF-8 without control
    /// characters other than the usual white space.
    static func looksLikeText(_ bytes: [UInt8]) -> Bool {
        let sample = bytes.prefix(4096)
        guard !sample.isEmpty else { return true }
        if sample.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0x0C }) { return false }
        // A multi-byte character cut at the end of the sample is still text.
        for cut in 0...min(3, sample.count - 1) where sample.suffix(cut).allSatisfy({ $0 >= 0x80 }) {
            if String(validating: sample.dropLast(cut), as: UTF8.self) != nil { return true }
        }
        return false
    }
}
