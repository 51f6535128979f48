import DesktopTesting
import Foundation
import Testing

/// Where the end-to-end tests find the X display, the gallery binary, the
/// Python fixture and xdotool.
enum Desktop {
    /// Whether an X display is set; the suite is skipped otherwise.
    static var isAvailable: Bool { X11Tools.isDisplayAvailable }

    static let skipReason: Comment = "No DISPLAY set: run the end-to-end tests under scripts/with-xvfb (needs xvfb, xdotool, python3-gi, gir1.2-gtk-4.0)."

    /// The gallery executable, built next to the test bundle.
    static var galleryExecutable: URL { executable("DragKitGallery") }

    /// An executable of the package (the gallery, an example), built next
    /// to the test bundle.
    static func executable(_ name: String) -> URL {
        let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return buildDirectory.appendingPathComponent(name)
    }

    /// The foreign (non-DragKit) GTK client written in Python.
    static var foreignClientScript: URL { fixture("foreign_client.py") }

    /// A file in Tests/EndToEndTests/Fixtures.
    static func fixture(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name)
    }

    /// Debian's Python, which has python3-gi (a pyenv python on PATH may not).
    static let systemPython = URL(fileURLWithPath: "/usr/bin/python3")
}

