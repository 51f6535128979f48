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

    /// The manifest in `data`, or nil when it is not one this code reads.
    static func decode(_ data: Data) -> TransferManifest? {
        guard let manifest = try? JSONDecoder().decode(TransferManifest.self, from: data),
              manifest.version == currentVersion else { return nil }
        return manifest
    }

    /// Whether the channel can be tried from this process.
    var isReachable: Bool {
        !boot.isEmpty && boot == Self.currentBoot && !channel.isEmpty
    }
}
