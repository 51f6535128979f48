import DesktopTesting

extension LayoutRect {
    /// The screen point at fractions of the rect's width and height
    /// (0.5, 0.5 is the centre), rounded to whole pixels for xdotool.
    public func point(atX fractionX: Double = 0.5, y fractionY: Double = 0.5) -> Pointer.Point {
        (Int((x + width * fractionX).rounded()), Int((y + height * fractionY).rounded()))
    }

    /// The rect moved by (`dx`, `dy`).
    public func offsetBy(dx: Double, dy: Double) -> LayoutRect {
        LayoutRect(x: x + dx, y: y + dy, width: width, height: height)
    }
}

extension Pointer {
    /// Drags from the centre of `source` to a point in `destination` (its
    /// centre unless fractions are given), as a person would.
    public static func drag(
        from source: LayoutRect, to destination: LayoutRect, atX fractionX: Double = 0.5, y fractionY: Double = 0.5,
        holdSeconds: Double = 0
    ) throws(DesktopTestingError) {
        try drag(from: source.point(), to: destination.point(atX: fractionX, y: fractionY), holdSeconds: holdSeconds)
    }

    /// Clicks the centre of `rect`.
    public static func click(_ rect: LayoutRect) throws(DesktopTestingError) {
        try click(at: rect.point())
    }
}
