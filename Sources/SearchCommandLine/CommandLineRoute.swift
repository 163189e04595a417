/// Which command a command line is for, read from its first word the one way both the default
/// options and the parser need it: the interactive search's own options (the everyday case,
/// `instantsearch --filter x`), the search named (`instantsearch search …`), or the root —
/// another subcommand, or one of the root's flags.
public enum CommandLineRoute: Equatable, Sendable {
    case searchOptions
    case searchNamed
    case root

    public static func of(_ arguments: [String], searchCommand: String, otherSubcommands: Set<String>) -> Self {
        guard let first = arguments.first else { return .searchOptions }
        if first == searchCommand { return .searchNamed }
        return otherSubcommands.contains(first) || isRootFlag(first) ? .root : .searchOptions
    }

    /// The root's flags: help, version, completion scripts, the help dump the man page is made from.
    public static func isRootFlag(_ argument: String) -> Bool {
        ["-h", "--help", "--version", "--generate-completion-script", "--experimental-dump-help"].contains {
            argument == $0 || argument.hasPrefix($0 + "=")
        }
    }
}
