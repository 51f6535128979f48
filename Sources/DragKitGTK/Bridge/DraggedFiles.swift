import Foundation
import UniformTypes

/// Files handed to other processes by path (`text/uri-list`). They live in
/// a per-process folder under the temporary directory and are removed when
/// the next drag starts, since the destination may open them any time
/// during the drop.
enum DraggedFiles {
    private static let folder: URL = FileManager.default.temporaryDirectory
        .appendingPathComponent("dragkit-drags-\(getpid())", isDirectory: true)

    /// Copies `file` into the drag folder under a readable name; returns the copy.
    static func keep(_ file: URL, named name: String?, type: UTType) throws -> URL {
        let unique = folder.appendingPathComponent(UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: unique, withIntermediateDirectories: true)
        var fileName = name ?? file.deletingPathExtension().lastPathComponent
        let pathExtension = file.pathExtension.isEmpty ? (type.preferredFilenameExtension ?? "") : file.pathExtension
        if !pathExtension.isEmpty { fileName += "." + pathExtension }
        let copy = unique.appendingPathComponent(fileName)
        try FileManager.default.copyItem(at: file, to: copy)
        return copy
    }

    /// Removes the files of earlier drags.
    static func clear() {
        try? FileManager.default.removeItem(at: folder)
    }
}
