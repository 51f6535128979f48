import Foundation

/// What a keyboard drag tells a person, for a toolkit to send to the
/// screen reader (and show, if it likes).
public struct KeyboardDragAnnouncement: Sendable, Hashable, CustomStringConvertible {
    /// What happened.
    public struct Event: Sendable, Hashable, CustomStringConvertible {
        /// The event's name.
        public let rawValue: String
        /// An event named `rawValue`; use the static constants to match.
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// Items were picked up.
        public static let pickedUp = Event(rawValue: "pickedUp")
        /// The drag reached a drop point.
        public static let dropPoint = Event(rawValue: "dropPoint")
        /// There is no drop point for the drag on screen.
        public static let noDropPoint = Event(rawValue: "noDropPoint")
        /// The items were dropped.
        public static let dropped = Event(rawValue: "dropped")
        /// The drag was cancelled (or its drop refused).
        public static let cancelled = Event(rawValue: "cancelled")
    }

    /// What happened.
    public let event: Event
    /// The sentence to say ("Insert before Milk in Groceries").
    public let text: String

    /// An announcement of `event` saying `text`.
    public init(event: Event, text: String) {
        self.event = event
        self.text = text
    }

    public var description: String { text }
}
