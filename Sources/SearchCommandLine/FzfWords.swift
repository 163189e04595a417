/// fzf's command-line words as ArgumentParser reads them, the one rewrite every executable
/// applies to its arguments and to INSTANTSEARCH_DEFAULT_OPTS before parsing: fzf's other
/// spellings of options this interface has (`spellings`), a bare `--border` (`LayoutArguments`)
/// and `--multi[=MAX]` (`PickArguments`). After `--`, nothing is rewritten.
public enum FzfWords {
    /// fzf's `+` options (`+e` cancels `-e`, which only a later `-e` sets again: dropped) and
    /// the older names fzf still reads, as the options that mean the same here.
    static let spellings: [String: [String]] = [
        "+x": ["--no-extended"], "+i": ["--no-ignore-case"], "+s": ["--no-sort"], "+m": ["--no-multi"], "+e": [],
        "--inline-info": ["--info=inline"], "--no-info": ["--info=hidden"], "--phony": ["--disabled"],
    ]

    public static func normalized(_ arguments: [String]) -> [String] {
        PickArguments.translatingMultiLimit(LayoutArguments.translatingBareOptions(respelled(arguments)))
    }

    static func respelled(_ arguments: [String]) -> [String] {
        guard let dashes = arguments.firstIndex(of: "--") else { return arguments.flatMap { spellings[$0] ?? [$0] } }
        return arguments[..<dashes].flatMap { spellings[$0] ?? [$0] } + arguments[dashes...]
    }
}
