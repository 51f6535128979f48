import Foundation
import Testing
@testable import UniformTypes

/// The built-in table's index is generated ahead (a process's first query
/// reads it rather than hashing every entry); it must be the table's own.
@Suite("The built-in type index")
struct SystemTypeIndexTests {
    static let generatedFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/UniformTypes/Registry/SystemTypeIndex+Generated.swift")

    @Test func theGeneratedIndexIsTheBuiltInTables() throws {
        let entries = SystemTypeTable.entries
        // scripts/generate-system-type-index sets this to write the file.
        if ProcessInfo.processInfo.environment["DRAGKIT_WRITE_GENERATED"] == "1" {
            try SystemTypeIndex.generatedSource(entries).write(to: Self.generatedFile, atomically: true, encoding: .utf8)
        }
        let computed = SystemTypeIndex.computedSlots(entries)
        let advice = "the built-in table changed: run scripts/generate-system-type-index"
        #expect(SystemTypeIndex.Generated.entryCount == entries.count, "\(advice)")
        #expect(SystemTypeIndex.Generated.firstIdentifier == entries.first?.identifier, "\(advice)")
        #expect(SystemTypeIndex.Generated.identifierSlots == computed.identifiers, "\(advice)")
        #expect(SystemTypeIndex.Generated.tagSlots == computed.tags, "\(advice)")
        #expect(SystemTypeIndex.Generated.extensionSlots == computed.extensions, "\(advice)")
        #expect(try String(contentsOf: Self.generatedFile, encoding: .utf8) == SystemTypeIndex.generatedSource(entries))
    }

    /// Every identifier, MIME tag and extension of the table is found
    /// through the shared (generated) index, in any case.
    @Test func everyEntryIsFoundThroughTheSharedIndex() {
        let index = SystemTypeIndex.shared
        for (number, entry) in SystemTypeTable.entries.enumerated() {
            #expect(index.entry(forIdentifier: entry.identifier.uppercased()) == number)
            for mime in entry.mimeTypes where !mime.contains(";") {
                var folded = mime.lowercased()
                let owners = folded.withUTF8 { index.carriers(ofKey: UnsafeRawBufferPointer($0)) }
                #expect(owners.contains(Int32(number)), "\(mime)")
            }
            for ext in entry.filenameExtensions {
                var folded = ext.lowercased()
                let owners = folded.withUTF8 { index.extensionCarriers(ofKey: UnsafeRawBufferPointer($0)) }
                #expect(owners.contains(Int32(number)), "\(ext)")
            }
        }
    }
}
