import Foundation
import UniformTypes

/// Exports (and optionally imports) an item through another Transferable
/// type, taking on all of that type's representations: a to-do item offered
/// as its title offers plain text.
///
/// ```swift
/// ProxyRepresentation(exporting: \.title)
/// ProxyRepresentation(exporting: \.url) { url in Bookmark(url: url) }
/// ```
public struct ProxyRepresentation<Item: Transferable, Proxy: Transferable>: TransferRepresentation, TransferEntrySource {
    private let exporting: (@Sendable (Item) throws -> Proxy)?
    private let importing: (@Sendable (Proxy) throws -> Item)?

    /// Exports as `exporting(item)`; imports with `importing(proxy)`.
    public init(exporting: @escaping @Sendable (Item) throws -> Proxy, importing: @escaping @Sendable (Proxy) throws -> Item) {
        self.exporting = exporting
        self.importing = importing
    }

    /// Exports only.
    public init(exporting: @escaping @Sendable (Item) throws -> Proxy) {
        self.exporting = exporting
        self.importing = nil
    }

    /// Imports only.
    public init(importing: @escaping @Sendable (Proxy) throws -> Item) {
        self.exporting = nil
        self.importing = importing
    }

    var entries: [TransferEntry<Item>] {
        let exporting = exporting
        let importing = importing
        return Proxy.transferEntries.compactMap { proxyEntry in
            var entry = TransferEntry<Item>(contentType: proxyEntry.contentType)
            entry.visibility = proxyEntry.visibility
            entry.opensInPlace = proxyEntry.opensInPlace
            if let exporting, let exporter = proxyEntry.exporter {
                switch exporter {
                case .data(let export):
                    entry.exporter = .data { item in try await export(try exporting(item)) }
                case .file(let export):
                    entry.exporter = .file { item in try await export(try exporting(item)) }
                }
                if let condition = proxyEntry.exportingCondition {
                    entry.exportingCondition = { item in (try? exporting(item)).map(condition) ?? false }
                }
                if let name = proxyEntry.suggestedFileName {
                    entry.suggestedFileName = { item in (try? exporting(item)).flatMap(name) }
                }
            }
            if let importing, let importer = proxyEntry.importer {
                switch importer {
                case .data(let `import`):
                    entry.importer = .data { data in try importing(try await `import`(data)) }
                case .file(let `import`):
                    entry.importer = .file { file in try importing(try await `import`(file)) }
                }
            }
            return entry.exporter == nil && entry.importer == nil ? nil : entry
        }
    }

    public var body: Never {
        return preconditionFailure("ProxyRepresentation has no body")
    }
}
