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

    /// Options whose value is free text: the word after one is its value (`-f +s` searches `+s`).
    static let textOptions: Set<String> = ["-q", "--query", "-f", "--filter", "--prompt", "--header", "--pointer", "--marker", "--border-label"]

    static func respelled(_ arguments: [String]) -> [String] {
        var result: [String] = []
        for (index, word) in arguments.enumerated() {
            if word == "--" { return result + arguments[index...] }
            let isValue = index > 0 && textOptions.contains(arguments[index - 1])
            result += isValue ? [word] : spellings[word] ?? [word]
        }
        return result
    }
}
