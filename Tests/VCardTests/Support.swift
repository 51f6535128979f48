import Foundation
import VCard

/// Joins `lines` with CRLF, as vCard files are written.
func vcf(_ lines: String...) -> String {
    lines.joined(separator: "\r\n") + "\r\n"
}

/// The bytes of the fixture file `name` (Tests/VCardTests/Fixtures).
func fixture(_ name: String) throws -> Data {
    let url = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/\(name)")
    return try Data(contentsOf: url)
}

/// Parses `text` and returns the result.
func parse(_ text: String) -> VCardParseResult {
    VCardParser().parse(text)
}
