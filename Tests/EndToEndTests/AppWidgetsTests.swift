import DesktopTesting
import Foundation
import Testing

extension EndToEnd {
    /// The app widgets (GtkApplication, actions, accelerators, header bar,
    /// entries, picture, error banner, word list) and the layout reporter,
    /// through the gallery's `app` scene, with the real pointer and keyboard.
    @Suite("App widgets and the layout file")
    struct AppWidgetsTests {
        /// The running `app` scene and its layout file.
        private struct AppScene {
            let process: AppProcess
            let layoutFile: URL

            init() throws {
                layoutFile = FileManager.default.temporaryDirectory.appendingPathComponent("dragkit-e2e-layout-\(getpid()).json")
                try? FileManager.default.removeItem(at: layoutFile)
                process = try AppProcess.gallery("app", ["--dump-layout", layoutFile.path])
            }

            /// The layout file's frames: group -> name -> [x, y, width, height].
            func layout() -> [String: [String: [Double]]] {
                guard let data = try? Data(contentsOf: layoutFile),
                      let object = try? JSONSerialization.jsonObject(with: data) as? [String: [String: [String: Double]]] else { return [:] }
                return object.mapValues { $0.mapValues { [$0["x"] ?? 0, $0["y"] ?? 0, $0["width"] ?? 0, $0["height"] ?? 0] } }
            }

            /// Waits until the layout file satisfies `condition` and stays the
            /// same for 200 ms (a banner sliding in reports moving frames).
            @discardableResult
            func waitForLayout(
                _ what: String, seconds: Double = 10, _ condition: ([String: [String: [Double]]]) -> Bool
            ) async throws -> [String: [String: [Double]]] {
                let deadline = Date().addingTimeInterval(seconds)
                var previous: [String: [String: [Double]]]?
                while Date() < deadline {
                    let current = layout()
                    if condition(current) && current == previous { return current }
                    previous = current
                    try await Task.sleep(for: .milliseconds(200))
                }
                throw process.timeout("never wrote a layout where \(what); last: \(layout())")
            }

            func center(_ group: String, _ name: String) -> Pointer.Point {
                let rect = layout()[group]?[name] ?? [0, 0, 0, 0]
                return (Int(rect[0] + rect[2] / 2), Int(rect[1] + rect[3] / 2))
            }

            func window() async throws -> ScreenWindow {
                try await ScreenWindow.find(title: "DragKit Gallery App")
            }

            func stop() {
                process.stop()
                try? FileManager.default.removeItem(at: layoutFile)
            }
        }

        @Test("The layout file follows a window moved on the screen, in root-window coordinates")
        func layoutFollowsWindowMove() async throws {
            let app = try AppScene()
            defer { app.stop() }
            let first = try await app.waitForLayout("rows show") { $0["rows"]?.count == 3 && $0["widgets"]?["add"] != nil }
            let window = try await app.window()

            try await window.move(to: (300, 150))

            let moved = try await app.waitForLayout("the window is at 300,150") {
                $0["windows"]?["DragKit Gallery App"]?.prefix(2) == [300, 150]
            }
            let position = try window.position()
            #expect(position == (300, 150))
            let before = try #require(first["windows"]?["DragKit Gallery App"])
            for (group, frames) in first where group != "windows" {
                for (name, frame) in frames {
                    let now = try #require(moved[group]?[name], "\(group)/\(name) left the layout")
                    #expect(now == [frame[0] + 300 - before[0], frame[1] + 150 - before[1], frame[2], frame[3]],
                            "\(group)/\(name)")
                }
            }
        }

        @Test("A click at a button's reported frame runs its window action; its accelerator does too")
        func buttonAndAcceleratorRunAction() async throws {
            let app = try AppScene()
            defer { app.stop() }
            try await app.waitForLayout("the add button shows") { $0["widgets"]?["add"] != nil }
            try await app.window().move(to: (100, 50))
            try await app.waitForLayout("the window moved") { $0["windows"]?["DragKit Gallery App"]?.prefix(2) == [100, 50] }

            try Pointer.click(at: app.center("widgets", "add"))
            try await app.process.waitFor("action") { $0["name"] as? String == "add" }

            try Keyboard.press("ctrl+n")
            let deadline = Date().addingTimeInterval(5)
            while app.process.events(named: "action").count < 2 && Date() < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(app.process.events(named: "action").compactMap { $0["name"] as? String } == ["add", "add"])
        }

