import CGtk4
import CGtkShim
import DragAndDrop
import Foundation
import ItemProviders
import UniformTypes

/// The desktop's clipboard (GdkClipboard) behind `Pasteboard/general`:
/// a copy is offered with the same lazy GdkContentProvider a drag offers
/// (`OutgoingContent`: each representation under its MIME type, produced
/// only when a program pastes that type, `ownProcess` ones never offered,
/// plus the manifest through which another DragKit process pastes every
/// item with every type), and a paste of another program's copy gives one
/// item provider whose representations read the clipboard when loaded.
/// `Pasteboard/loadItemProviders()` reads a DragKit program's copy as a
/// drop from it: every item, app-declared types included.
///
/// ```swift
/// DesktopPasteboard.install()          // once, at start-up
/// Pasteboard.general.setItemProviders([ItemProvider(object: "Milk")])
/// ```
@MainActor
public final class DesktopPasteboard: PasteboardBackend {
    /// The instance ``install()`` connects.
    public static let shared = DesktopPasteboard()

    /// Connects `Pasteboard/general` to the desktop's clipboard.
    public static func install() {
        if Pasteboard.general.backend == nil { Pasteboard.general.backend = shared }
    }

    /// Told each time a representation was produced for a paste.
    public var productionObserver: (@MainActor (ContentProductionEvent) -> Void)?

    /// The content on the clipboard now and what produces it; kept while
    /// this process owns the clipboard.
    private var published: (content: LazyContentProvider, production: OutgoingProduction)?

    private var clipboard: OpaquePointer? {
        gdk_display_get_default().flatMap { gdk_display_get_clipboard($0) }
    }

    /// Offers `providers` on the desktop's clipboard as a drag of them is
    /// offered: a copy of several items gives programs other than DragKit
    /// the one item ``DesktopDragDrop/combinedItem`` makes of them (it sees
    /// drag items made from the providers, which carry no local object).
    public func publish(_ providers: [ItemProvider], localOnly: Bool, for pasteboard: Pasteboard) {
        guard let clipboard else { return }
        let combined = providers.count < 2 ? nil
            : DesktopDragDrop.shared.combinedItem?(providers.map { DragItem(itemProvider: $0) })
        let made = OutgoingContent.make(for: providers, combined: combined, restricted: localOnly) { [weak self] event in
            self?.productionObserver?(event)
        }
        // The previous copy is no longer on the clipboard: its channel
        // registration (and the providers it holds) goes.
        published?.production.finish()
        published = made
        gdk_clipboard_set_content(clipboard, providers.isEmpty ? nil : GPointer.typed(made.0.reference.raw, as: GdkContentProvider.self))
    }

    public var ownsClipboard: Bool {
        guard let clipboard else { return true }
        return gdk_clipboard_is_local(clipboard) != 0
    }

    /// The formats another program copied, as one item provider (the
    /// clipboard holds one item), best format first as offered.
    public func foreignItemProviders() -> [ItemProvider] {
        guard let clipboard, let formats = gdk_clipboard_get_formats(clipboard) else { return [] }
        var count: Int = 0
        guard let names = gdk_content_formats_get_mime_types(formats, &count), count > 0 else { return [] }
        let provider = ItemProvider()
        var types: Set<UTType> = []
        for index in 0..<count {
            guard let name = names[index] else { continue }
            let mime = String(cString: name)
            guard !MIMETypeMapping.isBookkeeping(mime), let type = MIMETypeMapping.type(forMIMEType: mime),
                  types.insert(type).inserted else { continue }
            provider.registerDataRepresentation(for: type) { try await Self.read(mime) }
        }
        return provider.registeredContentTypes.isEmpty ? [] : [provider]
    }

    /// What another program copied, for a paste: a DragKit program's copy
    /// (it offers the manifest) as every copied item with every type, each
    /// fetched over that program's channel when loaded; any other program's
    /// as ``foreignItemProviders()``.
    public func loadForeignItemProviders() async -> [ItemProvider] {
        let offered = Set(offeredFormats)
        let reader: @MainActor ([String], @escaping @MainActor (UInt64) -> Void) async throws -> (mimeType: String, data: Data) = {
            types, progress in try await Self.read(preferring: types, progress: progress)
        }
        guard let manifest = await PastedManifest.read(offered: offered, reader: reader) else {
            return foreignItemProviders()
        }
        let bridge = DesktopDragDrop.shared
        return PastedManifest.providers(for: manifest, offered: offered, stallTimeout: bridge.transferStallTimeout,
                                        deadline: bridge.transferDeadline)
    }

    /// Whether another program's copy is on the clipboard now.
    package var hasForeignContent: Bool { !ownsClipboard && !offeredFormats.isEmpty }

    /// The MIME types on the clipboard now, as offered.
    private var offeredFormats: [String] {
        guard let clipboard, let formats = gdk_clipboard_get_formats(clipboard) else { return [] }
        var count: Int = 0
        guard let names = gdk_content_formats_get_mime_types(formats, &count) else { return [] }
        return (0..<count).compactMap { names[$0].map { String(cString: $0) } }
    }

    /// Reads the clipboard's content in `mime` (another program produces it
    /// now, while the main loop keeps running).
    static func read(_ mime: String) async throws(GtkBackendError) -> Data {
        try await read(preferring: [mime]).data
    }

    /// Reads the first of `mimeTypes` the clipboard offers, reporting the
    /// bytes so far to `progress`.
    static func read(
        preferring mimeTypes: [String], progress: (@MainActor (UInt64) -> Void)? = nil
    ) async throws(GtkBackendError) -> (mimeType: String, data: Data) {
        guard let clipboard = shared.clipboard else {
            throw GtkBackendError(code: .displayUnavailable, description: "There is no display, so no clipboard to paste from.")
        }
        return try await InputStreamCollector.read(progress: progress) { cancellable, userData in
            withCStrings(mimeTypes) { strings in
                var list = Array(strings) + [nil]
                gdk_clipboard_read_async(clipboard, &list, Int32(G_PRIORITY_DEFAULT), cancellable, { source, result, data in
                    nonisolated(unsafe) let (source, result, data) = (source, result, data)
                    MainActor.assumeIsolated {
                        var error: UnsafeMutablePointer<GError>?
                        var chosen: UnsafePointer<CChar>?
                        let stream = gdk_clipboard_read_finish(OpaquePointer(source), result, &chosen, &error)
                        let message = error.map { String(cString: $0.pointee.message) }
                        if let error { g_error_free(error) }
                        InputStreamCollector.streamOpened(data!, stream: stream, mimeType: chosen.map { String(cString: $0) }, error: message)
                    }
                }, userData)
            }
        }
    }
}
