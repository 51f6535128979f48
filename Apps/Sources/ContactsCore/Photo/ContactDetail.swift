import DragAndDrop
import Foundation
import ItemProviders
import UniformTypes
import VCard

/// The detail view of the selected contact and the drop onto its photo
/// (`UIDropInteractionDelegate` on the detail view, as for an image view
/// without drop support of its own).
///
/// A drag of one image (PNG or JPEG data, or an image file) proposes copy
/// while it is inside the photo's frame and cancel elsewhere in the detail
/// view. The dropped image is read through to its end (``PhotoCheck``)
/// before it becomes the contact's photo; a damaged one is refused with
/// the reason and the old photo stays.
@MainActor
public final class ContactDetail: DropInteractionDelegate {
    /// The names of the detail view's node and of its photo's node.
    public nonisolated static let name = "detail"
    public nonisolated static let photoName = "photo"

    public let node: ViewNode
    public let photo: ViewNode
    /// The drop interaction; headless it sits on ``node``, a toolkit moves
    /// it onto the detail view's widget.
    public private(set) var dropInteraction: DropInteraction!
    /// The photo's frame in the coordinates of the view the interaction is
    /// on; by default the photo node's frame. A toolkit gives its widget's.
    public var photoFrame: (@MainActor () -> CGRect)?
    private let store: ContactStore
    /// The contact shown; nil shows nothing and takes no drops.
    public var contact: Contact?
    /// Problems with drops, newest last.
    public private(set) var problems: [ContactsProblem] = []
    public var onProblem: (@MainActor (ContactsProblem) -> Void)?
    /// Told when the shown contact's photo was replaced and saved.
    public var onPhotoChanged: (@MainActor (Contact) -> Void)?
    /// Saves a contact whose photo changed; by default straight to the
    /// store. The scene sends it through the table, so it is one undo step.
    public var save: (@MainActor (Contact) throws -> Void)?
    /// Decodes a whole image, throwing when it cannot (a toolkit's decoder:
    /// the GTK app gives gdk-pixbuf's); run off the main actor after
    /// ``PhotoCheck`` read the structure. Nil: the structure check only.
    public var decodeImage: (@Sendable (Data) throws -> Void)?
    private var loads: [Task<Void, Never>] = []

    public init(store: ContactStore, frame: CGRect, photoFrame: CGRect) {
        self.store = store
        node = ViewNode(name: Self.name, frame: frame)
        photo = ViewNode(name: Self.photoName, frame: photoFrame)
        node.addChild(photo)
        dropInteraction = DropInteraction(delegate: self)
        node.addInteraction(dropInteraction)
    }

    /// Waits until every dropped image is saved.
    public func finishLoads() async {
        while !loads.isEmpty {
            await loads.removeFirst().value
        }
    }

    public func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
        contact != nil && session.items.count == 1 && session.hasItemsConforming(to: [.png, .jpeg, .fileURL])
    }

    public func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        let frame = photoFrame?() ?? photo.frame
        let location = session.location(in: interaction.view ?? node)
        return frame.contains(location) ? DropProposal(operation: .copy) : DropProposal(operation: .cancel)
    }

    public func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        guard let provider = session.items.first?.itemProvider else { return }
        let decode = decodeImage
        setPhoto { await Self.image(from: provider, decode: decode) }
    }

    /// Makes the image file at `url` the shown contact's photo (the
    /// keyboard path for a drop: Set Photo…), checked the same way.
    public func setPhoto(fromFile url: URL) {
        let decode = decodeImage
        setPhoto {
            let name = "“\(url.lastPathComponent)”"
            do {
                return .success(try PhotoCheck.checked(try Data(contentsOf: url), name: name, decode: decode))
            } catch let problem as ContactsProblem {
                return .failure(problem)
            } catch {
                return .failure(ContactsProblem(.badImage, "\(name) could not be read (\(error.localizedDescription))."))
            }
        }
    }

    /// Loads an image off the main actor and, when it is whole, saves it as
    /// the photo of the contact shown when the load began.
    private func setPhoto(_ read: @escaping @Sendable () async -> Result<BitmapImage, ContactsProblem>) {
        guard let target = contact else { return }
        let load = Task.detached { await read() }
        loads.append(Task { @MainActor in
            switch await load.value {
            case .success(let image):
                let updated = target.withPhoto(VCardPhoto(data: image.data, mediaType: image.format.contentType.preferredMIMEType))
                do {
                    if let save { try save(updated) } else { try store.update(updated) }
                } catch {
                    report(ContactsProblem(.storeFailed, "The photo could not be saved: \(StoreFailureReason.words(for: error))."))
                    return
                }
                if contact?.id == updated.id { contact = updated }
                onPhotoChanged?(updated)
            case .failure(let problem):
                report(problem)
            }
        })
    }

    private func report(_ problem: ContactsProblem) {
        problems.append(problem)
        onProblem?(problem)
    }

    /// The dropped image: PNG or JPEG data, or an image file.
    nonisolated static func image(from provider: ItemProvider,
                                  decode: (@Sendable (Data) throws -> Void)? = nil) async -> Result<BitmapImage, ContactsProblem> {
        let name = provider.suggestedName.map { "“\($0)”" } ?? "The dropped image"
        do {
            for type in [UTType.png, .jpeg] where provider.hasItemConforming(to: type) {
                return .success(try PhotoCheck.checked(try await provider.loadDataRepresentation(for: type), name: name, decode: decode))
            }
            if provider.hasItemConforming(to: .fileURL) {
                let url = try await provider.loadObject(ofClass: URL.self)
                return .success(try PhotoCheck.checked(try Data(contentsOf: url), name: "“\(url.lastPathComponent)”", decode: decode))
            }
            return .failure(ContactsProblem(.badImage, "\(name) is no PNG or JPEG image."))
        } catch let problem as ContactsProblem {
            return .failure(problem)
        } catch {
            return .failure(ContactsProblem(.badImage, "\(name) could not be read as a PNG or JPEG image (\(error))."))
        }
    }
}