        @Test("Ctrl+Q runs app.quit and the application exits with status 0")
        func quitAccelerator() async throws {
            let app = try AppScene()
            defer { app.stop() }
            try await app.waitForLayout("the window shows") { $0["widgets"]?["name"] != nil }
            try Pointer.click(at: app.center("widgets", "name"))

            try Keyboard.press("ctrl+q")

            #expect(try await app.process.waitForExit() == 0)
            #expect(app.process.events(named: "action").compactMap { $0["name"] as? String } == ["quit"])
        }

        @Test("Typing into an entry reports the text; a refused value gets the error style")
        func entryTypingAndErrorStyle() async throws {
            let app = try AppScene()
            defer { app.stop() }
            try await app.waitForLayout("the entries show") { $0["widgets"]?["latitude"] != nil }

            try Pointer.click(at: app.center("widgets", "latitude"))
            try Keyboard.type("5x")

            let refused = try await app.process.waitFor("changed") { $0["text"] as? String == "5x" }
            #expect(refused["error"] as? Bool == true, "\(app.process.lines)")
            try Keyboard.press("BackSpace")
            let accepted = try await app.process.waitFor("changed") { $0["text"] as? String == "5" }
            #expect(accepted["error"] as? Bool == false)
            #expect(app.process.events(named: "changed").allSatisfy { $0["field"] as? String == "latitude" })
        }

        @Test("The picture shows PNG bytes; unreadable bytes put a readable error in the banner, which its close button dismisses")
        func pictureAndErrorBanner() async throws {
            let app = try AppScene()
            defer { app.stop() }
            let picture = try await app.process.waitFor("picture")
            #expect(picture["width"] as? Int == 1 && picture["height"] as? Int == 1)
            let shown = try await app.waitForLayout("the window shows") { $0["widgets"]?["name"] != nil }
            #expect(shown["widgets"]?["banner"] == nil, "a hidden banner is not reported")
            let nameFrame = try #require(shown["widgets"]?["name"])
            try Pointer.click(at: app.center("widgets", "name"))

            try Keyboard.press("ctrl+e")

            let banner = try await app.process.waitFor("banner") { $0["shown"] as? Bool == true }
            #expect(banner["code"] as? String == "imageUnreadable")
            #expect((banner["message"] as? String ?? "").contains("Use a PNG or JPEG file"))
            // The banner slides in above the form: the layout reports it and
            // the form moved down by its height.
            let withBanner = try await app.waitForLayout("the banner is in and the form moved") {
                guard let bannerFrame = $0["widgets"]?["bannerClose"], let name = $0["widgets"]?["name"] else { return false }
                return bannerFrame[3] > 10 && name[1] > nameFrame[1]
            }
            #expect(withBanner["widgets"]?["banner"] != nil)

            try Pointer.click(at: app.center("widgets", "bannerClose"))

            try await app.process.waitFor("banner") { $0["shown"] as? Bool == false }
            try await app.waitForLayout("the form is back in place") { $0["widgets"]?["name"] == nameFrame }
        }

        @Test("Rows are reported by name and follow a reorder made with a real drag")
        func rowsFollowReorder() async throws {
            let app = try AppScene()
            defer { app.stop() }
            let before = try await app.waitForLayout("the rows show") { $0["rows"]?.count == 3 }
            let alpha = try #require(before["rows"]?["Alpha"])
            let gamma = try #require(before["rows"]?["Gamma"])

            // Alpha onto the lower part of Gamma: it lands after Gamma.
            try Pointer.drag(from: app.center("rows", "Alpha"), to: (Int(gamma[0] + gamma[2] / 2), Int(gamma[1] + gamma[3] * 0.8)))

            let after = try await app.waitForLayout("Alpha is last") { $0["rows"]?["Alpha"]?[1] == gamma[1] }
            #expect(after["rows"]?["Beta"]?[1] == alpha[1])
        }
    }
}
