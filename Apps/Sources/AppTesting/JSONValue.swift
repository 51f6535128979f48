import Foundation

/// Any JSON value, for reading files whose shape each app defines (layout
/// dumps, exports) without a Codable type per test.
public enum JSONValue: Sendable, Hashable, Decodable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Parses JSON text.
    public init(parsing data: Data) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// The member `key` of an object (nil for other values).
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    /// The element at `index` of an array (nil for other values or out of range).
    public subscript(index: Int) -> JSONValue? {
        if case .array(let elements) = self, elements.indices.contains(index) { elements[index] } else { nil }
    }

    /// The value at a path of object keys.
    public func value(at path: [String]) -> JSONValue? {
        path.reduce(Optional(self)) { $0?[$1] }
    }

    public var string: String? { if case .string(let value) = self { value } else { nil } }
    public var number: Double? { if case .number(let value) = self { value } else { nil } }
    public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    public var array: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
    public var object: [String: JSONValue]? { if case .object(let value) = self { value } else { nil } }

    /// An object with numbers `x`, `y`, `width`, `height` read as a rect.
    public var rect: LayoutRect? {
        guard let x = self["x"]?.number, let y = self["y"]?.number,
              let width = self["width"]?.number, let height = self["height"]?.number else { return nil }
        return LayoutRect(x: x, y: y, width: width, height: height)
    }
}
