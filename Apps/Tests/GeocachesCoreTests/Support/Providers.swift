import Foundation
import GeocachesCore
import ItemProviders
import UniformTypes
import Synchronization

/// A 1 x 1 PNG.
let tinyPNG = Data(base64Encoded:
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC")!

/// A provider offering `text` as plain text, as a text editor would.
func textProvider(_ text: String) -> ItemProvider {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .utf8PlainText) { Data(text.utf8) }
    return provider
}

/// A provider offering `data` under the geocache type, as a foreign app
/// that gets the format wrong would.
func geocacheTypeProvider(_ data: Data) -> ItemProvider {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .geocache) { data }
    return provider
}

/// A provider whose data never arrives: its source quit mid-drop.
func deadSourceProvider(offering type: UTType = .geocache) -> ItemProvider {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: type) {
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the source process exited"])
    }
    return provider
}

/// Holds loads back until opened, so a test can look at the board while
/// a dropped item is still loading.
final class LoadGate: Sendable {
    private let state = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.open { return true }
                state.waiting.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    func open() {
        let waiting = state.withLock { state in
            state.open = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}

/// A provider offering `text` once `gate` opens.
func gatedTextProvider(_ text: String, gate: LoadGate) -> ItemProvider {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .utf8PlainText) {
        await gate.wait()
        return Data(text.utf8)
    }
    return provider
}
