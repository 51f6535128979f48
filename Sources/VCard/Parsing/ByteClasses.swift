// Byte constants and small byte helpers the parser and writer share.
enum Byte {
    static let lf: UInt8 = 0x0A
    static let cr: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B
    static let comma: UInt8 = 0x2C
    static let equals: UInt8 = 0x3D
    static let quote: UInt8 = 0x22
    static let dot: UInt8 = 0x2E
    static let backslash: UInt8 = 0x5C
    static let caret: UInt8 = 0x5E

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == cr || byte == lf
    }

    /// The hex digit's value, or nil.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The bytes in `range` as a String; ASCII is taken as is, anything
    /// else must be valid UTF-8.
    func utf8String(_ range: Range<Int>) -> String? {
        let slice = UnsafeBufferPointer(rebasing: self[range])
        var ascii = true
        for byte in slice where byte >= 0x80 {
            ascii = false
            break
        }
        if ascii { return String(decoding: slice, as: UTF8.self) }
        return String(validating: slice, as: UTF8.self)
    }

    /// The ASCII bytes in `range` upper-cased, as a String (names are ASCII;
    /// other bytes pass through and are caught where names are checked).
    func uppercasedASCII(_ range: Range<Int>) -> String {
        let slice = UnsafeBufferPointer(rebasing: self[range])
        if !slice.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) {
            return String(decoding: slice, as: UTF8.self)
        }
        return String(unsafeUninitializedCapacity: slice.count) { target in
            for (index, byte) in slice.enumerated() {
                target[index] = (byte >= 0x61 && byte <= 0x7A) ? byte - 0x20 : byte
            }
            return slice.count
        }
    }

    /// `range` without leading and trailing spaces and tabs.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, self[lower] == Byte.space || self[lower] == Byte.tab { lower += 1 }
        while upper > lower, self[upper - 1] == Byte.space || self[upper - 1] == Byte.tab { upper -= 1 }
        return lower..<upper
    }
}
