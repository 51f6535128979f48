import Foundation

/// What a DragKit drag source tells DragKit destinations in other processes,
/// under one private MIME type (``mimeType``): every dragged item with its
/// types, the source's process, and where to fetch each representation.
///
/// Other apps see the representations' own MIME types and this one format;
/// a DragKit destination reads the manifest first (it is small), then
/// fetches each item's representation over the ``channel`` only when it is
/// loaded, so a drag of N items arrives as N items.
///
/// ```json
/// {"version": 1, "process": 4242, "boot": "6f1c…", "channel": "dragkit-4242-…",
///  "token": "…", "items": [{"name": "Ada", "types": [
///      {"type": "public.vcard", "mime": "text/vcard"},
///      {"type": "public.utf8-plain-text", "mime": "text/plain;charset=utf-8"}]}]}
/// ```
struct TransferManifest: Codable, Sendable, Equatable {
    /// The private MIME type the manifest travels under.
    static let mimeType = "application/x-dragkit-manifest"
    /// The format this code writes and reads.
    static let currentVersion = 1

    /// One representation of an item.
    struct Representation: Codable, Sendable, Equatable {
        /// The UTType identifier.
        var type: String
        /// The MIME type it is offered under through the selection (only the
        /// first item's are), which also types it for a destination that
        /// does not know the identifier.
        var mime: String
    }

    /// One dragged item.
    struct Item: Codable, Sendable, Equatable {
        /// The provider's suggested name.
        var name: String?
        /// Its representations, best first.
        var types: [Representation]
    }

    var version: Int
    /// The source's process id: a destination whose transfer broke off
    /// tells "the source died" from "the source closed early" by it.
    var process: Int32
    /// The source machine's boot id; the channel is only tried on the same
    /// boot of the same machine (a drag can cross machines through X11).
    var boot: String
    /// The abstract Unix socket name the source serves the drag on.
    var channel: String
    /// A secret for this drag: the source serves only requests naming it.
    var token: String
    var items: [Item]

    /// This machine's boot id (empty where the kernel does not say).
    static let currentBoot: String = {
        (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }()

    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data()
    }

    /// What a manifest may hold: it comes from another process, and is
    /// read while the pointer hovers, so its cost must stay small whatever
    /// the source sends.
    enum Limits {
        /// The most bytes read through the selection (1 MiB: about 5,000
        /// items of several types each).
        static let maximumSize = 1 << 20
        /// The most items a drag may carry.
        static let maximumItems = 10_000
        /// The most representations per item.
        static let maximumTypesPerItem = 64
        /// The longest MIME type.
        static let maximumMIMELength = 255
        /// The longest suggested name, in bytes.
        static let maximumNameLength = 1024
    }

    /// The manifest in `data`; nil when it is a version this code does not
    /// read (the drag is then treated like any other app's).
    /// - Throws: ``ChannelProtocol/Violation`` when `data` is not a
    ///   manifest or breaks one of the ``Limits`` (each named).
    static func decode(_ data: Data) throws(ChannelProtocol.Violation) -> TransferManifest? {
        guard data.count <= Limits.maximumSize else {
            throw .init(reason: "its manifest is \(data.count) bytes, over the limit of \(Limits.maximumSize)")
        }
        struct Versioned: Decodable { var version: Int }
        guard let version = try? JSONDecoder().decode(Versioned.self, from: data).version else {
            throw .init(reason: "its manifest is not a DragKit manifest (it is not JSON with a version)")
        }
        guard version == currentVersion else { return nil }
        let manifest: TransferManifest
        do {
            manifest = try JSONDecoder().decode(TransferManifest.self, from: data)
        } catch {
            // The decoder's own words name the field that is wrong.
            let detail = (error as? DecodingError).map { error -> String in
                switch error {
                case .keyNotFound(let key, _): return "the field \"\(key.stringValue)\" is missing"
                case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                    let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
                    return "\(path.isEmpty ? "it" : path) is wrong: \(context.debugDescription)"
                @unknown default: return "\(error)"
                }
            } ?? "\(error)"
            throw .init(reason: "its manifest could not be read (\(detail))")
        }
        try manifest.check()
        return manifest
    }

    /// Checks every field against the ``Limits`` and the channel's syntax.
    private func check() throws(ChannelProtocol.Violation) {
        guard (1...Limits.maximumItems).contains(items.count) else {
            throw .init(reason: "its manifest lists \(items.count) items; between 1 and \(Limits.maximumItems) are accepted")
        }
        guard ChannelProtocol.isToken(token) else { throw .init(reason: "its manifest's token is malformed") }
        guard channel.utf8.count <= 100, channel.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw .init(reason: "its manifest's channel name is malformed")
        }
        for (index, item) in items.enumerated() {
            guard item.types.count <= Limits.maximumTypesPerItem else {
                throw .init(reason: "item \(index + 1) of its manifest lists \(item.types.count) types; at most \(Limits.maximumTypesPerItem) are accepted")
            }
            if let name = item.name, name.utf8.count > Limits.maximumNameLength {
                throw .init(reason: "item \(index + 1) of its manifest has a name of \(name.utf8.count) bytes; at most \(Limits.maximumNameLength) are accepted")
            }
            for representation in item.types {
                guard ChannelProtocol.isTypeIdentifier(representation.type) else {
                    throw .init(reason: "item \(index + 1) of its manifest names the type \(ChannelProtocol.quoted(representation.type)), which is not a type identifier (1 to \(ChannelProtocol.maximumTypeLength) printable ASCII characters, no spaces)")
                }
                guard (1...Limits.maximumMIMELength).contains(representation.mime.utf8.count),
                      representation.mime.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else {
                    throw .init(reason: "item \(index + 1) of its manifest names the MIME type \(ChannelProtocol.quoted(representation.mime)), which is not one")
                }
            }
        }
    }

    /// Whether the channel can be tried from this process.
    var isReachable: Bool {
        !boot.isEmpty && boot == Self.currentBoot && !channel.isEmpty
    }
}
