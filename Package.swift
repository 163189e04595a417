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
        .executable(name: "instantsearch-serve", targets: ["instantsearch-serve"]),
        .library(name: "RemoteBackend", targets: ["RemoteBackend"]),
    ],
    dependencies: [
        // Command-line parsing with generated help and clear errors.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // OrderedDictionary: JSON objects keep their keys in the file's order.
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // `instantsearch-serve` only: an HTTP server on plain sockets and Swift concurrency (no
        // SwiftNIO), so even the server builds in seconds. The TUI never links it.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
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
                "InstantSearchCore", "SearchEngine", "TerminalUI", "RemoteBackend",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `make bench`: the engine against SQLite FTS5 (system libsqlite3, no package to fetch).
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .executableTarget(name: "instantsearch-bench", dependencies: ["SearchEngine", "InstantSearchCore", "CSQLite"]),
        // The HTTP client backend (`instantsearch --remote`): URLSession from FoundationNetworking, no NIO.
        .target(
            name: "RemoteBackend",
            dependencies: ["InstantSearchCore", .product(name: "OrderedCollections", package: "swift-collections")]
        ),
        // `instantsearch serve`: Algolia's search REST protocol over the embedded engine. A library
        // (tests run it in-process) and its own executable, which `instantsearch serve` execs.
        .target(
            name: "InstantSearchServer",
            dependencies: [
                "InstantSearchCore", "SearchEngine",
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        .executableTarget(
            name: "instantsearch-serve",
            dependencies: ["InstantSearchServer", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The custom backend guide's worked example (README "Plugging in a backend"): compiled by `swift build`.
        .target(
            name: "ElasticStyleBackend",
            dependencies: ["InstantSearchCore", .product(name: "OrderedCollections", package: "swift-collections")],
            path: "Examples/ElasticStyleBackend"
        ),
        .testTarget(
            name: "RemoteTests",
            dependencies: [
                "InstantSearchServer", "RemoteBackend", "ElasticStyleBackend", "SearchEngine", "InstantSearchCore",
                .product(name: "FlyingFox", package: "FlyingFox"),
            ]
        ),
        .testTarget(name: "InstantSearchCoreTests", dependencies: ["InstantSearchCore"]),
        .testTarget(name: "SearchEngineTests", dependencies: ["SearchEngine", "InstantSearchCore"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "InstantSearchCore"]),
        .testTarget(name: "EndToEndTests", dependencies: []),
    ]
)
