import Foundation
import Testing
import UniformTypes
@testable import ItemProviders

@Suite("Large files")
struct LargeFileTests {
    /// Resident-set figures of this process, in bytes, from /proc.
    private static func memoryStatus(_ field: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix(field + ":") })
        let kilobytes = try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
        return kilobytes * 1024
    }

    @Test("A 1 GiB sparse file loaded as a file is copied without the process's peak memory growing")
    func sparseGigabyte() async throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("big.bin")
        let size: UInt64 = 1 << 30
        let markers: [UInt64] = [0, 300 << 20, size - (1 << 20)]
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        for offset in markers {
            try handle.seek(toOffset: offset)
            try handle.write(contentsOf: Data(repeating: UInt8(truncatingIfNeeded: offset >> 20 | 1), count: 1 << 20))
        }
        try handle.truncate(atOffset: size)
        try handle.close()

        let provider = ItemProvider()
        provider.registerFileRepresentation(for: .data) { big }

        // Start the peak from the current resident size (Linux `clear_refs` 5
        // resets VmHWM), so only growth during the load counts.
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        let before = try Self.memoryStatus("VmRSS")
        try await provider.withFileRepresentation(for: .data) { url throws in
            #expect(url != big)
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            #expect((attributes[.size] as? NSNumber)?.uint64Value == size)
            let copy = try FileHandle(forReadingFrom: url)
            defer { try? copy.close() }
            for offset in markers {
                try copy.seek(toOffset: offset)
                #expect(try copy.read(upToCount: 16) == Data(repeating: UInt8(truncatingIfNeeded: offset >> 20 | 1), count: 16))
            }
            try copy.seek(toOffset: 600 << 20)
            #expect(try copy.read(upToCount: 16) == Data(count: 16))
        }
        let peak = try Self.memoryStatus("VmHWM")
        #expect(peak - before < 32 << 20, "peak RSS grew by \((peak - before) >> 20) MiB")
    }
}
