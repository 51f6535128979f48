/// The system types Apple documents, under Apple's identifiers, with their
/// documented parents and tags. Parents come before children.
enum SystemTypeTable {
    struct Entry {
        let identifier: String
        let parents: [String]
        let tags: [UTTagClass: [String]]
        init(_ identifier: String, _ parents: [String], mime: [String] = [], ext: [String] = []) {
            self.identifier = identifier
            self.parents = parents
            var tags: [UTTagClass: [String]] = [:]
            if !mime.isEmpty { tags[.mimeType] = mime }
            if !ext.isEmpty { tags[.filenameExtension] = ext }
            self.tags = tags
        }
    }

    static let entries: [Entry] = [
        Entry("public.item", []),
        Entry("public.content", []),
        Entry("public.data", ["public.item"], mime: ["application/octet-stream"]),
        Entry("public.text", ["public.data", "public.content"]),
        Entry("public.plain-text", ["public.text"], mime: ["text/plain"], ext: ["txt", "text"]),
        Entry("public.utf8-plain-text", ["public.plain-text"]),
        Entry("public.json", ["public.text"], mime: ["application/json"], ext: ["json"]),
        Entry("public.image", ["public.data", "public.content"]),
        Entry("public.png", ["public.image"], mime: ["image/png"], ext: ["png"]),
        Entry("public.jpeg", ["public.image"], mime: ["image/jpeg"], ext: ["jpeg", "jpg", "jpe"]),
        Entry("public.url", ["public.data"]),
        Entry("public.file-url", ["public.url"]),
        Entry("public.vcard", ["public.text"], mime: ["text/vcard", "text/directory", "text/x-vcard"], ext: ["vcf", "vcard"]),
    ]
}
