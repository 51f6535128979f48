/// A rectangle in root-window (screen) coordinates, as the apps' `--dump-layout`
/// files report windows, lists and rows: `{"x", "y", "width", "height"}`.
public struct LayoutRect: Codable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The middle of the rectangle: where a harness points to drag or drop.
    public var center: (x: Double, y: Double) { (x + width / 2, y + height / 2) }
}
