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

            init(_ options: [String] = []) throws {
                layoutFile = FileManager.default.temporaryDirectory.appendingPathComponent("dragkit-e2e-layout-\(getpid()).json")
                try? FileManager.default.removeItem(at: layoutFile)
                process = try AppProcess.gallery("app", ["--dump-layout", layoutFile.path] + options)
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
            let first = try await app.waitForLayout("rows show") { $0["rows"]?["Alpha"] != nil && $0["widgets"]?["add"] != nil }
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
            let before = try await app.waitForLayout("the rows show") { $0["rows"]?["Gamma"] != nil }
            let alpha = try #require(before["rows"]?["Alpha"])
            let gamma = try #require(before["rows"]?["Gamma"])

            // Alpha onto the lower part of Gamma: it lands after Gamma.
            try Pointer.drag(from: app.center("rows", "Alpha"), to: (Int(gamma[0] + gamma[2] / 2), Int(gamma[1] + gamma[3] * 0.8)))

            // What a person sees: the rows from top to bottom.
            func order(_ layout: [String: [String: [Double]]]) -> [String] {
                (layout["rows"] ?? [:]).sorted { $0.value[1] < $1.value[1] }.map(\.key).filter { ["Alpha", "Beta", "Gamma"].contains($0) }
            }
            #expect(order(before) == ["Alpha", "Beta", "Gamma"])
            try await app.waitForLayout("Alpha is after Gamma") { order($0) == ["Beta", "Gamma", "Alpha"] }
            #expect(alpha[1] < gamma[1])
        }

        @Test("Rows scrolled out of the list are left out, a half-visible one is clipped, and scrolling updates them")
        func rowsClippedToTheViewport() async throws {
            let app = try AppScene()
            defer { app.stop() }
            let before = try await app.waitForLayout("the rows show") { $0["rows"]?["Alpha"] != nil }
            let list = try #require(before["widgets"]?["list"])
            let rows = before["rows"] ?? [:]
            let bottom = list[1] + list[3]
            // Six rows 32 high do not fit: the lowest one shown is cut at the
            // list's bottom edge, and the rest are not reported.
            let lowest = try #require(rows.values.max { $0[1] < $1[1] })
            #expect(lowest[1] + lowest[3] == bottom)
            #expect(lowest[3] < 32)
            #expect(rows.count < 6)
            #expect(rows.values.allSatisfy { $0[1] >= list[1] && $0[1] + $0[3] <= bottom })

            try Pointer.move(to: app.center("widgets", "list"))
            try X11Tools.xdotool(["click", "--repeat", "5", "--delay", "30", "5"])

            let scrolled = try await app.waitForLayout("Zeta scrolled in") { ($0["rows"]?["Zeta"]?[3] ?? 0) == 32 }
            #expect(scrolled["rows"]?["Alpha"] == nil || (scrolled["rows"]?["Alpha"]?[3] ?? 32) < 32)
            #expect(scrolled["rows"]?["Zeta"].map { $0[1] + $0[3] } == bottom)
            #expect(scrolled["rows"]?.values.allSatisfy { $0[1] >= list[1] && $0[1] + $0[3] <= bottom } == true)
        }

        @Test("Ctrl+O opens the file chooser; a PNG chosen by typing its path shows in the picture")
        func fileChooserOpensPicture() async throws {
            let png = try Self.writeSamplePNG()
            defer { try? FileManager.default.removeItem(at: png) }
            let app = try AppScene()
            defer { app.stop() }
            try await app.waitForLayout("the window shows") { $0["widgets"]?["name"] != nil }
            try Pointer.click(at: app.center("widgets", "name"))

            try Keyboard.press("ctrl+o")
            let dialog = try await ScreenWindow.find(title: "Choose a Picture")
            // The chooser loads its folder and, at the first "/", opens its
            // location entry; on a busy machine keys typed before either is
            // ready are lost, so it gets time for both.
            try await Task.sleep(for: .milliseconds(1500))
            try Pointer.move(to: try dialog.position())
            try Keyboard.type("/")
            try await Task.sleep(for: .milliseconds(800))
            try Keyboard.type(String(png.path.dropFirst()))
            try await Task.sleep(for: .milliseconds(1000))
            try Keyboard.press("Return")

            let picture = try await app.process.waitFor("picture") { $0["path"] as? String == png.path }
            #expect(picture["width"] as? Int == 3 && picture["height"] as? Int == 2)
        }

        @Test("Files the application is started with reach its open handler, which shows the window")
        func openHandlerGetsFiles() async throws {
            let png = try Self.writeSamplePNG()
            defer { try? FileManager.default.removeItem(at: png) }

            let app = try AppScene(["--open", png.path])
            defer { app.stop() }

            let picture = try await app.process.waitFor("picture")
            #expect(picture["path"] as? String == png.path)
            #expect(picture["width"] as? Int == 3 && picture["height"] as? Int == 2)
            try await app.waitForLayout("the window shows") { $0["windows"]?["DragKit Gallery App"] != nil }
        }

        /// A 3×2 PNG in the temporary folder.
        static func writeSamplePNG() throws -> URL {
            let png = FileManager.default.temporaryDirectory.appendingPathComponent("dragkit-e2e-\(getpid())-3x2.png")
            try Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAEElEQVR4nGP4z8AAQQxwFgBB0gX7h/C5SAAAAABJRU5ErkJggg==")!
                .write(to: png)
            return png
        }

        @Test("A click selects a row; Up and Down move the selection; Enter and a double click activate")
        func listSelectionByPointerAndKeys() async throws {
            let app = try AppScene()
            defer { app.stop() }
            try await app.waitForLayout("the rows show") { $0["rows"]?["Gamma"] != nil }

            try Pointer.click(at: app.center("rows", "Beta"))
            try await app.process.waitFor("selected") { $0["word"] as? String == "Beta" }
            try Keyboard.press("Down")
            try await app.process.waitFor("selected") { $0["word"] as? String == "Gamma" }
            try Keyboard.press("Up")
            try Keyboard.press("Up")
            try await app.process.waitFor("selected") { $0["word"] as? String == "Alpha" }
            try Keyboard.press("Return")
            try await app.process.waitFor("activated") { $0["word"] as? String == "Alpha" }
            // A pause longer than the double-click time, so the press on Beta
            // does not count towards the double click.
            try await Task.sleep(for: .milliseconds(500))
            try X11Tools.xdotool(["mousemove"] + [app.center("rows", "Delta").x, app.center("rows", "Delta").y].map(String.init)
                                 + ["click", "--repeat", "2", "--delay", "120", "1"])
            try await app.process.waitFor("activated") { $0["word"] as? String == "Delta" }

            #expect(app.process.events(named: "selected").compactMap { $0["word"] as? String } == ["Beta", "Gamma", "Beta", "Alpha", "Delta"])
        }

        @Test("An on/off action flips with its accelerator; a check box reports its state")
        func toggleActionAndCheckButton() async throws {
            let app = try AppScene()
            defer { app.stop() }
            try await app.waitForLayout("the check box shows") { $0["widgets"]?["done"] != nil }

            try Pointer.click(at: app.center("widgets", "done"))
            try await app.process.waitFor("changed") { $0["field"] as? String == "done" && $0["active"] as? Bool == true }
            try Keyboard.press("ctrl+t")
            try Keyboard.press("ctrl+t")
            try await app.process.waitFor("toggle") { $0["isOn"] as? Bool == false }

            #expect(app.process.events(named: "toggle").compactMap { $0["isOn"] as? Bool } == [true, false])
        }
    }
}
