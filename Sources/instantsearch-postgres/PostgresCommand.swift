import ArgumentParser
import Foundation
import InstantSearchCore
import PostgresBackend
import SearchCommandLine
import SearchEngine
import TerminalUI

/// `instantsearch-postgres`: the PostgreSQL backend's executable. It links postgres-nio (and
/// so SwiftNIO), which the TUI's own executable must not: `instantsearch --postgres …` and
/// `instantsearch import-postgres …` run this binary, the way git runs `git-foo`.
@main
struct PostgresCommand: ParsableCommand {
    /// Crash reports to a file, no interactive backtracer (see `CrashReport`); then the commands,
    /// run as `instantsearch` runs its own: fzf's words as ArgumentParser reads them, and a
    /// command line that does not parse is one line naming the option, and status 2.
    static func main() {
        CrashReport.prepare(program: "instantsearch-postgres")
        let arguments = FzfWords.normalized(Array(CommandLine.arguments.dropFirst()))
        PostgresSearchCommand.commandLine = arguments
        CommandLineRunner.main(Self.self, arguments: arguments, name: "instantsearch-postgres")
    }

    static let configuration = CommandConfiguration(
        commandName: "instantsearch-postgres",
        abstract: "instantsearch over PostgreSQL tables (run by `instantsearch --postgres` and `instantsearch import-postgres`).",
        version: "0.1.0",
        subcommands: [PostgresSearchCommand.self, PostgresImportCommand.self, PostgresQueryCommand.self],
        defaultSubcommand: PostgresSearchCommand.self
    )
}

/// Options every subcommand shares: where the server is and which table.
struct ConnectionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The database: postgres://USER[:PASSWORD]@HOST[:PORT]/DB.", valueName: "url"))
    var postgres: String

    func url() throws -> PostgresConnectionURL {
        do { return try PostgresConnectionURL(parsing: postgres) } catch { throw ValidationError("\(error)") }
    }
}

struct PostgresSearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Open the interactive search on one or more tables (one index per table).")

    @OptionGroup var connection: ConnectionOptions

    @Option(help: ArgumentHelp("A table: records in a jsonb column, or named columns. Repeat for several indices.", valueName: "name"))
    var table: [String] = []

    /// What every interface takes (SessionOptions): `instantsearch --postgres` forwards its own.
    @OptionGroup var session: SessionOptions

    /// The whole command line, for --tmux to run again in a popup.
    nonisolated(unsafe) static var commandLine: [String] = []

    func validate() throws {
        guard !table.isEmpty else { throw ValidationError("Give the table to search with --table NAME.") }
    }

    func run() throws {
        var session = session
        if try session.runsInTmuxPopup(commandLine: Self.commandLine) { return }
        let backend: PostgresBackend
        do {
            let url = try connection.url()
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

struct PostgresImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Load a JSON / NDJSON / CSV file into a table with a text vector, GIN indexes and a typo vocabulary.")

    @Argument(help: "A data file: .json (array), .ndjson / .jsonl, .csv (with a header).")
    var file: String

    @OptionGroup var connection: ConnectionOptions

    @Option(help: ArgumentHelp("The table to create (default: the file's name).", valueName: "name"))
    var table: String?

    @Option(help: ArgumentHelp("Settings file (default: FILE's NAME.settings.json, else inferred).", valueName: "file"))
    var settings: String?

    @Flag(help: "Drop and rebuild the table if it exists.")
    var replace = false

    func run() throws {
        do {
            let started = ContinuousClock.now
            let records = try DataLoader.load(path: file)
            let base = (file as NSString).deletingPathExtension
            let beside = base + ".settings.json"
            let settingsPath = settings ?? (FileManager.default.fileExists(atPath: beside) ? beside : nil)
            let indexSettings = try settingsPath.map(IndexSettings.load(path:)) ?? IndexSettings()
            let name = table ?? (base as NSString).lastPathComponent
            let url = try connection.url()
            let replace = replace
            let count = try blocking {
                let session = SQLSession(url: url)
                defer { session.close() }
                try await session.check()
                return try await PostgresImporter(session: session, table: name, replace: replace)
                    .importRecords(records, settings: indexSettings)
            }
            let elapsed = ContinuousClock.now - started
            FileHandle.standardError.write(
                Data("imported \(count) records of \(file) into \(name) at \(url) in \(elapsed.formatted(.units(allowed: [.seconds, .milliseconds])))\n".utf8))
        } catch {
            throw CommandFailure("instantsearch import-postgres", error)
        }
    }
}

/// One search, printed like `instantsearch query`: for scripts, and for checking a table.
struct PostgresQueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query", abstract: "Search a table once and print the results as Algolia's JSON response.")

    @OptionGroup var connection: ConnectionOptions

    @Option(help: ArgumentHelp("The table.", valueName: "name"))
    var table: String

    @Argument(help: "The query text (the last word is matched as a prefix).")
    var text: String = ""

    @Option(help: ArgumentHelp("Facets to count, comma-separated ('*' for all).", valueName: "a,b"))
    var facets: String = "*"

    func run() throws {
        do {
            let url = try connection.url()
            let (table, text, facets) = (table, text, facets)
            let results = try blocking {
                let backend = try await PostgresBackend.connect(url: url, tables: [table])
                defer { backend.session.close() }
                var query = Query(text: text)
                query.facets = facets.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                return try await backend.search(IndexedQuery(indexName: backend.tables[0].indexName, query: query))
            }
            print(AlgoliaResponse.json(results, params: "query=\(text)").serialized())
            if results.nbHits == 0 { throw ExitCode(1) }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            throw CommandFailure("instantsearch query", error)
        }
    }
}
