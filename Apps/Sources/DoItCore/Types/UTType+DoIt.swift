import UniformTypes

// Do It's own types. The JSON forms conform to public.json, so any app that
// takes JSON takes a dragged item or list; the UUID forms name an item or
// list in this app's store and are only ever offered inside the process
// (registered with `.ownProcess` visibility).
extension UTType {
    /// A to-do item as JSON (`org.dragkit.doit.item`,
    /// `application/vnd.dragkit.doit.item+json`, `.todoitem`).
    public static let todoItem = DoItTypes.declared[0]
    /// A to-do list with its items as JSON (`org.dragkit.doit.list`,
    /// `application/vnd.dragkit.doit.list+json`, `.todolist`).
    public static let todoList = DoItTypes.declared[1]
    /// The UUID of an item in this app's store; never leaves the process.
    public static let todoItemID = DoItTypes.declared[2]
    /// The UUID of a list in this app's store; never leaves the process.
    public static let todoListID = DoItTypes.declared[3]
}

extension UTTypeDeclaration {
    /// The types Do It exports to the desktop: the item and list JSON forms
    /// (their installed MIME package makes `.todoitem` and `.todolist` files
    /// kinds of `application/json`). The UUID forms never leave the process
    /// and are not among them.
    public static let doItExported = Array(DoItTypes.declarations.prefix(2))
}

/// The declarations behind Do It's types, made once.
enum DoItTypes {
    static let declarations = [
        UTTypeDeclaration(identifier: "org.dragkit.doit.item", conformsTo: ["public.json"],
                          tags: [.mimeType: ["application/vnd.dragkit.doit.item+json"], .filenameExtension: ["todoitem"]],
                          description: "To-do item"),
        UTTypeDeclaration(identifier: "org.dragkit.doit.list", conformsTo: ["public.json"],
                          tags: [.mimeType: ["application/vnd.dragkit.doit.list+json"], .filenameExtension: ["todolist"]],
                          description: "To-do list"),
        UTTypeDeclaration(identifier: "org.dragkit.doit.item.uuid", conformsTo: ["public.data"],
                          tags: [.mimeType: ["application/x-dragkit-doit-item-uuid"]],
                          description: "To-do item reference"),
        UTTypeDeclaration(identifier: "org.dragkit.doit.list.uuid", conformsTo: ["public.data"],
                          tags: [.mimeType: ["application/x-dragkit-doit-list-uuid"]],
                          description: "To-do list reference"),
    ]

    static let declared: [UTType] = {
        do {
            return try UTType.declare(declarations)
        } catch {
            // Declaring only fails when another declaration of the same
            // identifiers conflicts; the plain form still gives usable types.
            return declarations.map { UTType(exportedAs: $0.identifier, conformingTo: UTType($0.conformsTo[0])) }
        }
    }()
}
