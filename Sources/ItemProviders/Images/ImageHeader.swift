import Foundation
import UniformTypes

/// Reads just enough of a PNG or JPEG file to know its format and size.
struct ImageHeader {
    let format: BitmapImage.Format
    let width: Int
    let height: Int

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func parse(_ data: Data) throws(ItemProviderError) -> ImageHeader {
        let bytes = [UInt8](data.prefix(1 << 20))
        if bytes.starts(with: pngSignature) { return try png(bytes) }
        if bytes.starts(with: [0xFF, 0xD8]) { return try jpeg(bytes, total: data.count) }
        let start = bytes.prefix(8).map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined(separator: " ")
        throw failure(.data, data.isEmpty ? "there are no bytes" : "the bytes start with \(start), which is neither a PNG signature (89 50 4E 47 ...) nor a JPEG start marker (FF D8)")
    }

    /// PNG: the signature, then the IHDR chunk (length 13) with width and
    /// height as big-endian 32-bit numbers.
    private static func png(_ bytes: [UInt8]) throws(ItemProviderError) -> ImageHeader {
        guard bytes.count >= 24 else {
            throw failure(.png, "the PNG ends after \(bytes.count) bytes, before its IHDR header")
        }
        guard bytes[12..<16].elementsEqual("IHDR".utf8), bigEndian(bytes, at: 8, count: 4) == 13 else {
            throw failure(.png, "the first chunk is not a 13-byte IHDR header")
        }
        let width = bigEndian(bytes, at: 16, count: 4)
        let height = bigEndian(bytes, at: 20, count: 4)
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw failure(.png, "the IHDR header gives an impossible size of \(width)×\(height) pixels")
        }
        return ImageHeader(format: .png, width: width, height: height)
    }

    /// JPEG: walk the marker segments after SOI until a start-of-frame
    /// (SOF0–SOF15 except DHT, JPG and DAC), which holds height then width.
    private static func jpeg(_ bytes: [UInt8], total: Int) throws(ItemProviderError) -> ImageHeader {
        var index = 2
        while index < bytes.count {
            guard bytes[index] == 0xFF else {
                throw failure(.jpeg, "expected a marker at byte \(index) but found \(String(bytes[index], radix: 16, uppercase: true))")
            }
            var markerIndex = index + 1
            while markerIndex < bytes.count, bytes[markerIndex] == 0xFF { markerIndex += 1 }   // fill bytes
            guard markerIndex < bytes.count else { break }
            let marker = bytes[markerIndex]
            index = markerIndex + 1
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }   // no length
            if marker == 0xD9 || marker == 0xDA {
                throw failure(.jpeg, "the image data starts before any frame header gives the size")
            }
            guard index + 2 <= bytes.count else { break }
            let length = bigEndian(bytes, at: index, count: 2)
            guard length >= 2 else {
                throw failure(.jpeg, "the segment at byte \(index - 2) has an invalid length of \(length)")
            }
            let isStartOfFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isStartOfFrame {
                guard length >= 7, index + 7 <= bytes.count else { break }
                let height = bigEndian(bytes, at: index + 3, count: 2)
                let width = bigEndian(bytes, at: index + 5, count: 2)
                guard width > 0, height > 0 else {
                    throw failure(.jpeg, "the frame header gives a size of \(width)×\(height) pixels (a height set later by a DNL marker is not supported)")
                }
                return ImageHeader(format: .jpeg, width: width, height: height)
            }
            index += length
        }
        throw failure(.jpeg, "the JPEG ends (after \(total) bytes) before a frame header gives the size")
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
        bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func failure(_ type: UTType, _ reason: String) -> ItemProviderError {
        .decodingFailed(type, into: "BitmapImage", reason: reason)
    }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
