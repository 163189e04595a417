/// fzf 0.74.5's options and how each takes its value (as its src/options.go reads them), so
/// that an fzf option this version lacks, found in a user's FZF_DEFAULT_OPTS, can be left out
/// with exactly its value: the rest of that setup still applies, instead of every session
/// stopping at the first option fzf has and this version does not.
public enum FzfOptionTable {
    public enum Value: Equatable, Sendable {
        /// A flag: nothing follows.
        case none
        /// `--opt VALUE` or `--opt=VALUE`.
        case required
        /// `--opt=VALUE`, or the next word when it starts with neither `-` nor `+`.
        case optional
    }

    public static func value(of name: String) -> Value? {
        if requiring.contains(name) { return .required }
        if optional.contains(name) { return .optional }
        return flags.contains(name) ? Value.none : nil
    }

    /// `words` without the fzf option at `index` and the value fzf would read with it, and what
    /// was taken out (nil: not an option of fzf's).
    public static func removing(at index: Int, from words: [String]) -> (words: [String], removed: [String])? {
        let word = words[index]
        let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
        guard let kind = value(of: name) else { return nil }
        var end = index + 1
        if !word.contains("="), end < words.count {
            switch kind {
            case .required: end += 1
            case .optional: if !words[end].hasPrefix("-"), !words[end].hasPrefix("+") { end += 1 }
            case .none: break
            }
        }
        return (Array(words[..<index] + words[end...]), Array(words[index..<end]))
    }

    static let flags: Set<String> = [
        "+0", "+1", "+2", "+c", "+e", "+i", "+m", "+s", "+x", "--", "--ambidouble", "--ansi", "--async", "--bash",
        "--black", "--bold", "--clear", "--cycle", "--disabled", "--enabled", "--exact", "--exit-0", "--extended",
        "--extended-exact", "--filepath-word", "--fish", "--force-tty-in", "--header-first", "--help",
        "--highlight-line", "--hscroll", "--ignore-case", "--inline-info", "--keep-right", "--literal", "--man",
        "--multi-line", "--no-256", "--no-ambidouble", "--no-ansi", "--no-black", "--no-bold", "--no-border",
        "--no-border-label", "--no-clear", "--no-color", "--no-cycle", "--no-exact", "--no-exit-0", "--no-expect",
        "--no-extended", "--no-filepath-word", "--no-footer", "--no-footer-border", "--no-footer-label",
        "--no-force-tty-in", "--no-gap", "--no-gap-line", "--no-header", "--no-header-border", "--no-header-first",
        "--no-header-label", "--no-header-lines", "--no-header-lines-border", "--no-height", "--no-highlight-line",
        "--no-history", "--no-hscroll", "--no-id-nth", "--no-ignore-case", "--no-info", "--no-info-command",
        "--no-inline-info", "--no-input", "--no-input-border", "--no-input-label", "--no-keep-right",
        "--no-list-border", "--no-list-label", "--no-listen", "--no-listen-unsafe", "--no-literal", "--no-margin",
        "--no-mouse", "--no-multi", "--no-multi-line", "--no-padding", "--no-phony", "--no-popup", "--no-preview",
        "--no-preview-border", "--no-preview-label", "--no-print-query", "--no-print0", "--no-raw", "--no-read0",
        "--no-reverse", "--no-scrollbar", "--no-select-1", "--no-separator", "--no-sort", "--no-sync", "--no-tac",
        "--no-tail", "--no-tmux", "--no-track", "--no-tty-default", "--no-unicode", "--no-winpty", "--no-wrap",
        "--no-wrap-word", "--nushell", "--phony", "--print-query", "--print0", "--raw", "--read0", "--reverse",
        "--select-1", "--smart-case", "--sync", "--tac", "--track", "--unicode", "--version", "--wrap-word", "--zsh",
        "-0", "-1", "-e", "-h", "-i", "-x",
    ]
    static let requiring: Set<String> = [
        "--accept-nth", "--algo", "--bench", "--bind", "--border-label", "--border-label-pos", "--delimiter",
        "--ellipsis", "--expect", "--filter", "--footer", "--footer-label", "--footer-label-pos", "--freeze-left",
        "--freeze-right", "--ghost", "--gutter", "--gutter-raw", "--header", "--header-label", "--header-label-pos",
        "--header-lines", "--height", "--history", "--history-size", "--hscroll-off", "--id-nth", "--info",
        "--info-command", "--input-label", "--input-label-pos", "--jump-labels", "--layout", "--list-label",
        "--list-label-pos", "--margin", "--marker", "--marker-multi-line", "--min-height", "--nth", "--padding",
        "--pointer", "--preview", "--preview-label", "--preview-label-pos", "--preview-window",
        "--preview-wrap-sign", "--profile-block", "--profile-cpu", "--profile-mem", "--profile-mutex", "--prompt",
        "--proxy-script", "--query", "--scheme", "--scroll-off", "--separator", "--style", "--tabstop", "--tail",
        "--threads", "--tiebreak", "--toggle-sort", "--tty-default", "--walker", "--walker-root", "--walker-skip",
        "--with-nth", "--with-shell", "--wrap-sign", "-d", "-f", "-n", "-q",
    ]
    static let optional: Set<String> = [
        "--border", "--color", "--footer-border", "--gap", "--gap-line", "--header-border", "--header-lines-border",
        "--input-border", "--list-border", "--listen", "--listen-unsafe", "--multi", "--popup", "--preview-border",
        "--scrollbar", "--sort", "--tmux", "--wrap", "-m", "-s",
    ]
}
