import ArgumentParser
import Foundation
import InstantSearchCore
import RemoteBackend
import SearchEngine
import TerminalUI

@main
struct InstantSearchCommand: ParsableCommand {
    /// Crash reports to a file, no interactive backtracer (see `CrashReport`); then the commands.
    static func main() {
        CrashReport.prepare(program: "instantsearch")
        main(nil)
    }

    static let configuration = CommandConfiguration(
        commandName: "instantsearch",
        abstract: "Search JSON, NDJSON and CSV files as you type, in the terminal.",
        usage: """
            instantsearch [FILE ...] [--config <file>] [--strategy <s>] [--simulate-latency <ms[:jitter]>] [...]
              instantsearch --remote <url> --app-id <id> --api-key <key> [INDEX ...]
              instantsearch --postgres <url> --table <name>
              instantsearch --elasticsearch <url> --index <name>
              instantsearch serve FILE_OR_INDEX ... [--host 127.0.0.1] [--port 7700] [--admin-key-file <path>] [--search-key <key[:index,...]>]
              instantsearch query FILE_OR_INDEX "text" [--filters <string>] [--facets a,b]
              instantsearch index FILE -o INDEX_FILE
            """,
        discussion: "Without a subcommand, opens the interactive search on FILEs: see 'instantsearch help search'.",
        version: "0.1.0",
        subcommands: [SearchCommand.self, QueryCommand.self, IndexCommand.self, ServeCommand.self, ImportPostgresCommand.self],
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

    @Option(help: ArgumentHelp("A JSON setup: several indices, their settings, the sections of the F5 view.", valueName: "file"))
    var config: String?

    @Option(name: .customLong("stdin-name"), help: ArgumentHelp("Name of the index read from standard input.", valueName: "name"))
    var stdinName = "stdin"

    @Option(name: .customLong("hits-per-page"), help: "Hits fetched per page; the list loads the next page as you scroll.")
    var hitsPerPage = 20

    @Option(help: "When as-you-type searches go out: realtime, debounce, throttle or adaptive (realtime, throttled or manual, following response times).")
    var strategy = StrategyName.debounce

    @Option(help: ArgumentHelp("With debounce: wait this long after the last key (a paste costs one search). Default: 5, or 100 with --remote.", valueName: "ms"))
    var debounce: Int?

    @Option(help: ArgumentHelp("With throttle: at most one search per interval.", valueName: "ms"))
    var throttle = 100

    @Option(name: .customLong("cache-ttl"), help: ArgumentHelp("Keep answers this long to serve repeated queries without a search.", valueName: "seconds"))
    var cacheTTL = 120

    @Flag(name: .customLong("no-cache"), help: "Send every search to the backend.")
    var noCache = false

    @Option(name: .customLong("simulate-latency"), help: ArgumentHelp("Delay every backend call (plus or minus a random jitter), to watch the strategies adapt.", valueName: "ms[:jitter-ms]"))
    var simulateLatency: String?

    @Flag(name: .customLong("no-color"), help: "No colours (same as setting NO_COLOR).")
    var noColor = false

    @OptionGroup var lenient: LenientOption

    @OptionGroup(title: "Remote search")
    var remote: RemoteOptions

    /// --elasticsearch / --postgres: an existing engine instead of files (EngineOptions.swift).
    @OptionGroup(title: "Existing engines")
    var engines: EngineOptions

    func validate() throws {
        if let problem = QueryLimits.check(hitsPerPage, in: 1...QueryLimits.hitsPerPage.upperBound, option: "--hits-per-page")
            ?? QueryLimits.check(debounce ?? 0, in: QueryLimits.milliseconds, option: "--debounce")
            ?? QueryLimits.check(throttle, in: 1...QueryLimits.milliseconds.upperBound, option: "--throttle")
            ?? QueryLimits.check(cacheTTL, in: 1...86_400, option: "--cache-ttl")
        {
            throw ValidationError(problem)
        }
        if let simulateLatency, SimulatedLatency.parse(simulateLatency) == nil {
            throw ValidationError("--simulate-latency takes MS or MS:JITTER_MS, each at most 60000, e.g. 1500 or 1500:300.")
        }
        if engines.isActive {
            guard remote.remote == nil, config == nil else {
                throw ValidationError("--elasticsearch / --postgres go without --remote and --config.")
            }
            return try engines.validate(files: files)
        }
        // With --remote, the arguments name the service's indices (none: all of them).
        if remote.remote != nil {
            guard config == nil else { throw ValidationError("--config and --remote do not go together.") }
            return
        }
        let readsStdin = files.contains("-") || (files.isEmpty && config == nil && isatty(STDIN_FILENO) == 0)
        if config != nil && !files.isEmpty {
            throw ValidationError("--config lists the indices itself; give no FILE with it.")
        }
        guard readsStdin || !files.isEmpty || config != nil else {
            throw ValidationError("Give one or more data files, or pipe records in. (Try: make run)")
        }
        if settings != nil && files.filter({ $0 != "-" }).count > 1 && !readsStdin {
            throw ValidationError("--settings applies to one index; with several files use NAME.settings.json beside each.")
        }
    }

    func run() throws {
        if engines.isActive {
            return try engines.run(settings: settings, hitsPerPage: hitsPerPage, debounce: debounce ?? 100, noColor: noColor)
        }
        var backend: any Searchable
        let descriptions: [IndexDescription]
        var setup: SetupFile?
        do {
            if remote.remote != nil {
                (backend, descriptions) = try remote.connect(indices: files)
            } else {
                let indices: [SearchIndex]
                if let config {
                    setup = try SetupFile.load(path: config)
                    indices = try setup!.loadIndices()
                } else {
                    indices = try IndexLoader(files: files, settings: settings, stdinName: stdinName, options: lenient.loadOptions).load()
                }
                let embedded = EmbeddedBackend(indices: indices)
                (backend, descriptions) = (embedded, embedded.descriptions)
            }
        } catch {
            FileHandle.standardError.write(Data("instantsearch: \(error)\n".utf8))
            throw ExitCode(2)
        }
        if let simulateLatency, let (latency, jitter) = SimulatedLatency.parse(simulateLatency) {
            backend = SimulatedLatency(wrapping: backend, latency: latency, jitter: jitter)
        }
        let status = try TerminalSearch(
            indices: descriptions, backend: backend, hitsPerPage: hitsPerPage,
            strategy: strategy.choice(debounce: debounce ?? (remote.remote == nil ? 5 : 100), throttle: throttle),
            cacheTimeToLive: noCache ? nil : .seconds(cacheTTL),
            federatedSections: setup?.sections ?? [], startsFederated: setup?.startsWithSections ?? false,
            terminal: TerminalOptions(colors: noColor ? false : nil)
        ).runPrintingSelection()
        if status != 0 { throw ExitCode(status) }
    }
}

enum StrategyName: String, ExpressibleByArgument, CaseIterable {
    case realtime, debounce, throttle, adaptive

    func choice(debounce: Int, throttle: Int) -> TerminalSearch.Strategy {
        switch self {
        case .realtime: return .realtime
        case .debounce: return .debounce(.milliseconds(debounce))
        case .throttle: return .throttle(.milliseconds(throttle))
        case .adaptive: return .adaptive
        }
    }
}
