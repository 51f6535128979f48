import Foundation

/// How a toolkit may draw a dragged item. Every part is optional: a toolkit
/// uses what it can render and falls back to the lifted view.
public struct DragPreview: Sendable {
    /// A node whose widget the toolkit renders as the preview.
    public var view: ViewNode?
    /// The preview's size.
    public var size: CGSize?
    /// A short text for text-only previews and accessibility.
    public var title: String?
    /// Encoded image bytes (PNG or JPEG) to show.
    public var imageData: Data?
    /// How the preview is framed: background, rounded corners, shadow.
    public var parameters: DragPreviewParameters

    /// A preview from whichever parts the app can give.
    public init(view: ViewNode? = nil, size: CGSize? = nil, title: String? = nil, imageData: Data? = nil,
                parameters: DragPreviewParameters = DragPreviewParameters()) {
        self.view = view
        self.size = size
        self.title = title
        self.imageData = imageData
        self.parameters = parameters
    }
}
