// swift-tools-version:6.2
import PackageDescription

/// Settings every DragKit target shares on top of the Swift 6 language mode
/// (strict concurrency): existentials are spelled `any P`, so a reader sees
/// where dynamic dispatch and boxing happen.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "DragKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "UniformTypes", targets: ["UniformTypes"]),
        .library(name: "ItemProviders", targets: ["ItemProviders"]),
        .library(name: "DragAndDrop", targets: ["DragAndDrop"]),
        .library(name: "DragDropTesting", targets: ["DragDropTesting"]),
        .library(name: "VCard", targets: ["VCard"]),
        .library(name: "DragKitGTK", targets: ["DragKitGTK"]),
        .library(name: "DragKitWidgets", targets: ["DragKitWidgets"]),
        .library(name: "DesktopTesting", targets: ["DesktopTesting"]),
        .executable(name: "dragkit", targets: ["DragKitCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation` for the DocC catalogs (scripts/docs).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: - Libraries, lightest first
        // The built-in type table as constant C data (generated from the Swift table).
        .target(name: "CUniformTypeTables"),
        .target(name: "UniformTypes", dependencies: ["CUniformTypeTables"], swiftSettings: strictSettings),
        .target(name: "ItemProviders", dependencies: ["UniformTypes"], swiftSettings: strictSettings),
        .target(name: "DragAndDrop", dependencies: ["ItemProviders", "UniformTypes"], swiftSettings: strictSettings),
        .target(name: "DragDropTesting", dependencies: ["DragAndDrop", "ItemProviders"], swiftSettings: strictSettings),
        // vCard 2.1/3.0/4.0 reader and writer; Foundation only, usable without the rest.
        .target(name: "VCard", swiftSettings: strictSettings),

        // MARK: - GTK 4 backend (needs libgtk-4-dev)
        .systemLibrary(name: "CGtk4", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .target(name: "CGtkShim", dependencies: ["CGtk4"], linkerSettings: [.linkedLibrary("dispatch"), .linkedLibrary("X11")]),
        // The direct channel's system calls (sockets, passed descriptors,
        // sealed memory files): C, so a target of its own, kept in the
        // folder of the channel's Swift code.
        .target(name: "CDragKitChannel", path: "Sources/DragKitGTK/Channel/CDragKitChannel"),
        .target(
            name: "DragKitGTK",
            dependencies: ["CGtk4", "CGtkShim", "CDragKitChannel", "DragAndDrop", "ItemProviders", "UniformTypes"],
            exclude: ["Channel/CDragKitChannel"],
            swiftSettings: strictSettings
        ),
        // The app widget kit (Application, windows, HeaderBar, Entry,
        // ListWidget, ...) on top of the backend; a program with widgets of
        // its own needs only DragKitGTK.
        .target(
            name: "DragKitWidgets",
            dependencies: ["CGtk4", "CGtkShim", "DragKitGTK", "DragAndDrop", "ItemProviders", "UniformTypes"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "DragKitGallery",
            dependencies: ["CGtk4", "CGtkShim", "DragKitGTK", "DragKitWidgets", "DragAndDrop", "ItemProviders", "UniformTypes"],
            swiftSettings: strictSettings
        ),

        // MARK: - Examples (docs/Interop.md): GTK programs with widgets of
        // their own, using only the backend; the end-to-end tests drag
        // into and out of them.
        .executableTarget(
            name: "PlainGTKExample",
            dependencies: ["CGtk4", "DragKitGTK", "ItemProviders"],
            path: "Examples/PlainGTK",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "BuilderUIExample",
            dependencies: ["CGtk4", "DragKitGTK", "ItemProviders"],
            path: "Examples/BuilderUI",
            resources: [.copy("window.ui")],
            swiftSettings: strictSettings
        ),

        // Drives real desktop apps under X11 (xdotool): pointer drags, keys,
        // window placement, app processes. Toolkit-free; used by the
        // end-to-end tests here and in Apps/.
        .target(name: "DesktopTesting", swiftSettings: strictSettings),

        // MARK: - Tools
        .executableTarget(
            name: "DragKitCLI",
            dependencies: [
                "UniformTypes",
                "ItemProviders",
                "DragAndDrop",
                "DragDropTesting",
                "VCard",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),

        // MARK: - Tests
        .testTarget(name: "UniformTypesTests", dependencies: ["CUniformTypeTables", "UniformTypes"], swiftSettings: strictSettings),
        .testTarget(name: "ItemProvidersTests", dependencies: ["ItemProviders"], swiftSettings: strictSettings),
        .testTarget(name: "DragAndDropTests", dependencies: ["DragAndDrop", "DragDropTesting"], swiftSettings: strictSettings),
        .testTarget(name: "DragDropTestingTests", dependencies: ["DragDropTesting"], swiftSettings: strictSettings),
        .testTarget(
            name: "ListsTests",
            dependencies: ["DragAndDrop", "DragDropTesting", "ItemProviders", "UniformTypes"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "VCardTests", dependencies: ["VCard"], exclude: ["Fixtures"], swiftSettings: strictSettings),
        .testTarget(
            name: "DeclarativeTests",
            dependencies: ["DragAndDrop", "DragDropTesting", "ItemProviders", "UniformTypes"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "DragKitCLITests", dependencies: ["DragKitCLI"], swiftSettings: strictSettings),
        .testTarget(
            name: "DragKitGTKTests",
            dependencies: ["CDragKitChannel", "DragAndDrop", "DragKitGTK", "ItemProviders", "UniformTypes"],
            swiftSettings: strictSettings
        ),
        // Runs the gallery and a Python GTK client under Xvfb (scripts/with-xvfb); skipped without DISPLAY.
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["DragKitGallery", "PlainGTKExample", "BuilderUIExample", "DesktopTesting"],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
