import Foundation
import ItemProviders

/// Reads a PNG or JPEG image through to its end before it may replace a
/// photo, so a file cut off in transfer is refused with a reason instead of
/// becoming a half-grey picture (image decoders fill a missing tail with
/// grey and only warn).
///
/// - PNG: every chunk is within the file and its CRC matches, `IHDR` comes
///   first, there is image data (`IDAT`), and the file reaches `IEND`.
/// - JPEG: every segment is within the file, there is a frame header
///   (`SOF`), every scan's entropy-coded data ends in a marker, and the
///   file reaches the end-of-image marker (`EOI`).
///
/// ```swift
/// let image = try PhotoCheck.checked(data, name: "“holiday.jpg”")   // throws ContactsProblem(.badImage)
/// ```
public enum PhotoCheck {
    /// `data` as a checked image, or a `.badImage` problem naming `name`
    /// (quoted, as "“holiday.jpg”") and saying what is wrong.
    ///
    /// `decode`, when given, decodes the whole image after the structure
    /// was read (a toolkit's image decoder, injected so that this stays
    /// toolkit-free): an image whose parts are all in place but whose data
    /// the decoder cannot use is refused too, with the decoder's reason.
    public static func checked(_ data: Data, name: String,
                               decode: (@Sendable (Data) throws -> Void)? = nil) throws(ContactsProblem) -> BitmapImage {
        let image: BitmapImage
        do {
            image = try BitmapImage(data: data)
        } catch {
            throw ContactsProblem(.badImage, "\(name) is no PNG or JPEG image (\(error.description)); the photo was left as it was.")
        }
        let bytes = [UInt8](data)
        let fault = image.format == .png ? pngFault(bytes) : jpegFault(bytes)
        if let fault {
            throw ContactsProblem(.badImage, "\(name) is a damaged \(image.format) image: \(fault). The photo was left as it was; try the original file.")
        }
        if let decode {
            do {
                try decode(data)
            } catch {
                throw ContactsProblem(.badImage, "\(name) is a damaged \(image.format) image: it could not be decoded (\(error)). "
                                      + "The photo was left as it was; try the original file.")
            }
        }
        return image
    }

    // MARK: - PNG

    /// What is wrong with a PNG, nil when it is whole.
    static func pngFault(_ bytes: [UInt8]) -> String? {
        var offset = 8
        var sawHeader = false
        var sawData = false
        while offset + 12 <= bytes.count {
            let length = Int(bigEndian32(bytes, at: offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let end = offset + 12 + length
            guard length <= bytes.count, end <= bytes.count else {
                return "it is cut off inside its \(type) chunk"
            }
            let stored = bigEndian32(bytes, at: end - 4)
            guard crc32(bytes[(offset + 4)..<(end - 4)]) == stored else {
                return "the checksum of its \(type) chunk does not match"
            }
            if !sawHeader && type != "IHDR" { return "it does not start with a header chunk" }
            sawHeader = true
            if type == "IDAT" { sawData = true }
            if type == "IEND" { return sawData ? nil : "it holds no image data" }
            offset = end
        }
        return "it is cut off before its end"
    }

    private static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        ~bytes.reduce(0xFFFF_FFFF as UInt32) { crcTable[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }

    // MARK: - JPEG

    /// What is wrong with a JPEG, nil when it is whole.
    static func jpegFault(_ bytes: [UInt8]) -> String? {
        var offset = 2  // after SOI
        var sawFrame = false
        var scans = 0
        while true {
            // A marker: 0xFF (any number of fill bytes) and its code.
            guard offset < bytes.count, bytes[offset] == 0xFF else {
                return offset >= bytes.count ? "it is cut off before its end" : "it has bytes where a marker should be"
            }
            while offset < bytes.count && bytes[offset] == 0xFF { offset += 1 }
            guard offset < bytes.count else { return "it is cut off before its end" }
            let code = bytes[offset]
            offset += 1
            switch code {
            case 0xD9:
                if !sawFrame { return "it has no frame header" }
                return scans > 0 ? nil : "it holds no image data"
            case 0x01, 0xD0...0xD7:
                continue
            default:
                guard offset + 2 <= bytes.count else { return "it is cut off before its end" }
                let length = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
                guard length >= 2, offset + length <= bytes.count else { return "it is cut off inside a segment" }
                offset += length
                if (0xC0...0xCF).contains(code) && ![0xC4, 0xC8, 0xCC].contains(code) { sawFrame = true }
                guard code == 0xDA else { continue }
                guard sawFrame else { return "its image data comes before its frame header" }
                scans += 1
                guard let next = endOfScan(bytes, from: offset) else {
                    return "it is cut off in its image data"
                }
                offset = next
            }
        }
    }

    /// Where the marker after the entropy-coded data starting at `start`
    /// begins, nil when the data runs to the end of the file.
    private static func endOfScan(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 0xFF {
                let next = bytes[index + 1]
                // Stuffed 0xFF, restart markers and fill bytes belong to the scan.
                if next == 0x00 || (0xD0...0xD7).contains(next) || next == 0xFF {
                    index += next == 0xFF ? 1 : 2
                    continue
                }
                return index
            }
            index += 1
        }
        return nil
    }
}
