/// One parameter of a property (`TYPE=work,voice`): an upper-cased name and
/// its values, unquoted and unescaped.
///
/// vCard 2.1's bare parameters (`TEL;HOME;VOICE:`) are read as `TYPE`
/// values, and its bare encodings (`;QUOTED-PRINTABLE`) as `ENCODING`.
public struct VCardParameter: Hashable, Sendable {
    /// The parameter's name, upper-cased (`TYPE`, `ENCODING`, `X-SERVICE`).
    public var name: String
    /// The values in the order written; a list (`TYPE=work,voice`) gives several.
    public var values: [String]

    public init(_ name: String, _ values: [String]) {
        self.name = name.uppercased()
        self.values = values
    }

    public init(_ name: String, _ value: String) {
        self.init(name, [value])
    }
}
