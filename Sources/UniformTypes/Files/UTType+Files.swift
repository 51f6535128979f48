#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension UTType {
    /// The type of a file by its name alone: a glob of the desktop's MIME
    /// database or a known extension, else a dynamic type for the extension,
    /// else public.data.
    ///
    /// ```swift
    /// UTType(fileName: "notes.txt")      // public.plain-text
    /// UTType(fileName: "backup.tar.gz")  // org.freedesktop.mime.application.x-compressed-tar
    /// UTType(fileName: "Makefile")       // org.freedesktop.mime.text.x-makefile
    /// ```
    public init(fileName: String) {
        let registry = TypeRegistry.shared
        if let match = registry.recordForFileName(fileName) {
            self.init(record: match.record)
        } else if let pathExtension = TypeRegistry.pathExtension(of: fileName),
                  let dynamic = registry.dynamicRecord(tag: pathExtension, tagClass: .filenameExtension, conformingTo: registry.data) {
            self.init(record: dynamic)
        } else {
            self.init(record: registry.data)
        }
    }

    /// The type of the file at `url` and what decided it.
    ///
    /// A directory is public.folder. Otherwise the name is matched (see
    /// ``init(fileName:)``) and, when `readingContents` is true and the file
    /// can be read, its first bytes are checked against the MIME database's
    /// magic rules: the name decides unless the contents name a more specific
    /// type of the same kind; with no name match the contents decide, then a
    /// text check, then a dynamic type for the extension, then public.data.
    public static func identifyFile(at url: URL, readingContents: Bool = true) -> UTTypeFileIdentification {
        let found = TypeRegistry.shared.identifyFile(at: url, readingContents: readingContents)
        return UTTypeFileIdentification(type: UTType(record: found.record), method: found.method, detail: found.detail)
    }
}
