/// Writes the small JSON objects the `types` commands print, keys in the
/// order given (Foundation's encoder does not keep key order on Linux).
enum JSONText {
    case string(String)
    case strings([String])
    case bool(Bool)
    case null

    var rendered: String {
        switch self {
        case .string(let text): Self.quoted(text)
        case .strings(let texts): "[" + texts.map(Self.quoted).joined(separator: ", ") + "]"
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        }
    }

    static func object(_ fields: [(key: String, value: JSONText)]) -> String {
        "{\n" + fields.map { "  \(quoted($0.key)): \($0.value.rendered)" }.joined(separator: ",\n") + "\n}"
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control where control.value < 0x20:
                result += "\\u" + String(repeating: "0", count: 4 - String(control.value, radix: 16).count)
                    + String(control.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
