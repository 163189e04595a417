// swift-tools-version:6.0
import PackageDescription

// Layers (see README "Architecture"): one executable, `instantsearch`, wires the interface, the
// engine, the server and the backends together; each depends only on InstantSearchCore below.

// No unsafe flags here, so that another package can depend on this one by version: how the
// release executable is linked (LLD, packed relocations, the functions everyday use side by
// side) is said in the Makefile's BUILD_FLAGS_release.
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
        // FlyingSocks, its socket layer (non-blocking sockets on epoll, no SwiftNIO), carries our
        // own HTTP/1.1 front (HTTPServing: `serve` and the TUI's `--listen`); the tests' stub
        // servers use FlyingFox's HTTP server, which no executable links.
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
        // The manual page (docs/instantsearch.1) inside the binary, for `--man` (C23's #embed).
        .target(name: "CManualPage"),
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        // The Swift runtime's crash settings, made by a constructor that runs before the runtime
        // reads them, so that a release binary starts once (see CrashReport).
        .target(name: "CCrashSettings"),
        .target(name: "TerminalUI", dependencies: ["InstantSearchCore", "CNcurses", "CCrashSettings", "HTTPParsing", "HTTPServing"]),
        // The HTTP/1.1 request parser and its limits, free of any network stack: the server's
        // front and the TUI's `--listen` both parse requests with it.
        .target(name: "HTTPParsing"),
        // The bounded HTTP/1.1 front (sockets, connections under a cap and whole-phase
        // deadlines, a reaper) that `serve` and the TUI's `--listen` both serve through.
        .target(name: "HTTPServing", dependencies: ["HTTPParsing", .product(name: "FlyingSocks", package: "FlyingFox")]),
        // Elasticsearch / OpenSearch over RemoteBackend's HTTP transport (libcurl): light, so the TUI links it.
        .target(
            name: "ElasticsearchBackend",
            dependencies: [
                "InstantSearchCore", "RemoteBackend", .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        // PostgreSQL through libpq, the PostgreSQL project's own client (Debian's libpq-dev).
        // Its declarations only: libpq is opened at first use (PostgresBackend's LibPQ), not linked.
        .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ", providers: [.apt(["libpq-dev"])]),
        .target(name: "PostgresBackend", dependencies: ["InstantSearchCore", "CLibPQ", "SharedLibraryLoading"]),
        // dlopen with one clear line when a library is missing: libcurl and libpq are opened
        // at first use, so a session that talks to no server maps neither.
        .target(name: "SharedLibraryLoading"),
        .testTarget(name: "SharedLibraryLoadingTests", dependencies: ["SharedLibraryLoading"]),
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
                "ShellIntegration", "IndexLoading", "InstantSearchServer", "PostgresBackend", "CManualPage",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `make bench`: the engine against SQLite FTS5 (system libsqlite3, no package to fetch).
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .executableTarget(
            name: "instantsearch-bench", dependencies: ["SearchEngine", "InstantSearchCore", "CSQLite", "ShellIntegration"]
        ),
        // The HTTP client backend (`instantsearch --remote`, and Elasticsearch's transport): libcurl
        // (Debian's libcurl4-openssl-dev; HTTPS included), no NIO, no URLSession.
        // Its declarations only: libcurl is opened at the first request (CurlLibrary), not linked.
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(
            name: "RemoteBackend",
            dependencies: [
                "InstantSearchCore", "CCurl", "SharedLibraryLoading", "HTTPParsing", .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        // `instantsearch serve`: Algolia's search REST protocol over the embedded engine. A library:
        // tests run it in-process.
        .target(
            name: "InstantSearchServer",
            dependencies: [
                "InstantSearchCore", "SearchEngine", "HTTPParsing", "HTTPServing",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        .testTarget(
            name: "RemoteTests",
            dependencies: [
                "InstantSearchServer", "RemoteBackend", "SearchEngine", "InstantSearchCore", "HTTPServing",
                .product(name: "FlyingFox", package: "FlyingFox"),
            ]
        ),
        .testTarget(name: "InstantSearchCoreTests", dependencies: ["InstantSearchCore"]),
        .testTarget(name: "SearchEngineTests", dependencies: ["SearchEngine", "InstantSearchCore"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "InstantSearchCore", "CCrashSettings"]),
        .testTarget(name: "EndToEndTests", dependencies: [], exclude: ["Fixtures"]),
        // The end-to-end tests' stand-in for a session that crashes (see its main.swift).
        .executableTarget(name: "terminal-probe", dependencies: ["TerminalUI"]),
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
