#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The JSON form of a declaration file entry. Unknown keys are refused, so a
// misspelt "conformTo" is reported instead of silently declaring a type that
// conforms to public.data.
extension UTTypeDeclaration: Codable {
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }

        static let identifier = Key("identifier")
        static let conformsTo = Key("conformsTo")
        static let tags = Key("tags")
        static let description = Key("description")
        static let kind = Key("kind")
        static let all = ["identifier", "conformsTo", "tags", "description", "kind"]
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        for key in container.allKeys where !Key.all.contains(key.stringValue) {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "unknown key \"\(key.stringValue)\"; the keys are \(Key.all.joined(separator: ", "))")
        }
        identifier = try container.decode(String.self, forKey: .identifier)
        if !container.contains(.conformsTo) {
            conformsTo = ["public.data"]
        } else if let parents = Self.strings(container, .conformsTo) {
            conformsTo = parents.isEmpty ? ["public.data"] : parents
        } else {
            throw DecodingError.dataCorruptedError(
                forKey: .conformsTo, in: container, debugDescription: "expected an identifier or an array of identifiers")
        }

        var tags: [UTTagClass: [String]] = [:]
        if container.contains(.tags) {
            let byClass = try container.nestedContainer(keyedBy: Key.self, forKey: .tags)
            for key in byClass.allKeys {
                guard let values = Self.strings(byClass, key) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: byClass, debugDescription: "expected a tag or an array of tags")
                }
                tags[UTTagClass(rawValue: key.stringValue), default: []].append(contentsOf: values)
            }
        }
        self.tags = tags
        typeDescription = try container.decodeIfPresent(String.self, forKey: .description)
        switch try container.decodeIfPresent(String.self, forKey: .kind) {
        case nil, "exported": kind = .exported
        case "imported": kind = .imported
        case let other?:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "expected \"exported\" or \"imported\", found \"\(other)\"")
        }
    }

    /// The string or array of strings at `key`; `nil` for anything else.
    private static func strings(_ container: KeyedDecodingContainer<Key>, _ key: Key) -> [String]? {
        (try? container.decode([String].self, forKey: key)) ?? (try? container.decode(String.self, forKey: key)).map { [$0] }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(identifier, forKey: .identifier)
        try container.encode(conformsTo, forKey: .conformsTo)
        if !tags.isEmpty {
            var byClass = container.nestedContainer(keyedBy: Key.self, forKey: .tags)
            for (tagClass, values) in tags.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                try byClass.encode(values, forKey: Key(tagClass.rawValue))
            }
        }
        try container.encodeIfPresent(typeDescription, forKey: .description)
        try container.encode(kind.rawValue, forKey: .kind)
    }
}

extension UTTypeDeclaration {
    /// Reads a declaration file: a JSON array of declarations.
    ///
    /// - Throws: ``UTTypeError/Code/malformedDeclarationFile`` saying which
    ///   entry and key is wrong, or that the file cannot be read.
    public static func load(contentsOf url: URL) throws(UTTypeError) -> [UTTypeDeclaration] {
        guard url.isFileURL else {
            throw UTTypeError(.malformedDeclarationFile,
                              "Cannot read the type declaration file \(url.absoluteString): only local files are read.")
        }
        let data: Data
        do {
            data = Data(try MIMEDatabase.contents(of: url.path))
        } catch {
            throw UTTypeError(.malformedDeclarationFile,
                              "Cannot read the type declaration file \(url.path): \(error.reason).")
        }
        return try decode(data, source: url.path)
    }

    /// Parses the JSON of a declaration file. `source` names the document
    /// in error messages.
    public static func decode(_ data: Data, source: String = "declaration data") throws(UTTypeError) -> [UTTypeDeclaration] {
        do {
            return try JSONDecoder().decode([UTTypeDeclaration].self, from: data)
        } catch let error as DecodingError {
            throw UTTypeError(.malformedDeclarationFile, "\(source): \(Self.explain(error))")
        } catch {
            throw UTTypeError(.malformedDeclarationFile, "\(source): \(error)")
        }
    }

    private static func explain(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            guard let first = path.first else { return "the document" }
            var text = first.intValue.map { "entry \($0 + 1)" } ?? "key \"\(first.stringValue)\""
            for key in path.dropFirst() {
                text += key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)"
            }
            return text
        }
        switch error {
        case let .keyNotFound(key, context):
            return "\(place(context.codingPath)) has no \"\(key.stringValue)\"; every declaration needs one."
        case let .typeMismatch(type, context):
            if context.codingPath.isEmpty {
                return "expected a JSON array of type declarations."
            }
            return "\(place(context.codingPath)) should be \(Self.jsonName(of: type))."
        case let .valueNotFound(type, context):
            return "\(place(context.codingPath)) is null; expected \(Self.jsonName(of: type))."
        case let .dataCorrupted(context):
            if context.codingPath.isEmpty {
                let detail = (context.underlyingError as? CocoaError)?.userInfo["NSDebugDescription"] as? String
                return "not valid JSON" + (detail.map { " (\($0))" } ?? "") + "."
            }
            return "\(place(context.codingPath)): \(context.debugDescription)."
        @unknown default:
            return "\(error)"
        }
    }

    private static func jsonName(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is [String].Type: "an array of strings"
        case is [UTTypeDeclaration].Type: "a JSON array of type declarations"
        default: "an object"
        }
    }
}
