import AppSupport
import Foundation
import Testing

@Suite("The --dump-layout file")
struct LayoutFileTests {
    private func read(_ url: URL) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    private func temporaryFile() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("LayoutFileTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("layout.json")
    }

    @Test("Frames by group come out as {group: {name: {x, y, width, height}}}, and a second write replaces the first")
    func groups() throws {
        let url = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let file = LayoutFile(url: url)
        try file.write(groups: ["rows": ["Milk": CGRect(x: 10, y: 20, width: 300, height: 40)], "windows": [:]])
        try file.write(groups: ["widgets": ["name": CGRect(x: 1.5, y: 2, width: 3, height: 4)]])
        let json = try read(url)
        #expect(json.keys.sorted() == ["widgets"])
        let name = try #require((json["widgets"] as? [String: Any])?["name"] as? [String: Double])
        #expect(name == ["x": 1.5, "y": 2, "width": 3, "height": 4])
        // Nothing but the file is left in the folder (the temporary was renamed).
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path) == ["layout.json"])
    }

    @Test("A frame keeps its own fields, arrays keep their order, texts stay texts")
    func values() throws {
        let url = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try LayoutFile(url: url).write([
            "cards": .object(["Lost Lake": .rect(CGRect(x: 0, y: 0, width: 320, height: 56), fields: ["lane": "completed"])]),
            "windows": .array([.rect(CGRect(x: 5, y: 6, width: 7, height: 8), fields: ["title": "B"]),
                               .rect(CGRect(x: 1, y: 2, width: 3, height: 4), fields: ["title": "A"])]),
            "messages": .strings(["Do It can't save changes.", "Second"]),
        ])
        let json = try read(url)
        let card = try #require((json["cards"] as? [String: Any])?["Lost Lake"] as? [String: Any])
        #expect(card["lane"] as? String == "completed")
        #expect(card["width"] as? Double == 320)
        let windows = try #require(json["windows"] as? [[String: Any]])
        #expect(windows.map { $0["title"] as? String } == ["B", "A"])
        #expect(json["messages"] as? [String] == ["Do It can't save changes.", "Second"])
    }

    @Test("A file that cannot be written says which one")
    func unwritable() throws {
        let url = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let missing = LayoutFile(url: url.deletingLastPathComponent().appendingPathComponent("no/such/layout.json"))
        #expect {
            try missing.write(groups: [:])
        } throws: { error in
            (error as? AppSupportError)?.code == .fileNotWritten && "\(error)".contains("no/such/layout.json")
        }
    }
}
