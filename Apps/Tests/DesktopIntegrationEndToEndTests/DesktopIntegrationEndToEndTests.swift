import AppTesting
import DesktopTesting
import Foundation
import Testing

/// scripts/install into a temporary home, judged the way the desktop sees
/// it: GIO's content types and default apps, `gio open` as a file manager
/// opens a file, and what scripts/install --uninstall leaves.
@Suite("Desktop integration end to end", .serialized, .exclusiveDesktop, .enabled(if: X11Tools.isDisplayAvailable,
       "No DISPLAY set: run under scripts/with-xvfb (needs xvfb, python3-gi, libglib2.0-bin, shared-mime-info)."))
struct DesktopIntegrationEndToEndTests {
    @Test("Installed, the exported types and their parents are known to GIO; uninstalled, nothing is left")
    func typesAreRegisteredAndUninstallLeavesNothing() throws {
        let home = try InstalledHome()
        defer { home.remove() }
        let before = try home.gioTypes(of: ["mill.geocache"], parents: ["application/json"])
        #expect(before["mill.geocache"]?["type"]?.string != "application/x-dragkit-geocache+json",
                "the type is unknown before the install")

        try home.runInstall()
        let parents = ["application/json", "text/plain"]
        let types = try home.gioTypes(of: ["mill.geocache", "errands.todolist", "milk.todoitem", "ada.vcf"], parents: parents)

        let geocache = try #require(types["mill.geocache"])
        #expect(geocache["type"]?.string == "application/x-dragkit-geocache+json")
        #expect(geocache["description"]?.string == "Geocache")
        #expect(geocache["isA"]?["application/json"]?.bool == true, "a geocache is JSON, as it conforms to public.json")
        #expect(geocache["app"]?.string == "org.dragkit.CacheEditor.desktop")

        let list = try #require(types["errands.todolist"])
        #expect(list["type"]?.string == "application/vnd.dragkit.doit.list+json")
        #expect(list["description"]?.string == "To-do list")
        #expect(list["isA"]?["application/json"]?.bool == true)
        let item = try #require(types["milk.todoitem"])
        #expect(item["type"]?.string == "application/vnd.dragkit.doit.item+json")
        #expect(item["description"]?.string == "To-do item")
        #expect(item["isA"]?["application/json"]?.bool == true)

        #expect(types["ada.vcf"]?["type"]?.string == "text/vcard")
        #expect(types["ada.vcf"]?["app"]?.string == "org.dragkit.Contacts.desktop")

        let installed = home.contents()
        for app in ["CacheMaker", "CacheEditor", "Contacts", "DoIt"] {
            #expect(installed.contains(".local/bin/\(app)"))
            #expect(installed.contains(".local/share/applications/org.dragkit.\(app).desktop"))
            #expect(installed.contains(".local/share/icons/hicolor/scalable/apps/org.dragkit.\(app).svg"))
        }
        let desktopFile = try String(contentsOf: home.dataHome.appendingPathComponent("applications/org.dragkit.Contacts.desktop"),
                                     encoding: .utf8)
        #expect(desktopFile.contains("Exec=\"\(home.bin.appendingPathComponent("Contacts").path)\" %F"))

        try home.runInstall(uninstall: true)
        #expect(home.contents() == [], "the uninstall removes every file and folder the install made")
        let after = try home.gioTypes(of: ["mill.geocache"], parents: [])
        #expect(after["mill.geocache"]?["type"]?.string != "application/x-dragkit-geocache+json")
    }

    @Test("gio open of a .vcf starts the installed Contacts, which imports it")
    func gioOpenImportsAVCardIntoContacts() async throws {
        let home = try InstalledHome()
        defer { home.remove() }
        try home.runInstall()
        let card = home.files.appendingPathComponent("grace.vcf")
        try Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Grace Hopper\r\nN:Hopper;Grace;;;\r\nEMAIL:grace@example.org\r\nEND:VCARD\r\n".utf8)
            .write(to: card)

        let gio = try AppProcess("gio open", executable: URL(fileURLWithPath: "/usr/bin/gio"), arguments: ["open", card.path],
                                 environment: home.environment.mapValues { Optional($0) })
        // The installed app keeps its data where the desktop's launch puts
        // it: $XDG_DATA_HOME/org.dragkit.Contacts.
        let data = home.dataHome.appendingPathComponent("org.dragkit.Contacts", isDirectory: true)
        let names = try await Self.waitForContacts(in: data, executable: home.bin.appendingPathComponent("Contacts")) {
            $0.contains("Grace Hopper")
        }
        let started = try await home.stopInstalled("Contacts", launchedBy: gio)

        #expect(names.contains("Grace Hopper"), "the opened card is in the store (\(names))")
        #expect(started == 1, "gio open started one Contacts")
        #expect(gio.gtkWarnings == [], "the launched app printed no GTK warning")

        try home.runInstall(uninstall: true)
        // What the running app made stays: its data, and the graphics
        // driver's shader cache.
        let left = home.contents().filter { !$0.hasPrefix(".cache") }
        #expect(left == [".local", ".local/share", ".local/share/org.dragkit.Contacts",
                         ".local/share/org.dragkit.Contacts/contacts.sqlite"],
                "only the person's contacts stay after the uninstall")
    }

    @Test("gio open of a .geocache file starts the installed CacheEditor on it")
    func gioOpenShowsAGeocacheInCacheEditor() async throws {
        let home = try InstalledHome()
        defer { home.remove() }
        try home.runInstall()
        let file = home.files.appendingPathComponent("mill.geocache")
        try Data(#"{"latitude":52.1,"longitude":4.3,"name":"Old Mill","summary":"Behind the wheel"}"#.utf8).write(to: file)

        let gio = try AppProcess("gio open", executable: URL(fileURLWithPath: "/usr/bin/gio"), arguments: ["open", file.path],
                                 environment: home.environment.mapValues { Optional($0) })
        let data = home.dataHome.appendingPathComponent("org.dragkit.CacheEditor", isDirectory: true)
        let executable = home.bin.appendingPathComponent("CacheEditor")
        var shown: String?
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: data.path),
               let export = try? JSONValue(parsing: AppUnderTest.exportJSON(executable: executable, dataDirectory: data)) {
                shown = export["geocache"]?["name"]?.string
                if shown == "Old Mill" { break }
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        let started = try await home.stopInstalled("CacheEditor", launchedBy: gio)

        #expect(shown == "Old Mill")
        #expect(started == 1, "gio open started one CacheEditor")
        #expect(gio.gtkWarnings == [])
        try home.runInstall(uninstall: true)
    }

    /// Polls `Contacts --export-json` on `data` until `done` holds for the
    /// names (the running app may hold the store for a moment).
    static func waitForContacts(in data: URL, executable: URL, seconds: Double = 20,
                                until done: ([String]) -> Bool) async throws -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        var names: [String] = []
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: data.path),
               let export = try? JSONValue(parsing: AppUnderTest.exportJSON(executable: executable, dataDirectory: data)) {
                names = (export.array ?? []).compactMap { $0["fn"]?.string }
                if done(names) { return names }
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        return names
    }
}
