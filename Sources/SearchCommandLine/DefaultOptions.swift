/// `INSTANTSEARCH_DEFAULT_OPTS`: options for the interactive search, written as they would be
/// typed, read before the command line's own (as fzf reads FZF_DEFAULT_OPTS), so an option
/// given on the command line wins over the same option in the variable.
public enum DefaultOptions {
    public static let variable = "INSTANTSEARCH_DEFAULT_OPTS"

    public struct Error: Swift.Error, CustomStringConvertible {
        public let message: String
        public var description: String { "\(DefaultOptions.variable): \(message)" }
    }

    /// The variable's words; none when it is unset or blank.
    public static func words(in environment: [String: String]) throws(Error) -> [String] {
        guard let value = environment[variable] else { return [] }
        do {
            return try ShellWords.split(value)
        } catch {
            throw Error(message: "\(error) in \(quoted(value))")
        }
    }

    /// The command line with `defaults` in front of the interactive search's options. Other
    /// subcommands (`query`, `index`, `serve`, …) and the root's own flags (`--help`,
    /// `--version`, completion scripts, the help dump the man page is made from) are left
    /// alone: the variable is for the interface, and an install must not depend on it.
    public static func insert(
        _ defaults: [String], into arguments: [String], searchCommand: String, otherSubcommands: Set<String>
    ) -> [String] {
        guard !defaults.isEmpty, let first = arguments.first else { return defaults + arguments }
        if first == searchCommand { return [first] + defaults + arguments.dropFirst() }
        if otherSubcommands.contains(first) || isRootFlag(first) { return arguments }
        return defaults + arguments
    }

    private static func isRootFlag(_ argument: String) -> Bool {
        ["-h", "--help", "--version", "--generate-completion-script", "--experimental-dump-help"].contains {
            argument == $0 || argument.hasPrefix($0 + "=")
        }
    }

    /// The value as it would be written in a shell, shortened if long, for messages.
    static func quoted(_ value: String) -> String {
        let shown = value.count > 80 ? String(value.prefix(77)) + "..." : value
        return "\"\(shown)\""
    }
}
