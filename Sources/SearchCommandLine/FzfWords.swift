/// fzf's command-line words as ArgumentParser reads them, the one rewrite every executable
/// applies to its arguments and to INSTANTSEARCH_DEFAULT_OPTS before parsing: fzf's other
/// spellings of options this interface has (`spellings`), a bare `--border` (`LayoutArguments`),
/// a bare `--listen` (`InterfaceArguments`) and `--multi[=MAX]` (`PickArguments`), and a short
/// option's value written onto it (`-d:`).
/// After `--`, nothing is rewritten.
public enum FzfWords {
    /// fzf's `+` options and the older names fzf still reads, as the options that mean the same
    /// here (the negations among them are then read in order: `FzfNegations`).
    static let spellings: [String: [String]] = [
        "+x": ["--no-extended"], "+i": ["--no-ignore-case"], "+s": ["--no-sort"], "+m": ["--no-multi"], "+e": ["--no-exact"],
        "+0": ["--no-exit-0"], "+1": ["--no-select-1"], "+c": ["--no-color"], "--async": ["--no-sync"], "--no-phony": ["--enabled"],
        "--inline-info": ["--info=inline"], "--no-info": ["--info=hidden"], "--phony": ["--disabled"],
        // fzf's optional values come only after `=`: a bare --scrollbar is its default bar. An
        // empty value (none) goes as its own word: `--scrollbar=` would read as a missing one.
        "--scrollbar": ["--scrollbar=│"], "--no-scrollbar": ["--scrollbar", ""], "--no-separator": ["--separator", ""],
        // fzf's section borders turned off: none, over what --style set.
        "--no-list-border": ["--list-border=none"], "--no-input-border": ["--input-border=none"],
        "--no-header-border": ["--header-border=none"], "--no-footer-border": ["--footer-border=none"],
        "--no-gap": ["--gap=0"], "--no-gap-line": ["--gap-line", ""],
    ]

    public static func normalized(_ arguments: [String]) -> [String] {
        PickArguments.translatingMultiLimit(
            InterfaceArguments.translatingBareListen(SectionArguments.translatingBareOptions(LayoutArguments.translatingBareOptions(respelled(arguments)))))
    }

    /// Options whose value may look like an option or a spelling: the word after one is its
    /// value, left as it is (`-f +s` searches `+s`, `-d -n2` splits at `-n2`).
    static let textOptions: Set<String> = [
        "-q", "--query", "-f", "--filter", "-d", "--delimiter", "-n", "--nth", "--prompt", "--header", "--pointer", "--marker", "--gutter", "--ghost",
        "--border-label",
        "--preview-label", "--footer", "--list-label", "--input-label", "--header-label", "--footer-label",
    ]

    /// The short options that take a value, which fzf also reads written onto them: `-d:`,
    /// `-n2`, `-qword`, `-fword` (ArgumentParser reads `-d:` as the flags `-d` and `-:`).
    static let attachingOptions: Set<Character> = ["q", "f", "d", "n"]

    static func respelled(_ arguments: [String]) -> [String] {
        rewriting(arguments) { word, next in
            if holdsItsValue(word) { return ([String(word.prefix(2)), String(word.dropFirst(2))], false) }
            // fzf's `--pointer=`: an empty value. ArgumentParser would take the next word for it.
            if word.hasPrefix("--"), word.hasSuffix("="), word.count > 3, word.filter({ $0 == "=" }).count == 1 {
                return ([String(word.dropLast())] + [""], false)
            }
            // fzf's older `--toggle-sort KEY`: `--bind KEY:toggle-sort`.
            if word.hasPrefix("--toggle-sort=") { return (["--bind", word.dropFirst("--toggle-sort=".count) + ":toggle-sort"], false) }
            if word == "--toggle-sort", let next { return (["--bind", next + ":toggle-sort"], true) }
            return spellings[word].map { ($0, false) }
        }
    }

    /// The one walk every rewrite of fzf's words takes: `rewrite(word, next)` gives a word's
    /// replacement and whether it took the next word too (nil: the word stays). A text option's
    /// value is never rewritten, nor anything after `--`.
    static func rewriting(_ arguments: [String], _ rewrite: (String, String?) -> (words: [String], takesNext: Bool)?) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" { return result + arguments[index...] }
            index += 1
            let next = index < arguments.count ? arguments[index] : nil
            if textOptions.contains(word), let next {
                result += [word, next]
                index += 1
            } else if let (words, takesNext) = rewrite(word, next) {
                result += words
                if takesNext { index += 1 }
            } else {
                result.append(word)
            }
        }
        return result
    }

    /// Whether a word is one of those short options with its value written onto it.
    private static func holdsItsValue(_ word: String) -> Bool {
        let characters = Array(word.prefix(3))
        return characters.count == 3 && characters[0] == "-" && attachingOptions.contains(characters[1])
    }
}
