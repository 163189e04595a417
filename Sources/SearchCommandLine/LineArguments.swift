import ArgumentParser
import InstantSearchCore

/// fzf's matching options for plain lines, same names and meaning. fzf's `+x`, `+i` and `+s`
/// are read as `--no-extended`, `--no-ignore-case` and `--no-sort` (see `FzfWords`).
public struct LineArguments: ParsableArguments, Sendable {
    @Flag(name: [.customShort("e"), .long], help: "Lines: terms match as exact substrings, not as subsequences ('term then matches as a subsequence).")
    public var exact = false

    @Flag(name: [.customShort("x"), .long], help: "Lines: fzf's extended search syntax (the default): 'exact ^prefix suffix$ !not a | b.")
    public var extended = false

    @Flag(name: .customLong("no-extended"), help: "Lines: the query is one term, its characters taken as typed (fzf's +x).")
    public var noExtended = false

    @Flag(name: [.customShort("i"), .customLong("ignore-case")], help: "Lines: case-insensitive, even with capitals in the query.")
    public var ignoreCase = false

    @Flag(name: .customLong("no-ignore-case"), help: "Lines: case-sensitive (fzf's +i).")
    public var noIgnoreCase = false

    @Flag(name: .customLong("smart-case"), help: "Lines: case-sensitive only for a term with a capital letter (the default).")
    public var smartCase = false

