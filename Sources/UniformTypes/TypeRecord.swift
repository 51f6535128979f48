/// One type in the registry. Immutable once made: conformance is answered
/// from `ancestorOrdinals`, computed when the record is created.
final class TypeRecord: Sendable {
    let identifier: String
    let foldedIdentifier: String
    let ordinal: Int
    let parents: [TypeRecord]
    let ancestors: [TypeRecord]
    let ancestorOrdinals: Set<Int>
    let tags: [UTTagClass: [String]]

    init(identifier: String, ordinal: Int, parents: [TypeRecord], tags: [UTTagClass: [String]]) {
        self.identifier = identifier
        self.foldedIdentifier = identifier.lowercased()
        self.ordinal = ordinal
        self.parents = parents
        self.tags = tags
        var seen = Set<Int>()
        var ordered: [TypeRecord] = []
        var stack = parents
        while let next = stack.popLast() {
            if seen.insert(next.ordinal).inserted {
                ordered.append(next)
                stack.append(contentsOf: next.parents)
            }
        }
        self.ancestors = ordered
        self.ancestorOrdinals = seen
    }

    func conforms(to other: TypeRecord) -> Bool {
        self === other || foldedIdentifier == other.foldedIdentifier || ancestorOrdinals.contains(other.ordinal)
    }
}
