import ArgumentParser

/// fzf's options for what a session starts with and prints, same names and meaning: shared by
/// `instantsearch` and `instantsearch-postgres` (which `--postgres` runs with them forwarded).
///
/// fzf's short `-1` / `-0` are left out: they would take the place of negative numbers given to
/// numeric options (`--hits-per-page -1` would read as a missing value, not a bad one).
public struct PickArguments: ParsableArguments, Sendable {
    @Option(name: [.customShort("q"), .long], help: ArgumentHelp("Start with this query in the search box.", valueName: "text"))
    public var query = ""

    @Flag(name: .customLong("select-1"), help: "When the query (--query) has exactly one hit, print it and exit 0 without opening the interface.")
    public var selectOne = false

    @Flag(name: .customLong("exit-0"), help: "When the query (--query) has no hit, exit 1 at once without opening the interface.")
    public var exitZero = false

    @Flag(name: .customLong("print-query"), help: "Print the query as the first line of the output, before the picked hit (also with --select-1 and --exit-0).")
    public var printQuery = false

    public init() {}

    /// The same options, as a command line for a sibling executable.
    public var forwarded: [String] {
        var arguments: [String] = []
        // One word, so a query starting with "-" is not read as an option.
        if !query.isEmpty { arguments.append("--query=\(query)") }
        if selectOne { arguments.append("--select-1") }
        if exitZero { arguments.append("--exit-0") }
        if printQuery { arguments.append("--print-query") }
        return arguments
    }
}
