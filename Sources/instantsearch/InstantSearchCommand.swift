import ArgumentParser
import IndexLoading
import InstantSearchCore
import RemoteBackend
import SearchCommandLine
import SearchEngine
import TerminalUI

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

@main
struct InstantSearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "instantsearch",
        abstract: "Search JSON, NDJSON, CSV and TSV files, or plain lines, as you type, in the terminal.",
        usage: """
            instantsearch [FILE ...] [--config <file>] [--strategy <s>] [--simulate-latency <ms[:jitter]>] [...]
              instantsearch [FILE ...] [--query <text>] [--select-1] [--exit-0] [--print-query]
              instantsearch --remote <url> --app-id <id> --api-key <key> [INDEX ...]
              instantsearch --postgres <url> --table <name>
              instantsearch import-postgres FILE --postgres <url> [--table <name>]
              instantsearch --elasticsearch <url> --index <name>
              instantsearch serve FILE_OR_INDEX ... [--host 127.0.0.1] [--port 7700] [--admin-key-file <path>] [--search-key <key[:index,...]>]
              instantsearch query FILE_OR_INDEX "text" [--filters <string>]
              instantsearch query --postgres <url> --table <name> "text" [--facets a,b]
              instantsearch index FILE -o INDEX_FILE
              instantsearch cache [list|size|clear]
            """,
        // The options a first run needs, as fzf's --help shows its everyday ones; `help search`
        // keeps every option with its whole text.
        discussion: """
            Without a subcommand, opens the interactive search on FILEs (or standard input).

            EVERYDAY OPTIONS (all of them: 'instantsearch help search'):
              -q, --query TEXT        Start with this query
              -f, --filter QUERY      No interface: print the matches and exit
              -m, --multi[=N]         Ctrl-Space marks hits; Enter prints every marked one
              -1, --select-1          Pick the only match without asking
              -0, --exit-0            Exit at once when nothing matches
              -e, --exact             Lines: exact substrings, not subsequences
              -i, --ignore-case       Lines: case-insensitive
              -d, --delimiter TEXT    Lines: what separates fields (for --nth)
              -n, --nth FIELDS        Lines: match only in these fields
              --with-nth FIELDS       Lines: show and search only these fields
              --height [~]ROWS[%]     Draw in this many rows below the cursor
              --layout reverse        The search box at the top
              --preview COMMAND       Show COMMAND's output for the selected hit ({} is it)
              --bind KEY:ACTION       Bind a key to a named action, as fzf's --bind
              --expect KEYS           Keys that end the session like Enter, printed first
              --print-query           Print the query as the first line
              --facets A,B            Records: attributes to refine by
              --config FILE           Indices, attributes and settings from a setup file
              --bash, --zsh, --fish   Print the shell keys' script (Ctrl-T, Ctrl-R, Alt-C)
            """,
        version: InstantSearchVersion.current,
        subcommands: [
            SearchCommand.self, QueryCommand.self, IndexCommand.self, CacheCommand.self, ServeCommand.self, ImportPostgresCommand.self,
        ],
        defaultSubcommand: SearchCommand.self
    )

    /// Crash reports to a file, no interactive backtracer (see `CrashReport`); then the commands:
    /// INSTANTSEARCH_DEFAULT_OPTS goes in front of the interactive search's options; a
    /// command line that does not parse is one line naming the option, and status 2.
    static func main() {
        CrashReport.prepare(program: "instantsearch")
        let words = Array(CommandLine.arguments.dropFirst())
        var sources: [DefaultOptions.Source]
        do {
            sources = try DefaultOptions.sources(in: ProcessInfo.processInfo.environment)
        } catch {
            CommandLineRunner.fail("instantsearch", "\(error)")
        }
        // What a script asks most, answered before any whole command is read: the version
        // alone (with no default options, which would be checked first), and a filter over
        // piped lines (`PlainFilterCommand`, below).
        if words == ["--version"], sources.isEmpty { answerVersion() }
        let given = FzfWords.normalized(words)
        sources = sources.map { DefaultOptions.Source(name: $0.name, words: FzfWords.normalized($0.words)) }
        sources = sources.map(SearchCommand.leavingOutMissingFzfOptions)
        let defaults = sources.flatMap(\.words)
        let search = SearchCommand.configuration.commandName!
        let others = Set(configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]).subtracting([search])
        let inserted = DefaultOptions.insert(defaults, into: given, searchCommand: search, otherSubcommands: others)
        if inserted != given { sources.forEach(SearchCommand.checkDefaults) }
        // fzf's --no-X undo what came before them, the defaults included.
        let arguments = FzfNegations.resolved(inserted)
        SearchCommand.commandLine = arguments
        // The search parsed as a command of its own when the root has nothing to do: the argument
        // parser reflects over every option of a command each time it looks at it, and through
        // the root it looks at the search's options twice more before parsing them. Help and
        // version anywhere go through the root, whose texts they are.
        let route = CommandLineRoute.of(arguments, searchCommand: search, otherSubcommands: others)
        if route == .root, arguments == ["--version"] { answerVersion() }
        let asksTheRoot = arguments.contains(where: CommandLineRoute.isRootFlag)
        if route == .searchOptions, !asksTheRoot { PlainFilterCommand.answer(arguments) }
        if route != .root, !asksTheRoot {
            let options = route == .searchNamed ? Array(arguments.dropFirst()) : arguments
            CommandLineRunner.main(SearchCommand.self, arguments: options, name: "instantsearch", path: "instantsearch search")
        }
        CommandLineRunner.main(Self.self, arguments: arguments, name: "instantsearch")
    }

    /// `--version`'s answer, as the argument parser prints it.
    private static func answerVersion() -> Never {
        print(configuration.version)
        Glibc.exit(0)
    }
}

