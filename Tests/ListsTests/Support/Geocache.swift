import DragAndDrop
import Foundation
import ItemProviders
import Synchronization

/// The seed apps' list element: an identity that plain text cannot carry, so
/// a test can tell an item passed by `localObject` from one rebuilt from text.
struct Geocache: Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var name: String

    /// A cache rebuilt from dropped text: its id is lost.
    init(name: String) {
        self.id = -1
        self.name = name
    }

    init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    var description: String { name }
}

/// Counts how often a provider's data was produced, from any thread.
final class LoadCounter: Sendable {
    private let count = Mutex(0)

    var value: Int { count.withLock { $0 } }

    func increment() {
        count.withLock { $0 += 1 }
    }
}

/// A provider offering `text` as plain text, counting its loads.
func textProvider(_ text: String, counter: LoadCounter? = nil) -> ItemProvider {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .plainText) {
        counter?.increment()
        return Data(text.utf8)
    }
    return provider
}

/// A provider whose plain text never arrives.
func failingTextProvider() -> ItemProvider {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .plainText) {
        throw CocoaError(.fileReadCorruptFile)
    }
    return provider
}

/// A cell a toolkit would make for a placeholder, as the cell update handler sees it.
final class TestCell {
    var title = ""
}
