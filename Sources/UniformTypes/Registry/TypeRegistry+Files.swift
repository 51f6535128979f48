#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension TypeRegistry {
    /// The type a file name suggests, and why; `nil` when nothing matches.
    /// Globs are tried as the shared-mime-info specification says; a known
    /// extension (system or declared) beats a plain `*.EXT` database glob
    /// (`main.c` is public.c-source), a more specific glob (`Makefile`,
    /// `*.tar.gz`, a case-sensitive `*.C`) decides on its own.
    func recordForFileName(_ name: String) -> (record: TypeRecord, reason: FileNameReason)? {
        let glob = fileNameGlobs.match(name)
        let pathExtension = Self.pathExtension(of: name)
        var globRecord: TypeRecord?
        if let glob { globRecord = record(forGlobType: glob.mimeType) }
        if let glob, let globRecord {
            let plainSuffix = pathExtension.map { Self.isPlainSuffix(glob.pattern, of: $0) } ?? false
            let caseMatters = glob.caseSensitive && pathExtension.map { $0 != $0.foldedASCII } == true
            if !plainSuffix || caseMatters {
                return (globRecord, .glob(glob.pattern))
            }
        }
        if let pathExtension, let known = knownExtensionRecord(pathExtension) {
            return (known, .fileExtension(pathExtension))
        }
        if let glob, let globRecord {
            return (globRecord, .glob(glob.pattern))
        }
        return nil
    }

    /// What decided a file name's type (see ``recordForFileName(_:)``),
    /// spelled out only when asked: `UTType(fileName:)` never asks.
    enum FileNameReason: Equatable {
        /// The database's glob with this pattern.
        case glob(String)
        /// A known filename extension.
        case fileExtension(String)

        var detail: String {
            switch self {
            case .glob(let pattern): "shared MIME database glob \(pattern)"
            case .fileExtension(let pathExtension): "filename extension \(pathExtension)"
            }
        }
    }

    /// Whether `pattern` is `*.` and `pathExtension`, ignoring case.
    private static func isPlainSuffix(_ pattern: String, of pathExtension: String) -> Bool {
        var pattern = pattern, pathExtension = pathExtension
        let ascii = pattern.withUTF8 { bytes in
            pathExtension.withUTF8 { tail -> Bool? in
                guard bytes.allSatisfy({ $0 < 0x80 }), tail.allSatisfy({ $0 < 0x80 }) else { return nil }
                guard bytes.count == tail.count + 2, bytes[0] == UInt8(ascii: "*"), bytes[1] == UInt8(ascii: ".") else { return false }
                let suffix = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[2...]))
                return FoldedKeyTable.equalIgnoringCase(suffix, UnsafeRawBufferPointer(tail))
            }
        }
        return ascii ?? (pattern.lowercased() == "*." + pathExtension.lowercased())
    }

    /// The first known type carrying extension `pathExtension` that is not
    /// the database's own, without making a list.
    private func knownExtensionRecord(_ pathExtension: String) -> TypeRecord? {
        if !declarationsHaveTags.load(ordering: .acquiring) {
            let quick = pathExtension.utf8.withContiguousStorageIfAvailable { bytes in
                firstBaseRecord(foldingASCII: bytes, tagClass: .filenameExtension, where: { $0.origin != .freedesktop })
            }
            switch quick {
            case .found(let record)?: return record
            case .unknown?, .noneFits?: return nil
            case .notSimple?, nil: break
            }
        }
        return knownRecords(tag: pathExtension, tagClass: .filenameExtension, conformingTo: nil).first { $0.origin != .freedesktop }
    }

    /// Identifies the file at `url`; see ``UTType/identifyFile(at:readingContents:)``.
    func identifyFile(at url: URL, readingContents: Bool) -> (record: TypeRecord, method: UTTypeFileIdentification.Method, detail: String) {
        let kind = Self.nodeKind(url.path)
        let exists = kind != nil
        if kind == .directory {
            return (folder, .directory, "the path is a directory")
        }
        if let kind, kind != .regular, let record = baseRecord(forIdentifier: kind.identifier) {
            return (record, .fileSystemNode, "the path is a \(kind.rawValue)")
        }
        let name = url.lastPathComponent
        let byName = recordForFileName(name)
        if readingContents, exists, let bytes = try? MIMEDatabase.contents(of: url.path, upTo: min(max(magicRules.extent, 4096), 1 << 18)) {
            if let section = magicRules.match(bytes), let byContent = base.record(forDatabaseMIMEType: section.mimeType) {
                // The name wins unless the contents say something more specific
                // about the same kind of data (a .xml file that is SVG).
                if let byName, !refines(byContent, byName.record) {
                    return (byName.record, .fileName, byName.reason.detail)
                }
                return (byContent, .contents, "magic rule for \(section.mimeType) (priority \(section.priority))")
            }
            if let byName { return (byName.record, .fileName, byName.reason.detail) }
            if bytes.isEmpty {
                return (data, .contents, "the file is empty")
            }
            if Self.looksLikeText(bytes) {
                return (plainText, .contents, "no magic rule matched; the first bytes are text")
            }
        } else if let byName {
            return (byName.record, .fileName, byName.reason.detail)
        }
        if let pathExtension = Self.pathExtension(of: name),
           let dynamic = dynamicRecord(tag: pathExtension, tagClass: .filenameExtension, conformingTo: data) {
            return (dynamic, .fallback, "unknown filename extension \(pathExtension)")
        }
        return (data, .fallback, "nothing identifies the file")
    }

    /// Whether the contents' type is a more specific kind of the name's, by
    /// conformance or the database's subclass lines.
    private func refines(_ byContent: TypeRecord, _ byName: TypeRecord) -> Bool {
        guard byContent.key != byName.key else { return false }
        if byContent.conforms(to: byName) { return true }
        guard let child = byContent.freedesktopMIMEType, let ancestor = byName.freedesktopMIMEType else { return false }
        return base.databaseType(child.foldedASCII, isA: ancestor.foldedASCII)
    }

    /// What kind of file-system node is at a path (following links), by
    /// the name a person reads.
    enum NodeKind: String {
        case regular = "file", directory, blockDevice = "block device"
        case characterDevice = "character device", namedPipe = "named pipe", socket

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
        // An ASCII name's characters are its bytes: the dot is found on
        // them, without walking characters.
        let ascii = name.utf8.withContiguousStorageIfAvailable { bytes -> String?? in
            guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return nil }
            guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot > 0, dot < bytes.count - 1 else { return .some(nil) }
            return .some(String(decoding: UnsafeBufferPointer(rebasing: bytes[(dot + 1)...]), as: UTF8.self))
        }
        if let ascii = ascii ?? nil { return ascii }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let suffix = name[name.index(after: dot)...]
        return suffix.isEmpty ? nil : String(suffix)
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
