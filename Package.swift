// swift-tools-version:6.0
import PackageDescription

// Layers (see README "Architecture"): one executable, `instantsearch`, wires the interface, the
// engine, the server and the backends together; each depends only on InstantSearchCore below.

// How every executable is linked (Linux). A release executable carries Swift's runtime and
// Foundation, and the kernel maps 64 KB of code around each page a process first runs (README,
// "Benchmark": the lines table's peak memory):
// - LLD packs the relative relocations (DT_RELR, glibc 2.36+): the loader read 2.1 MB of them at
//   every start, now a few KB (2.7 MB less held by each process);
// - in a release build, the functions everyday use runs (Resources/link-order.txt, written by
//   `make link-order`) are placed side by side: the lines bench's code at its peak held
//   8.6–8.8 MB, now 4.1–4.3.
let packageFolder = String(#filePath.dropLast("/Package.swift".count))
let executableLinking: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(platforms: [.linux])),
    .unsafeFlags(
        ["-Xlinker", "--symbol-ordering-file=\(packageFolder)/Resources/link-order.txt", "-Xlinker", "--no-warn-symbol-ordering"],
        .when(platforms: [.linux], configuration: .release)
    ),
]

let package = Package(
    name: "instantsearch",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "InstantSearchCore", targets: ["InstantSearchCore"]),
        .library(name: "SearchEngine", targets: ["SearchEngine"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .executable(name: "instantsearch", targets: ["instantsearch"]),
        .executable(name: "instantsearch-bench", targets: ["instantsearch-bench"]),
        .library(name: "ElasticsearchBackend", targets: ["ElasticsearchBackend"]),
        .library(name: "PostgresBackend", targets: ["PostgresBackend"]),
        // A product so that the fuzz package (Fuzz/) can reach the HTTP parsing.
        .library(name: "InstantSearchServer", targets: ["InstantSearchServer"]),
        .library(name: "RemoteBackend", targets: ["RemoteBackend"]),
    ],
    dependencies: [
        // Command-line parsing with generated help and clear errors.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // OrderedDictionary: JSON objects keep their keys in the file's order.
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // `instantsearch serve`: FlyingSocks, its socket layer (non-blocking sockets on epoll,
        // no SwiftNIO), carries the server's own HTTP/1.1 front; the tests' stub servers use
        // FlyingFox's HTTP server.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        .target(
            name: "InstantSearchCore",
            dependencies: [.product(name: "OrderedCollections", package: "swift-collections")]
        ),
        .target(name: "SearchEngine", dependencies: ["InstantSearchCore", "CChecksum", "CLineScan"]),
        // CRC-32C of index-file sections with the processor's CRC instruction (Swift cannot reach it).
        .target(name: "CChecksum"),
        // A hint to fetch memory ahead, for the line scan's sparse reads (Swift has none either).
        .target(name: "CLineScan"),
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        .target(name: "TerminalUI", dependencies: ["InstantSearchCore", "CNcurses", "HTTPParsing"]),
        // The HTTP/1.1 request parser and its limits, free of any network stack: the server's
        // front and the TUI's `--listen` both parse requests with it.
        .target(name: "HTTPParsing"),
        // Elasticsearch / OpenSearch over plain HTTP (URLSession): light, so the TUI links it.
        .target(
            name: "ElasticsearchBackend",
            dependencies: [
                "InstantSearchCore", "RemoteBackend", .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        // PostgreSQL through libpq, the PostgreSQL project's own client (Debian's libpq-dev).
        .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .target(name: "PostgresBackend", dependencies: ["InstantSearchCore", "CLibPQ"]),
        // Shell integration (Ctrl-T, Ctrl-R, Alt-C, **): the file walker, history parsing and
        // the scripts `instantsearch --bash / --zsh / --fish` print. No UI, no engine.
        .target(
            name: "ShellIntegration",
            dependencies: ["InstantSearchCore", .product(name: "OrderedCollections", package: "swift-collections")]
        ),
        .testTarget(name: "ShellIntegrationTests", dependencies: ["ShellIntegration", "InstantSearchCore"]),
        .executableTarget(
            name: "instantsearch",
            dependencies: [
                "InstantSearchCore", "SearchEngine", "TerminalUI", "RemoteBackend", "ElasticsearchBackend", "SearchCommandLine",
                "ShellIntegration", "IndexLoading", "InstantSearchServer", "PostgresBackend",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: executableLinking
        ),
        // `make bench`: the engine against SQLite FTS5 (system libsqlite3, no package to fetch).
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .executableTarget(
            name: "instantsearch-bench", dependencies: ["SearchEngine", "InstantSearchCore", "CSQLite", "ShellIntegration"],
            linkerSettings: executableLinking
        ),
        // The HTTP client backend (`instantsearch --remote`): URLSession from FoundationNetworking, no NIO.
        .target(
            name: "RemoteBackend",
            dependencies: ["InstantSearchCore", .product(name: "OrderedCollections", package: "swift-collections")]
        ),
        // `instantsearch serve`: Algolia's search REST protocol over the embedded engine. A library:
        // tests run it in-process.
        .target(
            name: "InstantSearchServer",
            dependencies: [
                "InstantSearchCore", "SearchEngine", "HTTPParsing",
                .product(name: "FlyingSocks", package: "FlyingFox"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
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
        .testTarget(name: "EndToEndTests", dependencies: [], exclude: ["Fixtures"]),
        // The end-to-end tests' stand-in for a session that crashes (see its main.swift).
        .executableTarget(name: "terminal-probe", dependencies: ["TerminalUI"], linkerSettings: executableLinking),
        // Runs only with INSTANTSEARCH_POSTGRES_URL (make test starts a throwaway server);
        // without it every test is skipped and says why.
        .testTarget(
            name: "PostgresBackendTests",
            dependencies: ["PostgresBackend", "InstantSearchCore", "SearchEngine"]
        ),
        // The query DSL both ways against recorded request / response documents.
        .testTarget(
            name: "ElasticsearchBackendTests",
            dependencies: [
                "ElasticsearchBackend", "InstantSearchCore", "SearchEngine",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            resources: [.copy("Fixtures")]
        ),
        // What the executables' command lines share: the session's options (SessionOptions: fzf's
        // --query / --select-1 / --exit-0 / --print-query, the preview, layout, keys, strategy),
        // INSTANTSEARCH_DEFAULT_OPTS, one-line errors with status 2.
        .target(
            name: "SearchCommandLine",
            dependencies: [
                "InstantSearchCore", "TerminalUI", "IndexLoading", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "SearchCommandLineTests", dependencies: ["SearchCommandLine", "InstantSearchCore", "TerminalUI", "IndexLoading", "SearchEngine"]),
        // Files, standard input and a --config setup turned into the embedded backend a session
        // opens on (every index at once, filled behind the interface), with the attributes a
        // person named checked against the records. No command line, no UI.
        .target(name: "IndexLoading", dependencies: ["InstantSearchCore", "SearchEngine"]),
        .testTarget(name: "IndexLoadingTests", dependencies: ["IndexLoading", "InstantSearchCore", "SearchEngine"]),
    ]
)

// Release: each function of our modules in a section of its own, so that the linker can place it
// as Resources/link-order.txt says (one section a file, it moved whole files).
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .unsafeFlags(["-Xfrontend", "-function-sections"], .when(platforms: [.linux], configuration: .release))
        ]
}
