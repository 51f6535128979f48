import Foundation

/// The pixels of part of the screen, taken with ImageMagick's `import`
/// (Debian package imagemagick), for checks a person makes by looking:
/// is the drag preview opaque, where is the insertion line.
///
/// ```swift
/// let shot = try Screenshot.take(x: 100, y: 100, width: 200, height: 50)
/// let blue = shot.fraction { $0.isClose(to: (53, 132, 228)) }
/// ```
public struct Screenshot: Sendable {
    /// One pixel's red, green and blue, 0 to 255.
    public struct Pixel: Sendable, Hashable {
        public let red: Int, green: Int, blue: Int

        /// Whether each channel is within `tolerance` of `color`.
        public func isClose(to color: (Int, Int, Int), tolerance: Int = 24) -> Bool {
            abs(red - color.0) <= tolerance && abs(green - color.1) <= tolerance && abs(blue - color.2) <= tolerance
        }
    }

    public let width: Int
    public let height: Int
    private let pixels: [Pixel]

    /// Captures the screen rectangle at (`x`, `y`) of `width` by `height` pixels.
    public static func take(x: Int, y: Int, width: Int, height: Int) throws(DesktopTestingError) -> Screenshot {
        let data = try X11Tools.runForData(
            "/usr/bin/import", ["-window", "root", "-crop", "\(width)x\(height)+\(x)+\(y)", "+repage", "-depth", "8", "ppm:-"])
        guard let shot = Screenshot(ppm: data) else {
            throw DesktopTestingError(code: .toolFailed, description: "import gave no readable picture (\(data.count) bytes); install imagemagick (scripts/setup).")
        }
        return shot
    }

    /// Reads a binary PPM (P6, 8 bits a channel).
    init?(ppm data: Data) {
        let bytes = [UInt8](data)
        var fields: [Int] = []
        var index = 2
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "6") else { return nil }
        while fields.count < 3, index < bytes.count {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09 || bytes[index] == 0x0D { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: "#") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                continue
            }
            var value = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            fields.append(value)
        }
        index += 1  // the one whitespace byte before the pixels
        guard fields.count == 3, fields[2] == 255, bytes.count - index >= fields[0] * fields[1] * 3 else { return nil }
        width = fields[0]
        height = fields[1]
        pixels = (0..<(width * height)).map { offset in
            let base = index + offset * 3
            return Pixel(red: Int(bytes[base]), green: Int(bytes[base + 1]), blue: Int(bytes[base + 2]))
        }
    }

    /// The pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> Pixel {
        pixels[y * width + x]
    }

    /// The share of pixels (0 to 1) for which `test` holds.
    public func fraction(where test: (Pixel) -> Bool) -> Double {
        pixels.isEmpty ? 0 : Double(pixels.count(where: test)) / Double(pixels.count)
    }

    /// The rows in which at least `share` of the pixels pass `test`, top to bottom.
    public func rows(where share: Double, _ test: (Pixel) -> Bool) -> [Int] {
        (0..<height).filter { y in
            Double((0..<width).count { test(self[$0, y]) }) >= share * Double(width)
        }
    }
}