    @Flag(help: "Lines: diacritics count (no é found by e).")
    public var literal = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Lines: which word starts score most: default, path (after /) or history (all alike; input order breaks ties).", valueName: "scheme")
    )
    public var scheme: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Lines: after the score, ties broken by length, begin, end, chunk, pathname or index (comma-separated).", valueName: "criteria"))
    public var tiebreak: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Lines: fzf's matching algorithm, v2 (the best-scoring place, the default) or v1 (the first place found; faster).", valueName: "v1|v2"))
    public var algo: String?

    @Flag(name: .customLong("no-sort"), help: "Lines: matches in input order, not by score (fzf's +s).")
    public var noSort = false

    @Flag(help: "Lines: input order reversed, the last line first.")
    public var tac = false

    @Option(
        name: [.customShort("d"), .long], parsing: .unconditional,
        help: ArgumentHelp("Lines: what separates fields, a string or a regular expression (default: runs of blanks, AWK style).", valueName: "text"))
    public var delimiter: String?

    @Option(
        name: [.customShort("n"), .long], parsing: .unconditional,
        help: ArgumentHelp("Lines: match only in these fields (1, -1, 2.., ..3, 1,3).", valueName: "fields"))
    public var nth: String?

    @Option(
        name: .customLong("with-nth"), parsing: .unconditional,
        help: ArgumentHelp("Lines: show and search only these fields (or a template: '{2}: {1}'); the whole line is still printed.", valueName: "fields"))
    public var withNth: String?

    @Option(
        name: .customLong("accept-nth"), parsing: .unconditional,
        help: ArgumentHelp("Lines: print only these fields of a picked line (or a template: '{1}:{n}').", valueName: "fields"))
    public var acceptNth: String?

    @Flag(help: "Print each picked line followed by a NUL byte instead of a newline.")
    public var print0 = false

    @Flag(help: "Lines: read input lines separated by NUL bytes (find -print0), not by line ends; a line's own line feeds show as ␊, its CRs as ␍.")
    public var read0 = false

    @Option(
        name: .customLong("header-lines"), parsing: .unconditional,
        help: ArgumentHelp("Lines: the first N lines of the input are a header (shown under the search box, never matched or picked).", valueName: "n"))
    var headerLinesText: String?

    /// `--header-lines N` (checked by `validate`: a whole number, 0 or more).
    public var headerLines: Int? { headerLinesText.flatMap { Int($0) } }

    @Flag(help: "Lines: ANSI colour codes in the input are drawn in their colours, and taken out of what is matched and printed.")
    public var ansi = false

    public init() {}

    public func validate() throws {
        if let headerLinesText, (Int(headerLinesText) ?? -1) < 0 {
            throw ValidationError("--header-lines takes a number of lines, 0 or more; got \"\(headerLinesText)\"")
        }
        _ = try options()
    }

    /// `--read0`, `--header-lines` and `--ansi` read plain lines: the input is not sniffed for
    /// another format, and `--format` must be lines (nil: fine). The message names them.
    public var readsPlainLines: Bool { read0 || (headerLines ?? 0) > 0 || ansi }

    public func checkFormat(_ format: String?) throws {
        guard readsPlainLines, let format, format != "lines" else { return }
        let given = [read0 ? "--read0" : nil, (headerLines ?? 0) > 0 ? "--header-lines" : nil, ansi ? "--ansi" : nil].compactMap { $0 }
        throw ValidationError(
            "\(given.joined(separator: ", ")) \(given.count == 1 ? "reads" : "read") plain lines, not --format \(format) (allowed: --format lines, or none)")
    }

    /// The options as the engine takes them; a bad --scheme or --tiebreak is one line naming it.
    public func options() throws -> LineMatchOptions {
        var options = LineMatchOptions()
        options.exact = exact
        options.extended = !noExtended || extended
        options.caseMatching = ignoreCase ? .ignore : noIgnoreCase ? .respect : .smart
        options.normalize = !literal
        if let scheme {
            guard let chosen = LineMatchOptions.Scheme(rawValue: scheme) else {
                throw ValidationError(
                    "--scheme: unknown scheme \"\(scheme)\"; allowed: \(LineMatchOptions.Scheme.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            options.scheme = chosen
        }
        if let algo {
            guard let chosen = LineMatchOptions.Algorithm(rawValue: algo) else {
                throw ValidationError("--algo: unknown algorithm \"\(algo)\"; allowed: v1, v2")
            }
            options.algorithm = chosen
        }
        if let tiebreak {
            switch LineMatchOptions.parseTiebreaks(tiebreak) {
            case .success(let criteria): options.tiebreaks = criteria
            case .failure(let error): throw ValidationError(error.description)
            }
        }
        options.sort = !noSort
        options.reversed = tac
        options.ansi = ansi
        do {
            options.delimiter = try fieldDelimiter()
            options.nth = try nth.map { try FieldExpression($0, option: "--nth") }
            options.withNth = try withNth.map { try FieldTemplate($0, option: "--with-nth") }
            _ = try acceptedFields()
        } catch let error as LineOptionError {
            throw ValidationError(error.description)
        }
        return options
    }

    public func fieldDelimiter() throws(LineOptionError) -> FieldDelimiter {
        try delimiter.map { text throws(LineOptionError) in try FieldDelimiter(text) } ?? .awk
    }

    /// `--accept-nth`: the fields printed of a picked line; nil: the whole line.
    public func acceptedFields() throws(LineOptionError) -> FieldTemplate? {
        try acceptNth.map { text throws(LineOptionError) in try FieldTemplate(text, option: "--accept-nth") }
    }

    /// What is printed of a picked line, the `index`-th read (from 0, for `{n}`): what
    /// `--accept-nth` makes of it, else the line's bytes as they came — with `--ansi`, without
    /// their colour codes, as fzf prints them.
    public func printed(_ bytes: [UInt8], index: Int) -> [UInt8] {
        let bytes = ansi ? Array(ANSIText.strip(String(decoding: bytes, as: UTF8.self)).utf8) : bytes
        guard let template = try? acceptedFields(), let delimiter = try? fieldDelimiter() else { return bytes }
        return Array(template.accepted(String(decoding: bytes, as: UTF8.self), index: index, delimiter: delimiter).utf8)
    }

    /// `--header-lines`' lines as the header shows them: in their colours with `--ansi`, else
    /// as text (invalid UTF-8 as U+FFFD).
    public func headerText(_ header: [[UInt8]]) -> [ANSIText] {
        header.map { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            return ansi ? ANSIText(parsing: text) : ANSIText(text: text)
        }
    }
}
