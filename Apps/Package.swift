// swift-tools-version:6.2
import PackageDescription

// The seed apps live in their own package so that a project depending on the
// DragKit libraries never resolves GRDB or app code. Each app is a
// toolkit-free core (<Name>Core: model, store, drag and drop delegates,
// tested headlessly) and a thin GTK executable.

/// Settings every app target shares: Swift 6 language mode (strict
/// concurrency) and existentials spelled `any P`.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift")
/// SQLite's C interface, for the few reads that step a statement themselves
/// (a list's ids, a lane's order) instead of decoding each row through GRDB.
let sqlite: Target.Dependency = .product(name: "GRDBSQLite", package: "GRDB.swift")
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")

/// A DragKit library product.
func dragKit(_ product: String) -> Target.Dependency {
    .product(name: product, package: "DragKit")
}

let package = Package(
    name: "DragKitApps",
    platforms: [.macOS(.v15)],
    products: [
        // For Apps/Benchmarks, which measures the app cores.
        .library(name: "GeocachesCore", targets: ["GeocachesCore"]),
        .library(name: "DoItCore", targets: ["DoItCore"]),
        .library(name: "ContactsCore", targets: ["ContactsCore"]),
    ],
    dependencies: [
        .package(name: "DragKit", path: "../"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // MARK: - Shared by every app (toolkit-free)
        .target(name: "AppSupport", dependencies: [argumentParser, dragKit("UniformTypes")], swiftSettings: strictSettings),
        .testTarget(name: "AppSupportTests", dependencies: ["AppSupport"], swiftSettings: strictSettings),
        // The shared start-up error window and keep-aside flow on GTK, for
        // the apps that use the shell (AppShell, StartupErrorWindow).
        .target(name: "AppDesktop", dependencies: ["AppSupport", dragKit("DragKitGTK"), dragKit("DragKitWidgets")], swiftSettings: strictSettings),
        // The apps' end-to-end harness (toolkit-free): launch an executable
        // with a temporary --data-dir and --dump-layout, read the layout,
        // drag with xdotool, read --export-json, run the foreign GTK client.
        .target(name: "AppTesting", dependencies: ["AppSupport", dragKit("DesktopTesting")], swiftSettings: strictSettings),
        .testTarget(name: "AppTestingTests", dependencies: ["AppTesting"], exclude: ["Fixtures"], swiftSettings: strictSettings),

        // MARK: - Geocaches: CacheMaker and CacheEditor
        .target(
            name: "GeocachesCore",
            dependencies: ["AppSupport", grdb, sqlite, dragKit("UniformTypes"), dragKit("ItemProviders"), dragKit("DragAndDrop")],
            swiftSettings: strictSettings),
        .executableTarget(
            name: "CacheMaker",
            dependencies: ["GeocachesCore", "AppSupport", "AppDesktop", argumentParser, dragKit("DragKitGTK"), dragKit("DragKitWidgets")],
            swiftSettings: strictSettings),
        .executableTarget(
            name: "CacheEditor",
            dependencies: ["GeocachesCore", "AppSupport", "AppDesktop", argumentParser, dragKit("DragKitGTK"), dragKit("DragKitWidgets")],
            swiftSettings: strictSettings),
        .testTarget(
            name: "GeocachesCoreTests",
            dependencies: ["GeocachesCore", "AppSupport", grdb, dragKit("DragDropTesting"), dragKit("UniformTypes"), dragKit("ItemProviders"), dragKit("DragAndDrop")],
            swiftSettings: strictSettings),
        // Runs the two executables under X; depending on them has --build-tests build them.
        .testTarget(
            name: "GeocachesEndToEndTests",
            dependencies: ["AppTesting", "AppSupport", dragKit("DesktopTesting"), "CacheMaker", "CacheEditor"],
            swiftSettings: strictSettings),

        // MARK: - Contacts
        .target(
            name: "ContactsCore",
            dependencies: [
                "AppSupport", dragKit("DragAndDrop"), dragKit("ItemProviders"), dragKit("UniformTypes"), dragKit("VCard"), grdb,
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "Contacts",
            dependencies: ["ContactsCore", "AppSupport", "AppDesktop", dragKit("DragKitGTK"), dragKit("DragKitWidgets"), dragKit("DragAndDrop"), argumentParser],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ContactsCoreTests",
            dependencies: ["ContactsCore", grdb, dragKit("DragDropTesting"), dragKit("VCard")],
            swiftSettings: strictSettings
        ),
        // Runs the Contacts executable and a foreign GTK client under Xvfb; skipped without DISPLAY.
        .testTarget(
            name: "ContactsEndToEndTests",
            dependencies: ["Contacts", "ContactsCore", "AppTesting", dragKit("DesktopTesting"), dragKit("VCard")],
            swiftSettings: strictSettings
        ),

        // MARK: - Do It
        .target(name: "DoItCore", dependencies: [
            "AppSupport", grdb, sqlite,
            dragKit("UniformTypes"), dragKit("ItemProviders"), dragKit("DragAndDrop"),
        ], swiftSettings: strictSettings),
        .testTarget(name: "DoItCoreTests", dependencies: [
            "DoItCore", dragKit("DragDropTesting"),
        ], swiftSettings: strictSettings),
        .executableTarget(name: "DoIt", dependencies: [
            "DoItCore", "AppSupport", argumentParser, dragKit("DragKitGTK"), dragKit("DragKitWidgets"), dragKit("DragAndDrop"),
        ], swiftSettings: strictSettings),
        // Depends on the executable so that `swift build --build-tests` builds it.
        .testTarget(name: "DoItEndToEndTests", dependencies: [
            "AppTesting", "DoIt", dragKit("DesktopTesting"),
        ], swiftSettings: strictSettings),

        // MARK: - Desktop integration
        // scripts/install into a temporary home, then GIO and `gio open`
        // under Xvfb; depends on every app so that --build-tests builds them.
        .testTarget(name: "DesktopIntegrationEndToEndTests", dependencies: [
            "AppTesting", dragKit("DesktopTesting"), "CacheMaker", "CacheEditor", "Contacts", "DoIt",
        ], swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)
