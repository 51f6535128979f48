import Foundation

/// A file an exporter hands to the item provider.
public struct SentTransferredFile: Sendable {
    /// The file to send.
    public let file: URL
    /// Whether destinations that ask to open in place may use this file
    /// itself rather than a copy (only if the representation was declared
    /// with `shouldAttemptToOpenInPlace`).
    public let allowAccessingOriginalFile: Bool

    public init(_ file: URL, allowAccessingOriginalFile: Bool = false) {
        self.file = file
        self.allowAccessingOriginalFile = allowAccessingOriginalFile
    }
}

/// A file an importer receives. It exists only while the importer runs:
/// copy or move it to keep it.
public struct ReceivedTransferredFile: Sendable {
    /// The received file.
    public let file: URL
    /// Whether `file` is the source's own file (opened in place) rather than
    /// a copy that will be removed.
    public let isOriginalFile: Bool

    public init(file: URL, isOriginalFile: Bool) {
        self.file = file
        self.isOriginalFile = isOriginalFile
    }
}
