import Foundation

/// An app's `--dump-layout` file: where its windows, lists and rows are on
/// the screen, as one JSON object that end-to-end tests read (through
/// AppTesting's `Layout`) to aim a real pointer. Toolkit-free: the app
/// measures the frames and hands them over; this writes them.
///
/// Every write replaces the whole file atomically (see ``AtomicFile``), with
/// sorted keys, so a reader never sees half a layout.
///
/// ```swift
/// let file = LayoutFile(url: URL(fileURLWithPath: "/tmp/layout.json"))
/// try file.write([
///     "windows": .rects(["CacheEditor": windowFrame]),
///     "widgets": .rects(["name": nameFrame, "picture": pictureFrame]),
/// ])
/// ```
public struct LayoutFile: Sendable, Hashable {
    /// Where the file is.
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    /// Replaces the file with `members` as its top-level object.
    ///
    /// - Throws: ``AppSupportError`` with code `.fileNotWritten`, naming the file.
    public func write(_ members: [String: LayoutValue]) throws {
        try AtomicFile.writeJSON(LayoutValue.object(members), to: url)
    }

    /// Replaces the file with `groups` (frames by group, then by name), as
    /// `{"<group>": {"<name>": {"x", "y", "width", "height"}}}`.
    public func write(groups: [String: [String: CGRect]]) throws {
        try write(groups.mapValues(LayoutValue.rects))
    }
}
