import Foundation
import UniformTypes

/// A promise of one dragged (or copied) item: the representations it can be
/// delivered in, best first, each produced only when a destination asks.
///
/// ```swift
/// let provider = ItemProvider()
/// provider.registerDataRepresentation(for: .png) { try await renderThumbnail() }
/// provider.registerObject(cache.name)                 // utf8 plain text
///
/// // destination, after the drop:
/// let name = try await provider.loadObject(ofClass: String.self)
/// ```
///
/// The provider is `Sendable`. Loads are `async` and cancellable; each has a
/// completion-handler form returning a `Progress` for code ported from
/// UIKit. Handlers registered with a `Progress` parameter report how far
/// they got into the `Progress` of every load waiting for them.
/// ``view(for:)``, ``sealed(by:)`` and ``tracked(by:)`` give filtered views
/// that share the representations and the loads in flight with the
/// original.
public final class ItemProvider: Sendable {
    let storage: ProviderStorage
    let access: ProviderAccess

    /// Creates a provider with no representations.
    public init() {
        self.storage = ProviderStorage()
        self.access = ProviderAccess()
    }

    init(storage: ProviderStorage, access: ProviderAccess) {
        self.storage = storage
        self.access = access
    }

    /// Creates a provider offering `object`'s writable types, in its order.
    public convenience init(object: some ItemProviderWriting) {
        self.init()
        registerObject(object)
    }

    /// Creates a provider offering the file at `fileURL` as a file
    /// representation typed by its filename extension (`public.data` when the
    /// extension is unknown), or `nil` when there is no regular file there.
    /// The suggested name is the file name without its extension.
    public convenience init?(contentsOf fileURL: URL) {
        var isDirectory: ObjCBool = false
        guard fileURL.isFileURL,
              FileManager.default.fileExists(atPath: fileURL.path, isDirectory: &isDirectory),
              !isDirectory.boolValue else { return nil }
        self.init()
        let type = UTType(filenameExtension: fileURL.pathExtension) ?? .data
        suggestedName = fileURL.deletingPathExtension().lastPathComponent
        registerFileRepresentation(for: type) { fileURL }
    }

    /// A name for the item, used for files made from it (the type's
    /// extension is added) and shown by destinations.
    public var suggestedName: String? {
        get {
            let (name, source) = storage.state.withLock { ($0.suggestedName, $0.nameSource) }
            guard let source else { return name }
            // Worked out outside the lock: the closure may ask this provider.
            let made = source()
            storage.state.withLock { state in
                // A name set meanwhile stays.
                guard state.nameSource != nil else { return }
                state.suggestedName = made
                state.nameSource = nil
            }
            return made
        }
        set {
            storage.state.withLock { state in
                state.suggestedName = newValue
                state.nameSource = nil
            }
        }
    }

    /// Names the item with what `name` returns, worked out the first time
    /// ``suggestedName`` is read (then kept), not now: a drag of many items
    /// makes a provider for each, and few names are ever read. Setting
    /// ``suggestedName`` replaces it.
    ///
    /// ```swift
    /// let provider = ItemProvider()
    /// provider.registerSuggestedName { contact.displayName }  // read from the store when asked
    /// ```
    public func registerSuggestedName(_ name: @escaping @Sendable () -> String?) {
        storage.state.withLock { state in
            state.suggestedName = nil
            state.nameSource = name
        }
    }

    /// The team this provider's app belongs to; `.team` representations go
    /// to audiences of the same team only.
    public var teamIdentifier: String? {
        get { storage.state.withLock { $0.teamIdentifier } }
        set { storage.state.withLock { $0.teamIdentifier = newValue } }
    }

    // MARK: - Views

    /// The provider as `audience` may see it: it lists and loads only the
    /// representations whose visibility admits that audience. Views share
    /// the representations (including ones registered later) and loads in
    /// flight with this provider; a view of a view narrows further.
    ///
    /// ```swift
    /// let outside = provider.view(for: .otherProcess)
    /// outside.registeredContentTypes     // only `.all` representations
    /// ```
    public func view(for audience: ProviderAudience) -> ItemProvider {
        var narrowed = access
        narrowed.audiences.append(audience)
        return ItemProvider(storage: storage, access: narrowed)
    }

    /// The provider with its data sealed by `gate`: type queries work, loads
    /// fail with ``ItemProviderError/Code/sealed`` until `gate` is opened.
    /// The drag engine gives hovering destinations such a view.
    public func sealed(by gate: LoadGate) -> ItemProvider {
        var narrowed = access
        narrowed.gates.append(gate)
        return ItemProvider(storage: storage, access: narrowed)
    }

    /// The provider with its loads counted by `tracker` from the moment
    /// each is asked for until it ends (see ``LoadTracker``). A drop
    /// session's items are such views, so a drop stays open until the loads
    /// made through them are done.
    ///
    /// ```swift
    /// let tracker = LoadTracker()
    /// let counted = provider.tracked(by: tracker)
    /// Task { _ = try await counted.loadObject(ofClass: String.self) }
    /// await tracker.waitUntilIdle()
    /// ```
    public func tracked(by tracker: LoadTracker) -> ItemProvider {
        var narrowed = access
        narrowed.trackers.append(tracker)
        return ItemProvider(storage: storage, access: narrowed)
    }
}

extension ItemProvider: CustomStringConvertible {
    public var description: String {
        let types = registeredContentTypes.map(\.identifier).joined(separator: ", ")
        return "ItemProvider(\(types))"
    }
}
