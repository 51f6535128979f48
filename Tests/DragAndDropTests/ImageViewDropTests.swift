import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import UniformTypes

/// A contact's detail screen: the whole screen takes image drops, but only
/// drops inside the image view's frame are copied, and only single images
/// are handled.
@MainActor
final class ContactDetail: DropInteractionDelegate {
    let view = ViewNode(name: "detail", frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    let imageView = ViewNode(name: "imageView", frame: CGRect(x: 20, y: 80, width: 120, height: 120))
    var image: BitmapImage?

    init() {
        view.addChild(imageView)
        view.addInteraction(DropInteraction(delegate: self))
    }

    func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
        session.canLoadObjects(ofClass: BitmapImage.self) && session.items.count == 1
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        imageView.frame.contains(session.location(in: view)) ? .copy : .cancel
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        session.loadObjects(ofClass: BitmapImage.self) { images in
            self.image = images.first
        }
    }
}

@MainActor
@Suite("Image view drops (contacts detail screen)")
struct ImageViewDropTests {
    let detail = ContactDetail()
    let photo: BitmapImage

    init() throws {
        photo = try BitmapImage(data: onePixelPNG)
    }

    @Test("One image dropped inside the image view's frame is copied")
    func dropInside() async throws {
        let harness = DragDropHarness(root: detail.view)
        let drag = try harness.dragFromOtherProcess(objects: [photo])
        #expect(try drag.move(to: "imageView") == .copy)
        #expect(try await drag.drop() == .copy)
        #expect(detail.image == photo)
        #expect(detail.image?.pixelWidth == 1)
        #expect(harness.transcript.calls == [
            .destination("detail", .canHandle(true)),
            .destination("detail", .didEnter),
            .destination("detail", .didUpdate(.copy)),
            .destination("detail", .performDrop),
            .destination("detail", .concludeDrop),
            .destination("detail", .didEnd),
        ])
    }

    @Test("One image dropped outside the image view's frame is cancelled")
    func dropOutside() async throws {
        let harness = DragDropHarness(root: detail.view)
        let drag = try harness.dragFromOtherProcess(objects: [photo])
        try drag.move(to: "imageView")
        #expect(try drag.move(to: CGPoint(x: 200, y: 400)) == .cancel)
        #expect(try await drag.drop() == .cancel)
        #expect(detail.image == nil)
        #expect(harness.transcript.calls == [
            .destination("detail", .canHandle(true)),
            .destination("detail", .didEnter),
            .destination("detail", .didUpdate(.copy)),
            .destination("detail", .didUpdate(.cancel)),
            .destination("detail", .didExit),
            .destination("detail", .didEnd),
        ])
    }

    @Test("Two images are refused")
    func twoImagesRefused() async throws {
        let harness = DragDropHarness(root: detail.view)
        let drag = try harness.dragFromOtherProcess(objects: [photo, photo])
        #expect(try drag.move(to: "imageView") == nil)
        #expect(try await drag.drop() == .cancel)
        #expect(detail.image == nil)
        #expect(harness.transcript.calls == [.destination("detail", .canHandle(false))])
    }

    @Test("Something that is not an image is refused")
    func textRefused() async throws {
        let harness = DragDropHarness(root: detail.view)
        let drag = try harness.dragFromOtherProcess(objects: ["not a picture"])
        #expect(try drag.move(to: "imageView") == nil)
        #expect(harness.transcript.calls == [.destination("detail", .canHandle(false))])
    }
}
