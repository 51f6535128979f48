import Foundation

/// How a toolkit frames a drag preview (UIKit's `UIDragPreviewParameters`):
/// the background behind the item, the rounded outline that clips it, and
/// whether it casts a shadow.
///
/// The defaults make any item readable over any background: the item on an
/// opaque background of the toolkit's view colour, with rounded corners and
/// a shadow.
///
/// ```swift
/// var parameters = DragPreviewParameters()
/// parameters.backgroundColor = .init(red: 1, green: 0.97, blue: 0.86)   // a sticky note
/// parameters.cornerRadius = 4
/// let preview = DragPreview(view: card, parameters: parameters)
/// ```
public struct DragPreviewParameters: Sendable, Hashable {
    /// A colour with components from 0 to 1.
    public struct Color: Sendable, Hashable {
        public var red: Double
        public var green: Double
        public var blue: Double
        public var alpha: Double

        /// A colour; alpha 1 is opaque.
        public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// Fully transparent: the item alone, with nothing behind it
        /// (UIKit's `.clear`, for items with a shape of their own).
        public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    }

    /// What is drawn behind the item; nil is the toolkit's opaque view
    /// background (GTK: the theme's view colour).
    public var backgroundColor: Color?
    /// The radius of the rounded rectangle the preview is clipped to
    /// (UIKit's `visiblePath`, as a rounded rectangle), in points.
    public var cornerRadius: Double
    /// Whether the preview casts a shadow (UIKit's `shadowPath`).
    public var showsShadow: Bool

    /// The default framing: opaque view background, 8-point corners, a shadow.
    public init(backgroundColor: Color? = nil, cornerRadius: Double = 8, showsShadow: Bool = true) {
        self.backgroundColor = backgroundColor
        self.cornerRadius = max(0, cornerRadius)
        self.showsShadow = showsShadow
    }
}
