/// The vCard format versions DragKit reads and writes: 2.1 (the
/// Versit/IMC format many phones and Outlook still export), 3.0 (RFC 2426)
/// and 4.0 (RFC 6350).
public enum VCardVersion: String, Sendable, Hashable, CaseIterable, Comparable {
    case v2_1 = "2.1"
    case v3_0 = "3.0"
    case v4_0 = "4.0"

    public static func < (lhs: VCardVersion, rhs: VCardVersion) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
