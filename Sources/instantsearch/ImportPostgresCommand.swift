import ArgumentParser
import InstantSearchCore
import PostgresBackend
import SearchCommandLine
import SearchEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `instantsearch import-postgres FILE --postgres URL [--table NAME]`: a data file into a
/// PostgreSQL table laid out for searching (PostgresImporter).
struct ImportPostgresCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-postgres",
        abstract: "Load a JSON / NDJSON / CSV file into a PostgreSQL table, with its search indexes.",
        discussion: """
            The table holds each record as jsonb, its text as read, and a weighted text vector of \
            its searchable attributes (GIN-indexed); beside it TABLE_words, the vocabulary for \
            typo tolerance (with pg_trgm and fuzzystrmatch). The settings are kept in the \
            table's comment, so `instantsearch --postgres URL --table NAME` finds the same \
            facets. A bad URL, a refused connection or a TLS failure is one line naming the \
            URL's host, and exit status 2.
            """
    )

    @Argument(help: "A data file: .json (array), .ndjson / .jsonl, .csv (with a header).", completion: .file())
    var file: String

    @Option(help: ArgumentHelp("The database: postgres://USER[:PASSWORD]@HOST[:PORT]/DB[?sslmode=…].", valueName: "url"))
    var postgres: String

    @Option(help: ArgumentHelp("The table to create (default: the file's name).", valueName: "name"))
    var table: String?

    @Option(help: ArgumentHelp("Settings file (default: FILE's NAME.settings.json, else inferred).", valueName: "file"))
    var settings: String?

    @Flag(help: "Drop and rebuild the table if it exists.")
    var replace = false

    func run() throws {
        do {
            let started = ContinuousClock.now
            let url = try PostgresConnectionURL(parsing: postgres)
            let records = try DataLoader.load(path: file)
            let base = PathText.deletingExtension(file)
            let beside = base + ".settings.json"
            let settingsPath = settings ?? (FileManager.default.fileExists(atPath: beside) ? beside : nil)
            let indexSettings = try settingsPath.map(IndexSettings.load(path:)) ?? IndexSettings()
            let name = table ?? PathText.lastComponent(base)
            let replace = replace
            let count = try blocking {
                let session = SQLSession(url: url)
                defer { session.close() }
                try await session.check()
                return try await PostgresImporter(session: session, table: name, replace: replace)
                    .importRecords(records, settings: indexSettings)
            }
            let elapsed = ContinuousClock.now - started
            StandardError.write("imported \(count) records of \(file) into \(name) at \(url) in \(elapsed.secondsText)\n")
        } catch {
            throw CommandFailure("instantsearch import-postgres", error)
        }
    }
}
