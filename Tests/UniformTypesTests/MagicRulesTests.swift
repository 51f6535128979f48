import Foundation
import Testing
@testable import UniformTypes

@Suite("shared-mime-info magic rules")
struct MagicRulesTests {
    /// Builds a magic file: sections of (priority, type, lines), each line
    /// (indent, offset, value, mask, range).
    static func magicFile(_ sections: [(Int, String, [(Int, Int, [UInt8], [UInt8]?, Int)])]) -> [UInt8] {
        var bytes = Array("MIME-Magic\0\n".utf8)
        for (priority, type, lines) in sections {
            bytes += Array("[\(priority):\(type)]\n".utf8)
            for (indent, offset, value, mask, range) in lines {
                if indent > 0 { bytes += Array("\(indent)".utf8) }
                bytes += Array(">\(offset)=".utf8) + [UInt8(value.count >> 8), UInt8(value.count & 0xFF)] + value
                if let mask { bytes += Array("&".utf8) + mask }
                if range > 1 { bytes += Array("+\(range)".utf8) }
                bytes += Array("\n".utf8)
            }
        }
        return bytes
    }

    private func rules(_ bytes: [UInt8]) throws -> (MagicRules, String) {
        let directory = try ScratchFolders.make("magic")
        try Data(bytes).write(to: directory.appendingPathComponent("magic"))
        return (MagicRules.load(directories: [directory.path]), directory.appendingPathComponent("magic").path)
    }

    @Test func nestedMatchesMaskAndRange() throws {
        let file = Self.magicFile([
            (80, "application/x-nested", [
                (0, 0, Array("AB".utf8), nil, 1),
                (1, 4, Array("yes".utf8), nil, 1),
                (1, 4, Array("ok".utf8), nil, 1),
            ]),
            (60, "application/x-masked", [(0, 0, [0x40], [0xF0], 1)]),
            (50, "application/x-ranged", [(0, 0, Array("needle".utf8), nil, 16)]),
        ])
        let (rules, _) = try rules(file)
        #expect(rules.diagnostics.isEmpty)
        #expect(rules.match(Array("AB..yes".utf8))?.mimeType == "application/x-nested")
        #expect(rules.match(Array("AB..ok".utf8))?.mimeType == "application/x-nested")
        #expect(rules.match(Array("AB..no".utf8))?.mimeType != "application/x-nested", "a child must match too")
        #expect(rules.match([0x4F, 0x00])?.mimeType == "application/x-masked")
        #expect(rules.match(Array("....needle".utf8))?.mimeType == "application/x-ranged")
        #expect(rules.match(Array("................needle".utf8)) == nil, "past the range")
        #expect(rules.extent >= 22)
    }

    @Test func higherPriorityWins() throws {
        let file = Self.magicFile([
            (30, "application/x-low", [(0, 0, Array("X".utf8), nil, 1)]),
            (90, "application/x-high", [(0, 0, Array("XY".utf8), nil, 1)]),
        ])
        let (rules, _) = try rules(file)
        #expect(rules.match(Array("XYZ".utf8))?.mimeType == "application/x-high")
        #expect(rules.match(Array("XZ".utf8))?.mimeType == "application/x-low")
    }

    @Test func corruptMagicIsReportedWithTheLine() throws {
        var file = Self.magicFile([(50, "application/x-good", [(0, 0, Array("G".utf8), nil, 1)])])
        file += Array("[50:application/x-bad]\n>zero=\n".utf8)
        let (rules, path) = try rules(file)
        #expect(rules.match(Array("G".utf8))?.mimeType == "application/x-good", "rules before the damage still work")
        let problem = try #require(rules.diagnostics.first)
        #expect(problem.file == path)
        #expect(problem.line == 5)
        #expect(problem.message.contains("malformed match line"))
    }

    @Test func wrongHeaderIsReported() throws {
        let (rules, path) = try rules(Array("not magic at all\n".utf8))
        #expect(rules.sections.isEmpty)
        #expect(rules.diagnostics.first?.file == path)
        #expect(rules.diagnostics.first?.line == 1)
    }

    @Test func systemMagicLoadsCleanly() {
        let rules = TypeRegistry.shared.magicRules
        #expect(rules.sections.count > 300)
        #expect(rules.diagnostics.isEmpty)
        #expect(rules.match(FileIdentificationTests.pngBytes)?.mimeType == "image/png")
    }
}
