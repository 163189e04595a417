// swift-tools-version:6.0
import PackageDescription

// Layers (see README "Architecture"): the executable wires TerminalUI and SearchEngine together;
// both depend only on InstantSearchCore. Nothing here pulls in SwiftNIO, so the TUI builds fast.
let package = Package(
    name: "instantsearch",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "InstantSearchCore", targets: ["InstantSearchCore"]),
        .library(name: "SearchEngine", targets: ["SearchEngine"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .executable(name: "instantsearch", targets: ["instantsearch"]),
        .executable(name: "instantsearch-bench", targets: ["instantsearch-bench"]),
    ],
    dependencies: [
        // Command-line parsing with generated help and clear errors.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // OrderedDictionary: JSON objects keep their keys in the file's order.
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    ],
    targets: [
        .target(
            name: "InstantSearchCore",
            dependencies: [.product(name: "OrderedCollections", package: "swift-collections")]
        ),
        .target(name: "SearchEngine", dependencies: ["InstantSearchCore"]),
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        .target(name: "TerminalUI", dependencies: ["InstantSearchCore", "CNcurses"]),
        .executableTarget(
            name: "instantsearch",
            dependencies: [
                "InstantSearchCore", "SearchEngine", "TerminalUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `make bench`: the engine against SQLite FTS5 (system libsqlite3, no package to fetch).
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .executableTarget(name: "instantsearch-bench", dependencies: ["SearchEngine", "InstantSearchCore", "CSQLite"]),
        .testTarget(name: "InstantSearchCoreTests", dependencies: ["InstantSearchCore"]),
        .testTarget(name: "SearchEngineTests", dependencies: ["SearchEngine", "InstantSearchCore"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "InstantSearchCore"]),
        .testTarget(name: "EndToEndTests", dependencies: []),
    ]
)
