import ArgumentParser
import InstantSearchCore
import SearchCommandLine
import SearchEngine

#if canImport(Glibc)
import Glibc
#endif

/// What scripts run most, `… | instantsearch --filter QUERY` with line options only, read by a
/// command that declares no more than such a command line can hold. The argument parser reads
/// a command's options by reflection (each looked up in the runtime's tables of conformances)
/// every time it looks at it, and the search's groups hold hundreds; these hold a few dozen.
/// Its `--filter` and `--print-query` are the search's (`PickArguments`), the rest the search's
/// own groups. A command line it does not read whole, or that asks for more than streaming
/// lines (`SearchCommand.streams`), goes the whole way, which also says what is wrong with it.
struct PlainFilterCommand: ParsableCommand {
    @Option(name: [.customShort("f"), .long], parsing: .unconditional)
    var filter: String

    @Flag(name: .customLong("print-query"))
    var printQuery = false

    @OptionGroup var lines: LineArguments

    @OptionGroup var data: DataOptions

    @OptionGroup var lenient: LenientOption

    /// Answers `arguments` (the defaults put in front already) and exits when they are a plain
    /// filter over lines piped in; returns otherwise, having printed nothing.
    static func answer(_ arguments: [String]) {
        guard isatty(STDIN_FILENO) == 0 else { return }
        if let query = bareQuery(arguments) { runBare(query) }
        if let command = reading(arguments) { CommandLineRunner.run(command, of: Self.self, name: "instantsearch") }
    }

    /// The query of `--filter QUERY` alone (`-f QUERY`, `--filter=QUERY`): fzf's matching
    /// throughout, which `LineMatchOptions()` is, so no command is read at all.
    static func bareQuery(_ arguments: [String]) -> String? {
        let prefix = "--filter="
        if arguments.count == 1, arguments[0].hasPrefix(prefix) { return String(arguments[0].dropFirst(prefix.count)) }
        if arguments.count == 2, arguments[0] == "--filter" || arguments[0] == "-f" { return arguments[1] }
        return nil
    }

    /// The command, when `arguments` are a filter with line options only; nil otherwise. A
    /// command line without `--filter`, or with a word that follows no option (a file, which
    /// a plain filter has none of), is not parsed at all: the whole search would parse it again.
    static func reading(_ arguments: [String]) -> Self? {
        guard arguments.contains(where: { $0 == "-f" || $0 == "--filter" || $0.hasPrefix("--filter=") }),
            arguments.first?.hasPrefix("-") == true,
            zip(arguments, arguments.dropFirst()).allSatisfy({ previous, word in word.hasPrefix("-") || previous.hasPrefix("-") }),
            let command = try? parse(arguments)
        else { return nil }
        guard command.data.format == nil || command.data.format == .lines, SearchCommand.streams(command.lines) else { return nil }
        return command
    }

    func run() throws {
        try SearchCommand.streamFilter(filter, lines: lines, load: data.loadOptions(lenient, lines: lines), printsQuery: printQuery)
    }

    /// Streams `query`'s matches as the search does with no other option: the statuses its
    /// `ExitCode`s say (what went wrong said already).
    private static func runBare(_ query: String) -> Never {
        do {
            try SearchCommand.streamFilter(
                query, options: LineMatchOptions(), load: LoadOptions(), output: LineFilter.Output(write: SearchCommand.writeOut))
        } catch let code as ExitCode {
            Glibc.exit(code.rawValue)
        } catch {
            CommandLineRunner.fail("instantsearch", "\(error)")
        }
        Glibc.exit(0)
    }
}
