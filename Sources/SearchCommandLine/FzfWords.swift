/// fzf's command-line words as ArgumentParser reads them, the one rewrite every executable
/// applies to its arguments and to INSTANTSEARCH_DEFAULT_OPTS before parsing: `+x` / `+i` /
/// `+s` / `+e` (`LineArguments`), a bare `--border` (`LayoutArguments`) and `--multi[=MAX]`
/// (`PickArguments`). After `--`, nothing is rewritten.
public enum FzfWords {
    public static func normalized(_ arguments: [String]) -> [String] {
        PickArguments.translatingMultiLimit(LayoutArguments.translatingBareOptions(LineArguments.translatingPlusOptions(arguments)))
    }
}
