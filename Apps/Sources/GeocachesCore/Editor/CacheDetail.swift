import DragAndDrop
import Foundation
import UniformTypes
import ItemProviders

/// CacheEditor's detail view: the geocache it shows, which a person edits,
/// drags out (as a geocache, PNG, plain text) and replaces by dropping a
/// geocache on it.
///
/// The view accepts geocaches only (the declared geocache type; plain text
/// is not a geocache here) and one at a time, as a copy. A dropped geocache
/// is shown once it is in the editor's own store; until then, and when it
/// fails to arrive, the shown one stays. Its picture area takes an image
/// file or PNG dropped on it (``pictureDropInteraction``).
///
/// ```swift
/// let detail = try CacheDetail(store: EditorStore(folder: folder))
/// detailView.addInteraction(detail.dragInteraction)
/// detailView.addInteraction(detail.dropInteraction)
/// pictureView.addInteraction(detail.pictureDropInteraction)
/// detail.onChange = { form.show($0) }
/// ```
@MainActor
public final class CacheDetail: DragInteractionDelegate, DropInteractionDelegate {
    public let store: EditorStore
    /// The geocache shown, nil when there is none yet.
    public private(set) var geocache: Geocache?

    /// Called after the shown geocache changed (a drop, an edit).
    public var onChange: (@MainActor (Geocache?) -> Void)?
    /// Called with every refusal and failure, for the window to show.
    public var onError: (@MainActor (GeocacheError) -> Void)?
    /// The refusals and failures so far, oldest first.
    public private(set) var errors: [GeocacheError] = []

    /// Put on the detail view: drags the shown geocache out.
    public private(set) var dragInteraction: DragInteraction!
    /// Put on the detail view: takes one dropped geocache.
    public private(set) var dropInteraction: DropInteraction!
    /// Put on the picture area: takes a dropped PNG or image file.
    public var pictureDropInteraction: DropInteraction { pictureWell.interaction }
    private var pictureWell: PictureWell!
    private var loads: [Task<Void, Never>] = []

    /// The detail of the geocache `store` holds; put its interactions on
    /// the views that show it.
    public init(store: EditorStore) throws(GeocacheError) {
        // Declared before any drop from another process is read, so its
        // MIME type maps to the geocache type and not to an unknown one.
        _ = UTType.geocache
        self.store = store
        geocache = try store.load()
        dragInteraction = DragInteraction(delegate: self)
        dropInteraction = DropInteraction(delegate: self)
        pictureWell = PictureWell(detail: self)
    }

    /// Puts the interactions on `node` (the detail) and `picture` (its
    /// picture area), for a view tree without a toolkit.
    public func attach(to node: ViewNode, picture: ViewNode) {
        node.addInteraction(dragInteraction)
        node.addInteraction(dropInteraction)
        picture.addInteraction(pictureDropInteraction)
    }

    // MARK: - Editing

    /// Saves the form's values into the shown geocache.
    ///
    /// - Throws: ``GeocacheError``: `.emptyName`, `.invalidLatitude`,
    ///   `.invalidLongitude` (the geocache stays as it was), or
    ///   `.storeFailed`.
    public func apply(_ edit: GeocacheEdit) throws(GeocacheError) {
        let base = geocache ?? Geocache(name: "", summary: "", latitude: 0, longitude: 0)
        try show(edit.applied(to: base))
    }

    /// Uses `data` (a PNG image) as the shown geocache's picture.
    ///
    /// - Throws: ``GeocacheError`` with code `.invalidImage` (not a PNG; the
    ///   picture stays), or `.storeFailed`.
    public func setImage(_ data: Data) throws(GeocacheError) {
        try Geocache.checkImage(data)
        guard var edited = geocache else {
            throw GeocacheError(.invalidImage, "Drop or make a geocache first; then give it a picture.")
        }
        edited.image = data
        try show(edited)
    }

    /// Uses the image file at `url` as the picture (the file dialog's path).
    public func setImage(contentsOf url: URL) throws(GeocacheError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw GeocacheError(.invalidImage, "Could not read the picture \(url.path): \(error.localizedDescription)")
        }
        try setImage(data)
    }

    /// Removes the shown geocache's picture.
    public func removeImage() throws(GeocacheError) {
        guard var edited = geocache, edited.image != nil else { return }
        edited.image = nil
        try show(edited)
    }

    /// Stores `geocache` and shows it; on a store failure nothing changes.
    func show(_ geocache: Geocache) throws(GeocacheError) {
        try geocache.validate()
        let kept = geocache.detached
        try store.save(kept)
        self.geocache = kept
        onChange?(kept)
    }

    /// What `--export-json` prints for the editor: `{"geocache": ...}`.
    public var export: EditorExport { EditorExport(geocache: geocache.map(BoardExport.Entry.init)) }

    /// Waits for drops still loading.
    public func finishLoads() async {
        while !loads.isEmpty { await loads.removeFirst().value }
    }

    func report(_ error: any Error) {
        let error: GeocacheError = switch error {
        case let error as GeocacheError: error
        case let error as ItemProviderError where error.underlyingError is GeocacheError:
            error.underlyingError as! GeocacheError
        default:
            GeocacheError(.loadFailed, "The dropped data did not arrive: \(error). The editor still shows what it showed; try again.")
        }
        errors.append(error)
        onError?(error)
    }

    func startLoad(_ load: @escaping @MainActor () async -> Void) {
        loads.append(Task { @MainActor in await load() })
    }

    // MARK: - Drag

    public func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
        guard let geocache else { return [] }
        let item = DragItem(itemProvider: ItemProvider(object: geocache))
        item.localObject = geocache
        return [item]
    }

    // MARK: - Drop

    public func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
        session.hasItemsConforming(to: .geocache)
    }

    public func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        session.items.count == 1 ? DropProposal(operation: .copy) : DropProposal(operation: .cancel)
    }

    public func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        guard session.items.count == 1, let item = session.items.first else {
            report(GeocacheError(.tooManyItems, "Drop one geocache at a time; \(session.items.count) were dropped."))
            return
        }
        if let local = item.localObject as? Geocache {
            do { try show(local) } catch { report(error) }
            return
        }
        let provider = item.itemProvider
        startLoad {
            do {
                let dropped = try await provider.loadObject(ofClass: Geocache.self)
                try self.show(dropped)
            } catch {
                self.report(error)
            }
        }
    }
}
