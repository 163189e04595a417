import ArgumentParser
import ElasticsearchBackend
import InstantSearchCore
import PostgresBackend
import SearchCommandLine
import TerminalUI

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `instantsearch --elasticsearch URL --index NAME` and `instantsearch --postgres URL --table T`:
/// the TUI in front of an existing engine instead of files.
struct EngineOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Search an Elasticsearch / OpenSearch cluster (with --index) instead of files.", valueName: "url"))
    var elasticsearch: String?

    @Option(help: ArgumentHelp("An Elasticsearch index or alias; repeat for several.", valueName: "name"))
    var index: [String] = []

    @Option(
        help: ArgumentHelp(
            "Search PostgreSQL tables (with --table) instead of files: postgres://USER@HOST/DB[?sslmode=…].", valueName: "url"))
    var postgres: String?

    @Option(help: ArgumentHelp("A PostgreSQL table: records in a jsonb column, or named columns; repeat for several.", valueName: "name"))
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
        if let postgres { return try runPostgres(postgres, session) }
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
            StandardError.write("instantsearch: \(error)\n")
            throw ExitCode(2)
        }
        let search = session.search(indices: index.compactMap { name in backend.indices[name]?.description }, backend: backend)
        try session.launch(search)
    }

    /// Each table one index; `--settings` is laid over the tables' stored settings.
    private func runPostgres(_ text: String, _ session: SessionOptions) throws {
        let backend: PostgresBackend
        do {
            let url = try PostgresConnectionURL(parsing: text)
            let overrides = try session.settings.map(IndexSettings.load(path:))
            let tables = table
            backend = try blocking { try await PostgresBackend.connect(url: url, tables: tables, settings: overrides) }
        } catch {
            throw CommandFailure("instantsearch --postgres", error)
        }
        do {
            try session.launch(session.search(indices: backend.descriptions, backend: backend))
        } catch let error where !(error is ExitCode || error is ValidationError) {
            throw CommandFailure("instantsearch --postgres", error)
        }
    }
}