/// The TUI: `instantsearch FILE...` (the default subcommand).
struct SearchCommand: ParsableCommand {
    /// The whole command line (INSTANTSEARCH_DEFAULT_OPTS's words in it), for --tmux to run again in a popup.
    nonisolated(unsafe) static var commandLine: [String] = []

    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Open the interactive search on FILEs (the default: `instantsearch FILE...`).",
        discussion: """
            Each FILE becomes an index named after it; Tab switches between them. Settings \
            (searchable attributes, facets, numeric attributes, custom ranking) are read from \
            FILE's sibling NAME.settings.json when present, and inferred from the data otherwise.

            The interface opens at once and the index fills in the background; the stats line \
            shows how far it is. A data file's built index is kept in the index cache \
            ($XDG_CACHE_HOME/instantsearch, else ~/.cache/instantsearch), so the next open of \
            the unchanged file reads it instead of building it again (--no-index-cache: not).

            Data piped in (or FILE '-') is plain lines, one record a line, exactly as fzf reads \
            it, unless --format names a record format (json, ndjson, csv, tsv); when it looks \
            like records, the stats line says which --format reads it so. The interface opens on the terminal itself, so standard \
            output stays free: Enter on a hit prints that record there as one JSON line — or the \
            line itself, for lines — (exit 0); Esc or Ctrl-C leaves without printing (exit 130). \
            F1 inside lists every key.

            As in fzf: --query starts with a query; --select-1 prints the only hit of that query \
            and --exit-0 exits 1 when it has none, both without opening the interface; \
            --print-query prints the query first. --bind KEY:ACTION[,…] rebinds keys (F1 \
            inside lists the bindings in force); --no-mouse leaves the mouse to the terminal. \
            INSTANTSEARCH_DEFAULT_OPTS holds default \
            options, written with shell quoting and read before the command line. An option \
            that does not parse is one line naming it, and exit status 2.
            """
    )

    @Argument(
        help: "Data files: .json, .ndjson / .jsonl, .csv / .tsv (with a header), else sniffed; index files. '-' reads standard input.",
        completion: .file())
    var files: [String] = []

    @OptionGroup(title: "Data")
    var data: DataOptions

    @Option(help: ArgumentHelp("A JSON setup: several indices, their settings, the sections of the F5 view.", valueName: "file"))
    var config: String?

    @Flag(help: "Read a data FILE again when it changes (a log, an export a script rewrites); the query, refinements, ranges and the selected record stay.")
    var watch = false

    @Option(name: .customLong("stdin-name"), help: ArgumentHelp("Name of the index read from standard input.", valueName: "name"))
    var stdinName = "stdin"

    @OptionGroup var lenient: LenientOption

    /// --display / --searchable / --facets / --numeric / --sort / --hits-layout (SettingsArguments).
    @OptionGroup(title: "Settings (every index, or NAME: for one)")
    var settingsOptions: SettingsArguments

    /// What every interface takes: --settings, --hits-per-page, the strategy, fzf's options
    /// (SessionOptions).
    @OptionGroup var session: SessionOptions

    @OptionGroup(title: "Query suggestions")
    var suggestionOptions: SuggestionOptions

    @OptionGroup(title: "Geo search")
    var geo: GeoOptions

    @OptionGroup(title: "Remote search")
    var remote: RemoteOptions

    /// --elasticsearch / --postgres: an existing engine instead of files (EngineOptions.swift).
    @OptionGroup(title: "Existing engines")
    var engines: EngineOptions

    /// --bash / --zsh / --fish, --source files|dirs|history (ShellSourceOptions.swift).
    @OptionGroup(title: "Shell integration")
    var shellSource: ShellSourceOptions

    @Flag(help: "Show the manual (man instantsearch), as this binary carries it.")
    var man = false

    /// While INSTANTSEARCH_DEFAULT_OPTS is checked on its own: each value is checked, but not
    /// whether the options make a whole command (files given, options that go together).
    nonisolated(unsafe) private static var checksValuesOnly = false

    /// Parses each source of default options alone, so a mistake in one is blamed on that
    /// variable (or file) rather than on the command line they are put in front of.
    /// fzf's own defaults (FZF_DEFAULT_OPTS and its file) without the fzf options this version
    /// does not have, each left out with its value and named on standard error: the rest of a
    /// user's fzf setup applies. What fzf itself refuses stays, and fails as fzf fails.
    static func leavingOutMissingFzfOptions(_ source: DefaultOptions.Source) -> DefaultOptions.Source {
        guard source.name != DefaultOptions.variable else { return source }
        checksValuesOnly = true
        defer { checksValuesOnly = false }
        var words = source.words
        var leftOut: [String] = []
        // Each round takes out at least one word: bounded by their number.
        for _ in 0..<words.count {
            do {
                _ = try parse(FzfNegations.resolved(words))
                break
            } catch {
                let text = message(for: error)
                let prefix = "Unknown option '"
                guard let start = text.firstRange(of: prefix)?.upperBound, let end = text[start...].firstIndex(of: "'"),
                    case let name = String(text[start..<end]),
                    let index = words.firstIndex(where: { $0 == name || $0.hasPrefix(name + "=") }),
                    let removal = FzfOptionTable.removing(at: index, from: words)
                else { break }
                words = removal.words
                leftOut.append(removal.removed.joined(separator: " "))
            }
        }
        if !leftOut.isEmpty {
            StandardError.write(
                "instantsearch: \(source.name): left out fzf options this version does not have: \(leftOut.joined(separator: ", "))\n")
        }
        return DefaultOptions.Source(name: source.name, words: words)
    }

    static func checkDefaults(_ source: DefaultOptions.Source) {
        checksValuesOnly = true
        defer { checksValuesOnly = false }
        do {
            _ = try parse(FzfNegations.resolved(source.words))
        } catch  where exitCode(for: error) != .success {
            CommandLineRunner.fail("instantsearch", "\(source.name): \(message(for: error))")
        } catch {}
    }

    func validate() throws {
        if Self.checksValuesOnly || shellSource.script != nil || man { return }
        if shellSource.source != nil {
            guard files.isEmpty, config == nil, remote.remote == nil, !engines.isActive, !watch else {
                throw ValidationError("--source searches its own records: give no FILE, --config, --remote, --elasticsearch, --postgres or --watch with it.")
            }
            return
        }
        if engines.isActive || remote.remote != nil, !(try settingsOptions.overrides().isEmpty) {
            throw ValidationError(
                "--display, --searchable, --facets, --numeric, --sort, --hits-layout and --query-type apply to files and standard input, not to --remote, --elasticsearch or --postgres."
            )
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
        if watch && (engines.isActive || remote.remote != nil) { throw ValidationError("--watch watches data FILEs, not a service.") }
        if config != nil && !files.isEmpty {
            throw ValidationError("--config lists the indices itself; give no FILE with it.")
        }
        // Nothing named and nothing piped: FZF_DEFAULT_COMMAND or the built-in walker gives
        // the lines, as in fzf (`IndexLoader.defaultSource`).
        if session.settings != nil && files.filter({ $0 != "-" }).count > 1 && !readsStdin {
            throw ValidationError("--settings applies to one index; with several files use NAME.settings.json beside each.")
        }
    }

    func run() throws {
        if man { return ManualPage.show() }
        CommandShell.current = try session.interface.commandShell()
        if let shell = shellSource.script { return shellSource.printScript(shell) }
        var session = session
        // fzf's --tmux: this command line again, in a popup; what it prints and its status are ours.
        if try session.runsInTmuxPopup(commandLine: Self.commandLine) { return }
        // A script's --filter over piped lines streams, no index built (`streamsFilter`).
        if streamsFilter() { return try runStreamingFilter() }
        let lines = session.lines
        var settingsOptions = settingsOptions
        var data = data
        var stdinName = stdinName
        var shellSource = shellSource
        // A script's answer never depends on earlier picks: --filter neither reads nor keeps frecency.
        if session.pick.filter != nil { shellSource.noFrecency = true }
        if let source = shellSource.source {
            stdinName = try shellSource.start(source, settings: &settingsOptions, data: &data)
        }
        if engines.isActive {
            return try engines.run(session)
        }
        let backend: any Searchable
        let descriptions: [IndexDescription]
        var setup: SetupFile?
        var loaders: [any BackgroundLoading] = []
        var loadFailures: LoadFailures?
        var lineIndices = Set<String>()
        var reloader: (any RecordReloading)?
        var lineIndex: (String, String) -> [UInt8]? = { _, _ in nil }
        var headerLines: [String: [ANSIText]] = [:]
        var suggestionIndices: [String: String] = [:]
        var suggestionsNote: String?
        var lists: [String: String] = [:]
        let overrides = try settingsOptions.overrides()
        do {
            if remote.remote != nil {
                (backend, descriptions) = try remote.connect(indices: files)
            } else {
                setup = try config.map(SetupFile.load)
                let loadOptions = try data.loadOptions(lenient, lines: lines)
                var loader = IndexLoader(
                    files: files, settings: session.settings, stdinName: stdinName, format: data.format(for: lines),
                    cache: data.cache(for: loadOptions), setup: setup, options: loadOptions, overrides: overrides, watch: watch)
                loader.walker = try shellSource.builtInWalker()
                loader.startsEmpty = session.interface.startsWithReload && session.pick.filter == nil
                let loaded = try loader.load()
                (loaders, lineIndices, loadFailures) = (loaded.loaders, loaded.lineIndices, loaded.failures)
                headerLines = loaded.headers.mapValues { lines.headerText($0) }
                var matching = try lines.options()
                // fzf's default for the walker's and FZF_DEFAULT_COMMAND's lines: paths.
                if lines.scheme == nil, loader.defaultSource != nil, !session.interface.reloadsOnStart { matching.scheme = .path }
                for name in lineIndices { loaded.backend.matchLines(in: name, options: matching) }
                let engine = loaded.backend
                lists = loaded.lists
                // Dynamic Re-Ranking learns from the local insights files, for the files open
                // (enableReRanking: false turns it off); a script's answer (--filter) does not
                // depend on earlier picks unless --re-ranking asks.
                if session.pick.reRanks {
                    let learnt = InsightsLog.reRanking(lists: lists)
                    engine.learn(learnt.table)
                    if let note = learnt.note { StandardError.write("instantsearch: \(note)\n") }
                }
                lineIndex = { name, objectID in engine.index(named: name)?.originalLineBytes(objectID: objectID) }
                (backend, descriptions) = (loaded.backend, loaded.backend.descriptions.map(overrides.description))
                // A reload's output is read as the input was: NUL-separated with --read0, its first
                // lines a header (not records) with --header-lines, shown in place of the input's.
                var reloadOptions = LoadOptions(lenient: true)
                (reloadOptions.lineSeparator, reloadOptions.headerLines) = (loadOptions.lineSeparator, loadOptions.headerLines)
                var reloading = CommandOutputReloader(backend: loaded.backend, lineIndices: lineIndices, options: reloadOptions)
                reloading.headerText = { [lines] in lines.headerText($0) }
                reloader = reloading
                // Plain lines are fzf's: no dropdown of past queries over them unless a
                // --suggestions file asks for one.
                let suggested = descriptions.map(\.name).filter { !lineIndices.contains($0) || suggestionOptions.suggestions != nil }
                (suggestionIndices, suggestionsNote) = try suggestionOptions.install(
                    in: loaded.backend, indexNames: suggested, historyFile: session.pick.history,
                    readsInsights: session.pick.insights, saysRefused: !session.pick.reRanks || lists.isEmpty,
                    environment: ProcessInfo.processInfo.environment)
            }
        } catch {
            StandardError.write("instantsearch: \(error)\n")
            throw ExitCode(2)
        }
        var search = session.search(
            indices: try geo.applied(to: descriptions), backend: backend,
            sections: setup?.sections ?? [], startsWithSections: setup?.startsWithSections ?? false)
        search.loaders = loaders
        search.reloader = reloader
        search.hitDeleter = shellSource.historyDeletion
        search.suggestionIndices = suggestionIndices
        defer { if let suggestionsNote { StandardError.write("instantsearch: \(suggestionsNote)\n") } }
        let picked = PickedRecords()
        defer { shellSource.remember(picked.records) }
        let lineIndexNames = lineIndices.sorted()
        try session.launch(
            search,
            recordBytes: { hit in
                if let text = shellSource.printedText(of: hit.record) {
                    picked.records.append(hit.record)
                    return Array(text.utf8)
                }
                // A line picked from plain text comes back as that line, as fzf gives it: its bytes
                // as they came in (a line with invalid UTF-8 is shown with U+FFFD, not printed so).
                if !lineIndices.isEmpty, case .object(let fields) = hit.record, fields.count == 1,
                    case .string(let line)? = fields["line"]
                {
                    // Line numbers name lines: with one line index the id says which; with several, the text too.
                    let index = (Int(hit.objectID) ?? 1) - 1
                    for name in lineIndexNames {
                        if let bytes = lineIndex(name, hit.objectID),
                            lineIndices.count == 1 || String(decoding: bytes, as: UTF8.self) == line
                        {
                            return lines.printed(bytes, index: index)
                        }
                    }
                    return lines.printed(Array(line.utf8), index: index)
                }
                return Array(PickSession.jsonLine(hit).utf8)
            },
            placeholders: lineIndices.isEmpty
                ? nil : Placeholders(lines: true, delimiter: try lines.options().delimiter, fileSeparator: lines.print0 ? "\0" : "\n"),
            headerLines: headerLines, lists: lists,
            whenEnding: { loadFailures?.printAll() })  // once the screen is gone, whatever the exit status
    }
}

/// The records a session printed, for --source's frecency (filled by the printing closure).
private final class PickedRecords {
    var records: [JSONValue] = []
}
