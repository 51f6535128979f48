import DragKitGTK
import DragKitWidgets
import Foundation

// A process started from a thread with blocked signals inherits the mask;
// unblock them so SIGTERM and Ctrl-C end the gallery.
var allSignals = sigset_t()
sigemptyset(&allSignals)
pthread_sigmask(SIG_SETMASK, &allSignals, nil)

// What keyboard drags say, for the tests (and anyone watching).
MainActor.assumeIsolated {
    DesktopKeyboardDrag.shared.announcementObserver = { announcement in
        EventLog.emit("announce", ["kind": announcement.event.rawValue, "text": announcement.text])
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
let sceneName = arguments.first ?? "help"

if sceneName == "app" {
    // A GtkApplication runs its own loop (and initializes GTK itself).
    exit(AppScene.run(options: Array(arguments.dropFirst())))
}

do {
    try MainLoop.initialize()
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}

guard Gallery.start(scene: sceneName, options: Array(arguments.dropFirst())) else {
    FileHandle.standardError.write(Data("""
    Unknown scene '\(sceneName)'. Scenes: \(Gallery.sceneNames.joined(separator: ", ")).

    """.utf8))
    exit(2)
}
MainLoop.run()
