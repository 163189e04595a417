import ArgumentParser
import Foundation
import InstantSearchCore
import SearchEngine
import TerminalUI

@main
struct InstantSearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "instantsearch",
        abstract: "Search JSON, NDJSON and CSV files as you type, in the terminal.",
        usage: "instantsearch [FILE ...] [--settings <file>] [--hits-per-page <n>] [--debounce <ms>] [--no-color]",
        discussion: "Without a subcommand, opens the interactive search on FILEs: see 'instantsearch help search'.",
        version: "0.1.0",
        subcommands: [SearchCommand.self, QueryCommand.self, IndexCommand.self],
        defaultSubcommand: SearchCommand.self
    )
}

/// The TUI: `instantsearch FILE...` (the default subcommand).
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Open the interactive search on FILEs (the default: `instantsearch FILE...`).",
        discussion: """
            Each FILE becomes an index named after it; Tab switches between them. Settings \
            (searchable attributes, facets, numeric attributes, custom ranking) are read from \
            FILE's sibling NAME.settings.json when present, and inferred from the data otherwise.

            With data piped in (or FILE '-'), records are read from standard input as NDJSON or \
            a JSON array, and the interface opens on the terminal itself, so standard output \
            stays free: Enter on a hit prints that record there as one JSON line (exit 0); \
            Esc or Ctrl-C leaves without printing (exit 130). F1 inside lists every key.
            """
    )

    @Argument(help: "Data files: .json (array), .ndjson / .jsonl, .csv (with a header). '-' reads standard input.")
    var files: [String] = []

    @Option(help: ArgumentHelp("Settings file for the index read from standard input (or for a single FILE).", valueName: "file"))
    var settings: String?

    @Option(name: .customLong("stdin-name"), help: ArgumentHelp("Name of the index read from standard input.", valueName: "name"))
    var stdinName = "stdin"

    @Option(name: .customLong("hits-per-page"), help: "Hits fetched per page; the list loads the next page as you scroll.")
    var hitsPerPage = 20

    @Option(help: ArgumentHelp("Wait this long after the last key before searching (a paste costs one search).", valueName: "ms"))
    var debounce = 5

    @Flag(name: .customLong("no-color"), help: "No colours (same as setting NO_COLOR).")
    var noColor = false

    func validate() throws {
        guard hitsPerPage > 0 else { throw ValidationError("--hits-per-page must be at least 1.") }
        guard debounce >= 0 else { throw ValidationError("--debounce cannot be negative.") }
        let readsStdin = files.contains("-") || (files.isEmpty && isatty(STDIN_FILENO) == 0)
        guard readsStdin || !files.isEmpty else {
            throw ValidationError("Give one or more data files, or pipe records in. (Try: make run)")
        }
        if settings != nil && files.filter({ $0 != "-" }).count > 1 && !readsStdin {
            throw ValidationError("--settings applies to one index; with several files use NAME.settings.json beside each.")
        }
    }

    func run() throws {
        let indices: [SearchIndex]
        do {
            indices = try IndexLoader(files: files, settings: settings, stdinName: stdinName).load()
        } catch {
            FileHandle.standardError.write(Data("instantsearch: \(error)\n".utf8))
            throw ExitCode(2)
        }
        if noColor { setenv("NO_COLOR", "1", 1) }
        let backend = EmbeddedBackend(indices: indices)
        let exit = try TerminalSearch(
            indices: backend.descriptions, backend: backend, hitsPerPage: hitsPerPage,
            debounce: .milliseconds(debounce)
        ).run()
        switch exit {
        case .selected(let hit): print(hit.record.serialized())
        case .cancelled: throw ExitCode(130)
        case .signal(let number): throw ExitCode(128 + number)
        }
    }
}
