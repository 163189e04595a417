/// fzf's `--no-X` options, read in order as fzf reads them: a negation undoes every earlier
/// `--X` (with its value), wherever it came from (`FZF_DEFAULT_OPTS`, its file, our variable,
/// the command line), and a later `--X` sets it again. Applied once to the whole command line,
/// after the defaults are put in front, so `FZF_DEFAULT_OPTS=-e` and `+e` on the command line
/// end fuzzy, as in fzf.
public enum FzfNegations {
    struct Negated {
        /// The option's spellings (`-e`, `--exact`).
        var names: [String]
        /// Whether it takes a value (`--preview CMD`, `--preview=CMD`): undone with it.
        var takesValue: Bool
    }

    /// Negation → what it undoes. Only the options this interface has; the ones it defines
    /// itself with a `--no-` form (`--no-multi`, `--no-sort`, `--no-hscroll`, …) are its own.
    static let table: [String: Negated] = {
        var table: [String: Negated] = [:]
        let flags: [(String, [String])] = [
            ("--no-exact", ["-e", "--exact"]), ("--no-exit-0", ["-0", "--exit-0"]), ("--no-select-1", ["-1", "--select-1"]),
            ("--no-print-query", ["--print-query"]), ("--no-print0", ["--print0"]), ("--no-read0", ["--read0"]),
            ("--no-tac", ["--tac"]), ("--no-ansi", ["--ansi"]), ("--no-literal", ["--literal"]), ("--no-cycle", ["--cycle"]),
            ("--no-keep-right", ["--keep-right"]), ("--no-filepath-word", ["--filepath-word"]), ("--no-track", ["--track"]),
            ("--no-reverse", ["--reverse"]), ("--no-wrap", ["--wrap"]), ("--no-sync", ["--sync"]), ("--enabled", ["--disabled"]),
            ("--no-header-first", ["--header-first"]),
        ]
        for (negation, names) in flags { table[negation] = Negated(names: names, takesValue: false) }
        let valued: [(String, String)] = [
            ("--no-expect", "--expect"), ("--no-history", "--history"), ("--no-header", "--header"),
            ("--no-header-lines", "--header-lines"), ("--no-preview", "--preview"), ("--no-height", "--height"),
            ("--no-margin", "--margin"), ("--no-padding", "--padding"), ("--no-border", "--border"),
            ("--no-border-label", "--border-label"), ("--no-preview-label", "--preview-label"), ("--no-listen", "--listen"),
            ("--no-listen-unsafe", "--listen-unsafe"), ("--no-tmux", "--tmux"), ("--no-footer", "--footer"),
            ("--no-list-label", "--list-label"), ("--no-input-label", "--input-label"), ("--no-header-label", "--header-label"),
            ("--no-footer-label", "--footer-label"), ("--no-header-lines-border", "--header-lines-border"),
        ]
        for (negation, name) in valued { table[negation] = Negated(names: [name], takesValue: true) }
        return table
    }()

    /// Options whose value is optional and comes only after `=` (`--border`, `--listen`,
    /// `--tmux`: `FzfWords` has written a bare one with its default value already).
    static let valueOnlyAfterEquals: Set<String> = ["--border", "--listen", "--listen-unsafe", "--tmux"]

    /// What `--style` sets over the options before it.
    static let presetOptions = ["--list-border", "--input-border", "--header-border", "--footer-border", "--info", "--separator"]

    public static func resolved(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" { return result + arguments[index...] }
            index += 1
            if let negated = table[word] {
                result = undoing(negated, in: result)
                continue
            }
            // fzf's --style sets the section borders, the info line and the separator (and
            // more, by preset): what was given before it no longer counts.
            if word == "--style" || word.hasPrefix("--style=") {
                for name in presetOptions { result = undoing(Negated(names: [name], takesValue: true), in: result) }
            }
            result.append(word)
            // A text option's value is never read as an option (`-q --no-exact` searches it).
            if FzfWords.textOptions.contains(word) || takesSeparateValue(word), index < arguments.count {
                result.append(arguments[index])
                index += 1
            }
        }
        return result
    }

    private static func takesSeparateValue(_ word: String) -> Bool {
        table.values.contains { $0.takesValue && $0.names.contains(word) } && !valueOnlyAfterEquals.contains(word)
    }

    /// `words` without the occurrences of `negated` (and their values).
    private static func undoing(_ negated: Negated, in words: [String]) -> [String] {
        var kept: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if negated.names.contains(word) {
                if negated.takesValue && !valueOnlyAfterEquals.contains(word) { index += 1 }
                continue
            }
            if negated.takesValue, negated.names.contains(where: { word.hasPrefix($0 + "=") }) { continue }
            kept.append(word)
            // A value kept with its option: never taken for an occurrence.
            if FzfWords.textOptions.contains(word) || takesSeparateValue(word), index < words.count {
                kept.append(words[index])
                index += 1
            }
        }
        return kept
    }
}
