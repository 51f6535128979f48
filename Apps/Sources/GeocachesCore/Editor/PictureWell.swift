import DragAndDrop
import Foundation
import ItemProviders

/// The picture area's drop delegate: a PNG, or an image file, becomes the
/// shown geocache's picture.
@MainActor
final class PictureWell: DropInteractionDelegate {
    unowned let detail: CacheDetail
    private(set) var interaction: DropInteraction!

    init(detail: CacheDetail) {
        self.detail = detail
        interaction = DropInteraction(delegate: self)
    }

    func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
        session.items.count == 1 && session.hasItemsConforming(to: [.png, .jpeg, .fileURL])
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        DropProposal(operation: .copy)
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        guard let provider = session.items.first?.itemProvider else { return }
        let detail = detail
        detail.startLoad {
            do {
                if provider.hasItemConforming(to: .png) || provider.hasItemConforming(to: .jpeg) {
                    try detail.setImage(try await provider.loadObject(ofClass: BitmapImage.self).data)
                } else {
                    let url = try await provider.loadObject(ofClass: URL.self)
                    guard url.isFileURL else {
                        throw GeocacheError(.invalidImage, "Only image files can be dropped here; \(url.absoluteString) is not a file.")
                    }
                    try detail.setImage(contentsOf: url)
                }
            } catch {
                detail.report(error)
            }
        }
    }
}
