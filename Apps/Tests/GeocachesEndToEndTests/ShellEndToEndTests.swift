import AppTesting
import DesktopTesting
import Foundation
import Testing

/// The shared app shell in CacheMaker and CacheEditor under Xvfb with real
/// keys: a damaged database is told in a window without SQL or type names,
/// kept aside byte for byte, and the app starts empty; the Keyboard
/// Shortcuts window opens from the primary menu.
@Suite(.serialized, .exclusiveDesktop, .enabled(if: X11Tools.isDisplayAvailable, "No DISPLAY: run under scripts/with-xvfb."),
       .timeLimit(.minutes(2)))
struct ShellEndToEndTests {
    /// Starts `executable` on a damaged `fileName`, checks what the window
    /// says, keeps the file aside with the focused button and waits until
    /// `started` holds for the app's own layout.
    func keepAside(_ executable: String, fileName: String, started: @escaping (Layout) -> Bool) async throws -> (AppUnderTest, DamagedDatabase) {
        let damaged = try DamagedDatabase(fileName: fileName)
        let app = try AppUnderTest.launch(executable, dataDirectory: damaged.folder)
        let (said, window) = try await app.waitForStartupProblem()
        #expect(said.contains("\(executable) can't read its data"), "\(said)")
        #expect(said.contains(damaged.file.path), "\(said)")
        for technical in ["SQL", "error 26", "GeocacheError", "DatabaseError", "GRDB", "writable"] {
            #expect(!said.contains(technical), "\(said)")
        }
        try app.pressFirstStartupButton(in: window)
        _ = try await app.waitForLayout("the app's window opens", seconds: 40) { started($0) }
        let kept = try damaged.keptAside()
        #expect(kept.count == 1, "\(kept)")
        if let file = kept.first {
            #expect(try Data(contentsOf: file) == damaged.bytes, "kept byte for byte")
            #expect(app.process.errorText.contains(file.path), "the log says where the file is")
        }
        return (app, damaged)
    }

    @Test("CacheMaker keeps a damaged database aside and starts with an empty board")
    func cacheMakerKeepsADamagedDatabaseAside() async throws {
        let (maker, damaged) = try await keepAside("CacheMaker", fileName: "geocaches.sqlite") {
            $0.rect("lanes", "inProgress") != nil
        }
        defer {
            maker.cleanUp()
            damaged.remove()
        }
        #expect(try maker.lanes() == Lanes(inProgress: [], completed: []), "a fresh start, without the samples")
        #expect(maker.gtkProblems.isEmpty, "\(maker.gtkProblems)")
    }

    @Test("CacheEditor keeps a damaged database aside and starts with no geocache")
    func cacheEditorKeepsADamagedDatabaseAside() async throws {
        let (editor, damaged) = try await keepAside("CacheEditor", fileName: "editor.sqlite") {
            $0.rect("widgets", "detail") != nil
        }
        defer {
            editor.cleanUp()
            damaged.remove()
        }
        let export = try editor.export()
        #expect(export["geocache"]?["name"] == nil, "no geocache: \(export)")
        #expect(editor.gtkProblems.isEmpty, "\(editor.gtkProblems)")
    }

    @Test("CacheMaker started on a folder that takes no files says so in a window; Quit ends it")
    func anUnwritableFolderIsToldInAWindow() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cachemaker-locked-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try ReadOnlyFolder.lock(folder)
        defer {
            ReadOnlyFolder.unlock(folder)
            try? FileManager.default.removeItem(at: folder)
        }
        let maker = try AppUnderTest.launch("CacheMaker", dataDirectory: folder)
        defer { maker.cleanUp() }
        let (said, window) = try await maker.waitForStartupProblem()
        #expect(said.contains("CacheMaker can't save its data"), "\(said)")
        #expect(said.contains(folder.path), "\(said)")
        for technical in ["SQL", "error 14", "GeocacheError", "DatabaseError", "GRDB"] {
            #expect(!said.contains(technical), "\(said)")
        }
        // Quit is the only way out, and has the focus.
        try maker.pressFirstStartupButton(in: window)
        #expect(try await maker.process.waitForExit() != nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "nothing was made or moved")
    }

    @Test("CacheMaker's and CacheEditor's Keyboard Shortcuts windows open from the primary menu")
    func theShortcutsWindowOpensFromTheMenu() async throws {
        let maker = try await AppUnderTest.cacheMaker()
        defer { maker.cleanUp() }
        let makerShortcuts = try await maker.openShortcutsFromMenu()
        #expect(makerShortcuts.id != 0)
        #expect(maker.gtkProblems.isEmpty, "\(maker.gtkProblems)")
        maker.stop()

        let editor = try await AppUnderTest.cacheEditor()
        defer { editor.cleanUp() }
        let editorShortcuts = try await editor.openShortcutsFromMenu()
        #expect(editorShortcuts.id != 0)
        #expect(editor.gtkProblems.isEmpty, "\(editor.gtkProblems)")
    }
}
