import ArgumentParser
import TerminalUI

/// fzf's options for what a session starts with, shows and prints, same names and meaning, for
/// every session.
///
/// Every option that takes a value takes the next argument whatever it looks like, as fzf's
/// do (`parsing: .unconditional`): `--nth -1` is the last field, `-q -word` a query, and fzf's
/// short `-1` / `-0` cannot take the place of a negative number (`--hits-per-page -1` is a bad
/// value, not a missing one).
public struct PickArguments: ParsableArguments, Sendable {
    @Option(name: [.customShort("q"), .long], parsing: .unconditional, help: ArgumentHelp("Start with this query in the search box.", valueName: "text"))
    public var query = ""

    @Option(
        name: [.customShort("f"), .long], parsing: .unconditional,
        help: ArgumentHelp(
            "fzf's filter mode: no interface; every hit of this query, best first, printed as a pick is (a line as it came), then exit: 0 with hits, 1 without.",
            valueName: "query"))
    public var filter: String?

    @Flag(
        help:
            "With --filter: when nothing matches as typed, print the close matches (typos) the interface shows; without it --filter answers as fzf does (nothing, exit 1)."
    )
    public var typos = false

    @Flag(
        name: [.customLong("select-1"), .customShort("1")],
        help: "When the query (--query) has exactly one hit, print it and exit 0 without opening the interface.")
    public var selectOne = false

    @Flag(name: [.customLong("exit-0"), .customShort("0")], help: "When the query (--query) has no hit, exit 1 at once without opening the interface.")
    public var exitZero = false

