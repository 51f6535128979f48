import CUniformTypeTables
import Foundation
import Testing
@testable import UniformTypes

/// The built-in table is also compiled as constant C data with its index,
/// generated ahead (a process's first query reads it in place rather than
/// hashing every entry or making the Swift table); it must be the table's
/// own.
@Suite("The built-in type index")
struct SystemTypeIndexTests {
    static let generatedFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/CUniformTypeTables/UniformTypeTables.c")

    static var source: String {
        SystemTypeIndex.generatedSource(SystemTypeTable.entries, equivalents: SystemTypeTable.freedesktopEquivalents,
                                        parents: SystemTypeTable.freedesktopParents)
    }

    @Test func theGeneratedDataIsTheBuiltInTables() throws {
        // scripts/generate-system-type-index sets this to write the file.
        if ProcessInfo.processInfo.environment["DRAGKIT_WRITE_GENERATED"] == "1" {
            try Self.source.write(to: Self.generatedFile, atomically: true, encoding: .utf8)
        }
        let advice = "the built-in table changed: run scripts/generate-system-type-index"
        #expect(try String(contentsOf: Self.generatedFile, encoding: .utf8) == Self.source, "\(advice)")

        // What was compiled is what the file says.
        let entries = SystemTypeTable.entries
        let index = SystemTypeIndex.shared
        try #require(index.count == entries.count, "\(advice)")
        for (number, entry) in entries.enumerated() {
            let fields = [entry.id, entry.conformsTo, entry.mime, entry.ext, entry.about].map(\.description)
            let compiled = [SystemTypeIndex.Field.identifier, .parents, .mimeTypes, .extensions, .description].map {
                String(decoding: index.bytes(number, $0), as: UTF8.self)
            }
            #expect(compiled == fields, "\(advice)")
            // Parents are compiled as entry numbers too, each before its child.
            var parents: [String] = []
            index.forEachParent(of: number) { parent in
                #expect(parent < number)
                parents.append(index.identifier(of: parent))
            }
            #expect(parents == entry.parents, "\(advice)")
        }
        let computed = SystemTypeIndex.computedSlots(entries)
        #expect(Array(UnsafeBufferPointer(start: dk_system_identifier_slots(), count: dk_system_identifier_slot_count()))
                == computed.identifiers, "\(advice)")
        #expect(Array(UnsafeBufferPointer(start: dk_system_tag_slots(), count: dk_system_tag_slot_count())) == computed.tags,
                "\(advice)")
        #expect(Array(UnsafeBufferPointer(start: dk_system_extension_slots(), count: dk_system_extension_slot_count()))
                == computed.extensions, "\(advice)")
        for pair in SystemTypeTable.freedesktopEquivalents {
            var mime = pair.mimeType
            #expect(mime.withUTF8 { index.equivalentEntry(ofMIMEType: UnsafeRawBufferPointer($0)) }
                    == index.entry(forIdentifier: pair.identifier))
        }
        for pair in SystemTypeTable.freedesktopParents {
            var mime = pair.mimeType.uppercased()
            #expect(mime.withUTF8 { index.freedesktopParent(of: UnsafeRawBufferPointer($0)) } == pair.identifier)
        }
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
