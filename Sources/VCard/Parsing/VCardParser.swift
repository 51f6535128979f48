import Foundation

/// Reads vCard 2.1, 3.0 and 4.0 files, several cards per file.
///
/// The parser works on the file's bytes: it unfolds lines, reads groups and
/// parameters (quoted values, lists, 2.1's bare types), undoes 2.1's
/// quoted-printable and `CHARSET`, and checks inline base64 and UTF-8. A
/// card with a problem is left out of ``VCardParseResult/cards`` and
/// reported in ``VCardParseResult/errors`` with its index and line; the
/// other cards of the file are still read.
///
/// ```swift
/// let result = VCardParser().parse(try Data(contentsOf: url))
/// for card in result.cards { print(card.fn ?? "?") }
/// for error in result.errors { print(error) }   // card 2, line 17: ...
/// ```
public struct VCardParser: Sendable {
    /// Sizes past which input is refused rather than read.
    public struct Limits: Sendable, Hashable {
        /// The largest file read (32 MiB): an address book with photos is
        /// far smaller; anything larger is most likely not a vCard file.
        public var maxFileBytes: Int
        /// The longest physical line (256 KiB); writers fold at 75 octets.
        public var maxLineBytes: Int
        /// The longest property once unfolded (16 MiB), a large inline photo.
        public var maxPropertyBytes: Int

        public init(maxFileBytes: Int = 32 << 20, maxLineBytes: Int = 256 << 10, maxPropertyBytes: Int = 16 << 20) {
            self.maxFileBytes = maxFileBytes
            self.maxLineBytes = maxLineBytes
            self.maxPropertyBytes = maxPropertyBytes
        }
    }

    public var limits: Limits

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Reads the cards in `data`.
    public func parse(_ data: Data) -> VCardParseResult {
        if let refused = refusal(size: data.count) { return refused }
        return data.withUnsafeBytes { raw in
            parse(buffer: raw.bindMemory(to: UInt8.self))
        }
    }

    /// Reads the cards in `bytes`.
    public func parse(_ bytes: [UInt8]) -> VCardParseResult {
        if let refused = refusal(size: bytes.count) { return refused }
        return bytes.withUnsafeBufferPointer { parse(buffer: $0) }
    }

    /// Reads the cards in `text`.
    public func parse(_ text: String) -> VCardParseResult {
        parse(Array(text.utf8))
    }

    /// Reads the cards in the file at `url`; a file over the size limit is
    /// refused before it is read.
    ///
    /// - Throws: the file system's error when the file cannot be read.
    public func parse(contentsOf url: URL) throws -> VCardParseResult {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        if let size = (attributes[.size] as? NSNumber)?.intValue, let refused = refusal(size: size) {
            return refused
        }
        return parse(try Data(contentsOf: url))
    }

    private func refusal(size: Int) -> VCardParseResult? {
        guard size > limits.maxFileBytes else { return nil }
        let error = VCardError(
            .fileTooLarge, cardIndex: nil, line: 1,
            "The file is \(megabytes(size)), larger than the \(megabytes(limits.maxFileBytes)) a vCard file may have; split it into smaller files.")
        return VCardParseResult(errors: [error])
    }

    private func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }

    func parse(buffer: UnsafeBufferPointer<UInt8>) -> VCardParseResult {
        var run = ParseRun(bytes: buffer, limits: limits)
        return run.run()
    }
}
