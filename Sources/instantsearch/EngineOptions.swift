import ArgumentParser
import ElasticsearchBackend
import Foundation
import InstantSearchCore
import SearchCommandLine
import TerminalUI

/// `instantsearch --elasticsearch URL --index NAME` and `instantsearch --postgres URL --table T`:
/// the TUI in front of an existing engine instead of files.
///
/// Elasticsearch is plain HTTP (URLSession), so it runs in this process. PostgreSQL goes
/// through postgres-nio, which pulls SwiftNIO: this executable must stay light to build
/// (`make run`), so `--postgres` runs the sibling binary `instantsearch-postgres`, git-style.
struct EngineOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Search an Elasticsearch / OpenSearch cluster (with --index) instead of files.", valueName: "url"))
    var elasticsearch: String?

    @Option(help: ArgumentHelp("An Elasticsearch index or alias; repeat for several.", valueName: "name"))
    var index: [String] = []

    @Option(help: ArgumentHelp("Search PostgreSQL tables (with --table) instead of files: postgres://USER@HOST/DB.", valueName: "url"))
    var postgres: String?

    @Option(help: ArgumentHelp("A PostgreSQL table; repeat for several.", valueName: "name"))
    var table: [String] = []

    var isActive: Bool { elasticsearch != nil || postgres != nil }

    func validate(files: [String]) throws {
        if elasticsearch != nil && postgres != nil { throw ValidationError("Choose --elasticsearch or --postgres, not both.") }
        if !files.isEmpty { throw ValidationError("Files and --\(elasticsearch != nil ? "elasticsearch" : "postgres") do not mix.") }
        if elasticsearch != nil && index.isEmpty { throw ValidationError("--elasticsearch needs --index NAME.") }
        if postgres != nil && table.isEmpty { throw ValidationError("--postgres needs --table NAME.") }
    }

    /// Runs the session against the remote engine; the exit status follows the file TUI's.
    func run(_ session: SessionOptions) throws {
        if let postgres {
            // The sibling declares the same session options: every one goes along.
            let arguments = ["search", "--postgres=\(postgres)"] + table.map { "--table=\($0)" } + session.forwarded
            try Sibling.exec("instantsearch-postgres", arguments, for: "--postgres")
        }
        guard let elasticsearch, let url = URL(string: elasticsearch), url.scheme?.hasPrefix("http") == true else {
            throw ValidationError("--elasticsearch takes an http:// or https:// URL.")
        }
        // The mapping decides what is searched and faceted; a settings file would be silently ignored.
        guard session.settings == nil else { throw ValidationError("--settings does not apply to --elasticsearch.") }
        let backend: ElasticsearchBackend
        do {
            let names = index
            backend = try blocking { try await ElasticsearchBackend.connect(baseURL: url, indexNames: names) }
        } catch {
            FileHandle.standardError.write(Data("instantsearch: \(error)\n".utf8))
            throw ExitCode(2)
        }
        let search = session.search(indices: index.compactMap { name in backend.indices[name]?.description }, backend: backend)
        try session.launch(search)
    }
}

/// `instantsearch import-postgres FILE --postgres URL --table T`: runs `instantsearch-postgres import`.
struct ImportPostgresCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-postgres",
        abstract: "Load a JSON / NDJSON / CSV file into a PostgreSQL table, with its search indexes.",
        discussion: """
            instantsearch import-postgres FILE --postgres postgres://USER@HOST/DB [--table NAME] \
            [--settings FILE] [--replace]. Runs instantsearch-postgres (built with \
            `swift build --product instantsearch-postgres`), which links the PostgreSQL client.
            """
    )

    @Argument(parsing: .captureForPassthrough, help: "FILE --postgres URL [--table NAME] [--settings FILE] [--replace]")
    var arguments: [String] = []

    func run() throws {
        try Sibling.exec("instantsearch-postgres", ["import"] + arguments, for: "import-postgres")
    }
}
