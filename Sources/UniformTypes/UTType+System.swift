extension UTType {
    /// A built-in type; the table guarantees it exists.
    static func system(_ identifier: String) -> UTType {
        guard let record = TypeRegistry.shared.knownRecord(forIdentifier: identifier) else {
            preconditionFailure("\(identifier) is missing from the built-in type table")
        }
        return UTType(record: record)
    }

    public static var item: UTType { system("public.item") }
    public static var content: UTType { system("public.content") }
    public static var data: UTType { system("public.data") }
    public static var text: UTType { system("public.text") }
    public static var plainText: UTType { system("public.plain-text") }
    public static var utf8PlainText: UTType { system("public.utf8-plain-text") }
    public static var json: UTType { system("public.json") }
    public static var image: UTType { system("public.image") }
    public static var png: UTType { system("public.png") }
    public static var jpeg: UTType { system("public.jpeg") }
    public static var url: UTType { system("public.url") }
    public static var fileURL: UTType { system("public.file-url") }
    public static var vCard: UTType { system("public.vcard") }
}
