#if canImport(Glibc)
import Glibc
#endif

/// How both base tables name a database type and which system types it
/// descends from. On bytes: these run on a process's first query.
enum TypeNaming {
    /// The identifier prefix of a database type of its own:
    /// `org.freedesktop.mime.text.x-csrc`.
    static let freedesktopPrefixText: StaticString = "org.freedesktop.mime."
    static let freedesktopPrefix = freedesktopPrefixText.description

    /// Adds to a database type's parents its ``SystemTypeTable/freedesktopParents``
    /// pair, its media type's category, then public.plain-text (text/*),
    /// public.item (inode/*) or public.data, each unless already implied.
    /// `name` is folded; `system` makes a system record; room for three.
    static func addSystemParents<Failure: Error>(
        of name: UnsafeRawBufferPointer, to parents: inout ParentList,
        system: (UnsafeRawBufferPointer) throws(Failure) -> TypeRecord
    ) throws(Failure) {
        let media = mediaType(ofName: name)
        let base: StaticString = equal(media, "inode") ? "public.item" : equal(media, "text") ? "public.plain-text" : "public.data"
        if let bridge = SystemTypeIndex.shared.freedesktopParentIdentifier(of: name) {
            let bridgeRecord = try system(bridge)
            if !parents.contains(where: { $0.conforms(to: bridgeRecord) }) { add(bridgeRecord, to: &parents) }
        }
        // Both made before either is weighed against the parents.
        let category = try SystemTypeTable.mediaParent(ofMedia: media).map { identifier throws(Failure) in try system(bytes(identifier)) }
        let baseRecord = try system(bytes(base))
        if let category, !parents.contains(where: { $0.conforms(to: category) }) { add(category, to: &parents) }
        if !parents.contains(where: { $0.conforms(to: baseRecord) }) { add(baseRecord, to: &parents) }
    }

    /// The media type of MIME type `name` (its bytes before the slash; all
    /// of them without one).
    static func mediaType(ofName name: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        let slash = name.baseAddress.flatMap { memchr($0, Int32(UInt8(ascii: "/")), name.count) }
        return UnsafeRawBufferPointer(rebasing: name[0..<(slash.map { name.baseAddress!.distance(to: UnsafeRawPointer($0)) } ?? name.count)])
    }

    private static func add(_ record: TypeRecord, to parents: inout ParentList) {
        let added = parents.append(record)
        precondition(added, "no room for a system parent: callers leave room for three")
    }

    static func bytes(_ text: StaticString) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }

    /// Whether `bytes` spell `text`.
    static func equal(_ bytes: UnsafeRawBufferPointer, _ text: StaticString) -> Bool {
        bytes.count == text.utf8CodeUnitCount && (bytes.isEmpty || memcmp(bytes.baseAddress!, text.utf8Start, bytes.count) == 0)
    }

    /// The identifier of the database type named `folded`.
    static func freedesktopIdentifier(ofFolded folded: UnsafeRawBufferPointer) -> String {
        withFreedesktopIdentifier(ofFolded: folded) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the bytes of ``freedesktopIdentifier(ofFolded:)``,
    /// in a temporary buffer.
    static func withFreedesktopIdentifier<Result>(ofFolded folded: UnsafeRawBufferPointer,
                                                  _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let prefix = bytes(freedesktopPrefixText)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: prefix.count + folded.count) { buffer in
            for index in 0..<prefix.count { buffer[index] = prefix[index] }
            for index in 0..<folded.count {
                buffer[prefix.count + index] = folded[index] == UInt8(ascii: "/") ? UInt8(ascii: ".") : folded[index]
            }
            return body(UnsafeBufferPointer(buffer))
        }
    }

    /// A string of `count` bytes that `fill` writes.
    static func makeString(count: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>) -> Void) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
            fill(buffer)
            return String(decoding: UnsafeBufferPointer(buffer), as: UTF8.self)
        }
    }

    /// `type/subtype` as an identifier tail: lower case, slash to dot.
    static func identifierSuffix(_ mimeType: String) -> String {
        mimeType.foldedASCII.replacingSlashWithDot()
    }
}

private extension String {
    func replacingSlashWithDot() -> String {
        TypeNaming.makeString(count: utf8.count) { buffer in
            var index = 0
            for byte in utf8 {
                buffer[index] = byte == UInt8(ascii: "/") ? UInt8(ascii: ".") : byte
                index += 1
            }
        }
    }
}