    @Flag(name: .customLong("print-query"), help: "Print the query as the first line of the output, before the picked hit (also with --select-1 and --exit-0).")
    public var printQuery = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Keys that end the session like Enter, e.g. ctrl-o,alt-x; the key's name is printed first (after the query), an empty line for Enter.",
            valueName: "keys"))
    public var expect: String?

    @Flag(
        name: [.customShort("m"), .long], inversion: .prefixedNo,
        help:
            "Ctrl-Space marks hits (across pages, queries and refinements); Enter prints every marked one, in marking order. --multi=N (or -m N): at most N marks, as fzf's --multi[=MAX]."
    )
    public var multi = false

    /// fzf's `--multi=MAX`, as `translatingMultiLimit` rewrites it; checked in `validate`, so
    /// the message names `--multi`.
    @Option(name: .customLong("multi-max"), parsing: .unconditional, help: .hidden)
    public var multiMax: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("A line shown under the search box.", valueName: "text"))
    public var header: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The search box's prompt (default \"\(SearchBox.defaultPrompt)\").", valueName: "text"))
    public var prompt: String?

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Queries picked are kept in this file; Ctrl-P / Ctrl-N walk them in the search box.", valueName: "file"))
    public var history: String?

    @Option(
        name: .customLong("history-size"), parsing: .unconditional,
        help: ArgumentHelp("Queries kept in the --history file (default \(QueryHistory.defaultLimit)).", valueName: "n"))
    public var historySize = QueryHistory.defaultLimit

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Draw the interface in this many rows (or percent of the terminal) below the cursor, leaving the screen above as it is; ~ first: at most that, fewer when the hits need fewer (fzf's adaptive height).",
            valueName: "[~]rows[%]"))
    public var height: String?

    @Option(
        name: .customLong("min-height"), parsing: .unconditional,
        help: ArgumentHelp(
            "The fewest rows a --height given in percent takes, as fzf's --min-height (default \(InlineHeight.minimumPercentRows); never more than the terminal has); N+: N lines of the list and the rows of everything around it.",
            valueName: "rows[+]"))
    public var minHeightText: String?

    /// `--min-height`'s number, and whether it counts the list's lines only (fzf's `N+`).
    var minHeight: (rows: Int, lines: Bool)? {
        guard let minHeightText else { return nil }
        let lines = minHeightText.hasSuffix("+")
        return Int(lines ? String(minHeightText.dropLast()) : minHeightText).map { ($0, lines) }
    }

    @Flag(
        name: .customLong("insights"), inversion: .prefixedNo,
        help:
            "Record picks, previews opened, refinements and the queries they were made for as Algolia Insights events in $XDG_STATE_HOME/instantsearch (default on; --no-insights: nothing is written, nor read back). Re-ranking learns from them."
    )
    public var insights = true

    @Flag(
        name: .customLong("re-ranking"), inversion: .prefixedNo,
        help:
            "Lift the records picked before for the same query in the same file (Dynamic Re-Ranking, from the insights files): on by default in the interface, off for --filter, which then answers as if nothing had been picked."
    )
    public var reRanking: Bool?

    @Flag(help: "Record every pick as a conversion too (Alt-a, accept-conversion, does it for one pick).")
    public var conversion = false

    public init() {}

    /// Whether the session's lists are re-ranked by earlier picks: in the interface unless
    /// `--no-re-ranking`, for `--filter` (a script, whose answer must not depend on what was
    /// picked before) only with `--re-ranking`; never with `--no-insights`.
    public var reRanks: Bool { insights && (reRanking ?? (filter == nil)) }

    static let maximumHistorySize = 100_000
    static let maximumTextLength = 4096

    /// `--height` read, with `--min-height` (nil: no --height); `around`: the rows fzf's
    /// screen has besides the list's lines, which `N+` adds.
    public func inlineHeight(around: Int = 0) -> InlineHeight? {
        guard let height, let parsed = InlineHeight.parse(height) else { return nil }
        return minHeight.map { parsed.atLeast($0.rows + ($0.lines ? around : 0)) } ?? parsed
    }

    public func validate() throws {
        if reRanking == true && !insights {
            throw ValidationError("--re-ranking learns from the insights that --no-insights turns off: give --insights with it.")
        }
        _ = try expectedKeys()
        _ = try multiLimit()
        if let height, InlineHeight.parse(height) == nil {
            throw ValidationError(
                "--height takes ROWS (\(InlineHeight.minimumRows) to 10000) or PERCENT% (1% to 100%), either after ~ to shrink to the content, e.g. 12, 40% or ~20; not '\(height)'."
            )
        }
        if let minHeightText {
            guard let minHeight, minHeight.lines ? (0...10_000).contains(minHeight.rows) : (InlineHeight.minimumRows...10_000).contains(minHeight.rows)
            else {
                throw ValidationError(
                    "--min-height takes \(InlineHeight.minimumRows) to 10000 rows, or N+ (N lines and what is around them); not \(minHeightText).")
            }
        }
        guard (1...Self.maximumHistorySize).contains(historySize) else {
            throw ValidationError("--history-size takes 1 to \(Self.maximumHistorySize); not \(historySize).")
        }
        if history?.isEmpty == true { throw ValidationError("--history needs a file name.") }
        for (option, text) in [("--header", header), ("--prompt", prompt)] {
            guard let text else { continue }
            if text.count > Self.maximumTextLength { throw ValidationError("\(option) takes at most \(Self.maximumTextLength) characters.") }
            // fzf's --header is lines (`--header "$(git status -s)"`): each is drawn on a row of its own.
            let lines = option == "--header" ? text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) : [text]
            if lines.contains(where: OptionText.holdsControlCharacters) {
                throw ValidationError(
                    option == "--header"
                        ? "--header takes lines of text without other control characters." : "\(option) takes one line of text without control characters.")
            }
        }
    }

    /// `--multi=N`'s N (nil: no limit). N is a whole number from 1.
    public func multiLimit() throws(ValidationError) -> Int? {
        guard multi, let multiMax else { return nil }
        guard let limit = Int(multiMax), limit >= 1 else {
            throw ValidationError("--multi takes a number of marks from 1 (--multi=3, -m 3); not '\(multiMax)'.")
        }
        return limit
    }

    /// fzf's `-m, --multi[=MAX]`, whose value is optional, as ArgumentParser reads it:
    /// `--multi=N`, `-mN`, and `--multi N` / `-m N` when N starts with a digit (as fzf takes
    /// it) become `--multi --multi-max=N`. After `--`, nothing is rewritten.
    public static func translatingMultiLimit(_ arguments: [String]) -> [String] {
        FzfWords.rewriting(arguments) { word, next in
            if word.hasPrefix("--multi=") {
                let value = word.dropFirst("--multi=".count)
                // `--multi-max=` would read as a missing value: an empty one goes as its own word.
                return (["--multi"] + (value.isEmpty ? ["--multi-max", ""] : ["--multi-max=" + value]), false)
            }
            if word.hasPrefix("-m"), !word.hasPrefix("--"), word.count > 2, word.dropFirst(2).allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }) {
                return (["--multi", "--multi-max=" + word.dropFirst(2)], false)
            }
            if word == "--multi" || word == "-m", let next, next.first.map({ $0.isASCII && $0.isNumber }) == true {
                return (["--multi", "--multi-max=" + next], true)
            }
            return nil
        }
    }

    /// `--expect` read: each key with the name to print for it.
    public func expectedKeys() throws -> [Key: String] {
        guard let expect else { return [:] }
        var keys: [Key: String] = [:]
        for (offset, name) in expect.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            guard let key = KeyName.parse(String(name)), !key.isEvent else {
                throw ValidationError(
                    "--expect: \(name.isEmpty ? "an empty key name" : "no key is named '\(name)'") (key \(offset + 1) of '\(expect)'); keys: \(KeyName.validNames), or one character."
                )
            }
            keys[key] = String(name)
        }
        return keys
    }
}
