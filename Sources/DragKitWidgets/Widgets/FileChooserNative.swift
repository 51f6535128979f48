import CGtk4
import DragKitGTK
import Foundation

/// The desktop's file dialog (GtkFileChooserNative: the portal's dialog in
/// a sandbox, GTK's own otherwise) for opening files, choosing a folder, or
/// naming a file to save.
///
/// ```swift
/// let chooser = FileChooserNative(title: "Choose a Photo", mode: .open, parent: window,
///                                 filters: [.init(name: "Images", mimeTypes: ["image/png", "image/jpeg"])])
/// chooser.present { urls in
///     guard let url = urls.first else { return }  // cancelled
///     try? picture.setImage(Data(contentsOf: url))
/// }
/// ```
@MainActor
public final class FileChooserNative {
    /// What the dialog asks for.
    public struct Mode: Sendable, Hashable {
        let action: GtkFileChooserAction
        let multiple: Bool
        /// One existing file.
        public static let open = Mode(action: GTK_FILE_CHOOSER_ACTION_OPEN, multiple: false)
        /// One or more existing files.
        public static let openMultiple = Mode(action: GTK_FILE_CHOOSER_ACTION_OPEN, multiple: true)
        /// A file name to save to.
        public static let save = Mode(action: GTK_FILE_CHOOSER_ACTION_SAVE, multiple: false)
        /// One folder.
        public static let selectFolder = Mode(action: GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, multiple: false)
    }

    /// A choice of which files the dialog lists.
    public struct Filter: Sendable, Hashable {
        public var name: String
        public var mimeTypes: [String]
        public var patterns: [String]

        /// A filter named `name` (shown to the person) listing files of the
        /// given MIME types or name patterns (`"*.vcf"`).
        public init(name: String, mimeTypes: [String] = [], patterns: [String] = []) {
            self.name = name
            self.mimeTypes = mimeTypes
            self.patterns = patterns
        }
    }

    /// Dialogs on screen, kept alive until they answer.
    private static var shown: [ObjectIdentifier: FileChooserNative] = [:]

    private let reference: ObjectReference
    private var chooser: OpaquePointer { reference.opaque }

    /// Creates a hidden dialog; `acceptLabel` names the button that confirms
    /// ("_Open" and "_Save" by default).
    public init(title: String, mode: Mode, parent: Window?, acceptLabel: String? = nil,
                filters: [Filter] = [], suggestedName: String? = nil) {
        let defaultLabel = mode.action == GTK_FILE_CHOOSER_ACTION_SAVE ? "_Save" : "_Open"
        let dialog = gtk_file_chooser_native_new(title, parent?.windowPointer, mode.action, acceptLabel ?? defaultLabel, "_Cancel")!
        reference = ObjectReference(adopting: GPointer.raw(dialog))
        gtk_native_dialog_set_modal(reference.typed(), 1)
        gtk_file_chooser_set_select_multiple(chooser, mode.multiple ? 1 : 0)
        for filter in filters {
            let gtkFilter = gtk_file_filter_new()
            gtk_file_filter_set_name(gtkFilter, filter.name)
            filter.mimeTypes.forEach { gtk_file_filter_add_mime_type(gtkFilter, $0) }
            filter.patterns.forEach { gtk_file_filter_add_pattern(gtkFilter, $0) }
            gtk_file_chooser_add_filter(chooser, gtkFilter)
            g_object_unref(GPointer.raw(gtkFilter!))
        }
        if let suggestedName, mode.action == GTK_FILE_CHOOSER_ACTION_SAVE {
            gtk_file_chooser_set_current_name(chooser, suggestedName)
        }
    }

    /// Shows the dialog; `completion` gets the chosen files, or an empty
    /// list when the person cancelled.
    public func present(_ completion: @escaping @MainActor ([URL]) -> Void) {
        let key = ObjectIdentifier(self)
        Self.shown[key] = self
        var connection: SignalConnection?
        connection = Signal.connect(reference, "response", trampoline: Signal.callback(Trampoline.int),
                                    handler: { [weak self] (response: Int32) in
            connection?.disconnect()
            let urls = response == GTK_RESPONSE_ACCEPT.rawValue ? (self?.chosenURLs ?? []) : []
            Self.shown[key] = nil
            completion(urls)
        } as Trampoline.IntHandler)
        gtk_native_dialog_show(reference.typed())
    }

    /// Shows the dialog and returns the chosen files (empty when cancelled).
    public func choose() async -> [URL] {
        await withCheckedContinuation { continuation in
            present { continuation.resume(returning: $0) }
        }
    }

    private var chosenURLs: [URL] {
        guard let files = gtk_file_chooser_get_files(chooser) else { return [] }
        defer { g_object_unref(GPointer.raw(files)) }
        return (0..<g_list_model_get_n_items(files)).compactMap { index in
            guard let item = g_list_model_get_item(files, index) else { return nil }
            defer { g_object_unref(item) }
            guard let path = g_file_get_path(OpaquePointer(item)) else { return nil }
            defer { g_free(path) }
            return URL(fileURLWithPath: String(cString: path))
        }
    }
}
