import Foundation
import ItemProviders
import UniformTypes

/// A clipboard of item providers, as `UIPasteboard.itemProviders` and
/// `NSPasteboard` with `NSItemProvider`s: copy puts the same providers a
/// drag would carry, paste hands a destination providers to load from, as
/// a drop does. Nothing is produced at copy time: a representation's
/// handler runs only when someone pastes that type.
///
/// ```swift
/// Pasteboard.general.setItemProviders([ItemProvider(object: "Milk")])
/// let text = try await Pasteboard.general.itemProviders.first?.loadObject(ofClass: String.self)
/// ```
///
/// A toolkit connects the general pasteboard to the desktop's clipboard
/// with a ``PasteboardBackend`` (DragKitGTK's is GdkClipboard): copies are
/// published there, and pastes read what another program copied.
@MainActor
public final class Pasteboard {
    /// The process's pasteboard.
    public static let general = Pasteboard()

    /// Publishes copies to, and reads pastes from, the desktop's clipboard;
    /// nil keeps the pasteboard inside the process (tests, headless use).
    public var backend: (any PasteboardBackend)?

    /// The providers this process copied last, as this process sees them
    /// (every visibility); empty when another program's copy is newer.
    public private(set) var localItemProviders: [ItemProvider] = []

    /// Goes up with every copy, here or (as the backend reports) elsewhere.
    public private(set) var changeCount = 0

    /// An empty pasteboard.
    public init() {}

    /// Copies `providers`: this process keeps them as they are; other
    /// processes see each through `view(for: .otherProcess)`, so
    /// `ownProcess` representations never leave, and `localOnly` offers
    /// nothing outside the process at all.
    public func setItemProviders(_ providers: [ItemProvider], localOnly: Bool = false) {
        localItemProviders = providers
        changeCount += 1
        backend?.publish(providers, localOnly: localOnly, for: self)
    }

    /// The providers a paste reads: this process's copy, or what the
    /// backend finds another program copied (each loads only the type asked
    /// for, when asked).
    public var itemProviders: [ItemProvider] {
        if let backend, !backend.ownsClipboard {
            return backend.foreignItemProviders()
        }
        return localItemProviders
    }

    /// The providers a paste reads, with all that another DragKit program
    /// copied: as ``itemProviders``, except that a copy made in another
    /// DragKit process arrives as a drop from it would, every item with
    /// every type its providers registered (app-declared ones too), rather
    /// than the public formats other programs see. Paste commands use this.
    ///
    /// ```swift
    /// let providers = await Pasteboard.general.loadItemProviders()
    /// try list.paste(providers, engine: engine)
    /// ```
    public func loadItemProviders() async -> [ItemProvider] {
        if let backend, !backend.ownsClipboard {
            return await backend.loadForeignItemProviders()
        }
        return localItemProviders
    }

    /// Whether a paste now would offer something of one of `types`.
    public func hasItems(conformingTo types: [UTType]) -> Bool {
        itemProviders.contains { provider in types.contains { provider.hasItemConforming(to: $0) } }
    }

    /// Empties the pasteboard (the desktop's clipboard too, when this
    /// process owns it).
    public func clear() {
        setItemProviders([])
    }

    /// The backend saw another program take the clipboard.
    public func clipboardChangedElsewhere() {
        localItemProviders = []
        changeCount += 1
    }
}

/// Connects a ``Pasteboard`` to a desktop clipboard.
@MainActor
public protocol PasteboardBackend: AnyObject {
    /// Offers `providers` on the desktop's clipboard, each representation
    /// produced when read; `localOnly`: offer nothing to other processes.
    func publish(_ providers: [ItemProvider], localOnly: Bool, for pasteboard: Pasteboard)
    /// Whether the desktop's clipboard holds this process's last copy.
    var ownsClipboard: Bool { get }
    /// What another program copied, as providers that read the clipboard
    /// when loaded.
    func foreignItemProviders() -> [ItemProvider]
    /// What another program copied, for a paste: may read the clipboard
    /// first (another DragKit program's list of items and types). By
    /// default, ``foreignItemProviders()``.
    func loadForeignItemProviders() async -> [ItemProvider]
}

extension PasteboardBackend {
    public func loadForeignItemProviders() async -> [ItemProvider] {
        foreignItemProviders()
    }
}
