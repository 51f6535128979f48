import Foundation

/// One value of an app's `--dump-layout` file: a frame (with fields of its
/// own, such as the lane a card is in or a window's title), frames by name,
/// a list of values, or text.
///
/// ```swift
/// let value: LayoutValue = .object([
///     "lanes": .rects(["inProgress": laneFrame]),
///     "windows": .array([.rect(windowFrame, fields: ["title": "Groceries"])]),
///     "messages": .strings(["Do It can't save changes."]),
/// ])
/// ```
public indirect enum LayoutValue: Encodable, Hashable, Sendable {
    /// `{"x", "y", "width", "height"}` plus `fields` as text members.
    case rect(LayoutRect, fields: [String: String] = [:])
    /// Values by name.
    case object([String: LayoutValue])
    case array([LayoutValue])
    case string(String)

    /// A frame in root-window pixels, with text `fields` beside it.
    public static func rect(_ frame: CGRect, fields: [String: String] = [:]) -> LayoutValue {
        .rect(LayoutRect(x: Double(frame.minX), y: Double(frame.minY), width: Double(frame.width),
                         height: Double(frame.height)), fields: fields)
    }

    /// Frames by name: `{"<name>": {"x", "y", "width", "height"}}`.
    public static func rects(_ frames: [String: CGRect]) -> LayoutValue {
        .object(frames.mapValues { .rect($0) })
    }

    /// A list of texts: `["…", "…"]`.
    public static func strings(_ texts: [String]) -> LayoutValue {
        .array(texts.map(LayoutValue.string))
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .rect(let rect, let fields):
            var container = encoder.container(keyedBy: Key.self)
            for (name, value) in [("x", rect.x), ("y", rect.y), ("width", rect.width), ("height", rect.height)] {
                try container.encode(value, forKey: Key(name))
            }
            for (name, text) in fields { try container.encode(text, forKey: Key(name)) }
        case .object(let values):
            var container = encoder.container(keyedBy: Key.self)
            for (name, value) in values { try container.encode(value, forKey: Key(name)) }
        case .array(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
    }

    private struct Key: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
