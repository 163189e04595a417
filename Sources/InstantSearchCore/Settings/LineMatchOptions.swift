/// How plain lines are matched, fzf's options: the extended search syntax (`--no-extended`
/// turns it off), exact rather than subsequence terms (`--exact`), case (`-i`, `+i`, smart by
/// default), diacritics folded unless `--literal`, the bonus scheme, the tie-breaks, and the
/// order (`--no-sort`, `--tac`). Records are matched Algolia's way and ignore these.
public struct LineMatchOptions: Hashable, Sendable {
    public enum CaseMatching: String, Hashable, Sendable {
        /// Case-sensitive only when the term holds an upper-case letter (fzf's default).
        case smart
        case ignore
        case respect
    }

    /// fzf's `--scheme`: which boundaries earn the largest bonus.
    public enum Scheme: String, Hashable, Sendable, CaseIterable {
        /// Words after spaces first, then after `/ , : ; |`.
        case `default`
        /// File paths: after `/` first.
        case path
        /// Command history: every boundary alike, and the input order breaks ties.
        case history
    }

    /// fzf's `--tiebreak` criteria, after the score.
    public enum Tiebreak: String, Hashable, Sendable, CaseIterable {
        /// The shorter line (leading and trailing spaces left out).
        case length
        /// The earlier first match.
        case begin
        /// The match closer to the end.
        case end
        /// The earlier line in the input (always the last criterion).
        case index
        /// The shorter space-separated chunk holding the match.
        case chunk
        /// The match nearer the start of the last path component (`--scheme path`'s first).
        case pathname
    }

    public var extended = true
    public var exact = false
    public var caseMatching = CaseMatching.smart
    /// Diacritics folded (`é` found by `e`); `--literal` turns it off.
    public var normalize = true
    public var scheme = Scheme.default
    /// fzf's `--algo`: `v2` (the best-scoring place, the default) or `v1` (faster, the first
    /// place found, shortened from its end).
    public var algorithm = Algorithm.v2
    public enum Algorithm: String, Hashable, Sendable, CaseIterable { case v1, v2 }
    /// nil: the scheme's (length; index alone for history).
    public var tiebreaks: [Tiebreak]?
    /// false: matches in input order, the score not used (`--no-sort`).
    public var sort = true
    /// Input order reversed (`--tac`): the last line first.
    public var reversed = false
    /// How lines are cut into fields (`--delimiter`; AWK style by default).
    public var delimiter = FieldDelimiter.awk
    /// Terms are matched in these fields only (`--nth`; nil: the whole line).
    public var nth: FieldExpression?
    /// The lines shown and searched are made of each line's fields (`--with-nth`); the line
    /// printed when picked is still the whole line.
    public var withNth: FieldTemplate?
    /// fzf's `--ansi`: colour codes in the lines are drawn, and taken out of what is matched,
    /// highlighted, cut into fields and printed (`ANSIText`).
    public var ansi = false

    /// What the lines searched are made of: a searcher built for one transform serves every
    /// query with it.
    public struct Transform: Hashable, Sendable {
        public var withNth: FieldTemplate?
        public var delimiter: FieldDelimiter
        public var ansi = false
    }

    public var transform: Transform { Transform(withNth: withNth, delimiter: delimiter, ansi: ansi) }

    public init() {}

    /// The criteria in force after the score (index always last, implied).
    public var effectiveTiebreaks: [Tiebreak] {
        tiebreaks ?? (scheme == .history ? [.index] : scheme == .path ? [.pathname, .length] : [.length])
    }

    /// Whether a term's best place is looked for from the line's start (the first of equals
    /// wins), or from its end when `end` or `pathname` comes before `begin` among the criteria:
    /// fzf then takes the last of equally good places (the file name's, for paths).
    public var searchesForward: Bool {
        let first = effectiveTiebreaks.first { $0 == .begin || $0 == .end || $0 == .pathname }
        return first != .end && first != .pathname
    }

    /// The criteria that order lines of equal score, in order: those before `index` (which is
    /// implied last, and so ends the list when named).
    public var rankingTiebreaks: [Tiebreak] {
        Array(effectiveTiebreaks.prefix { $0 != .index })
    }

    /// `--tiebreak length,begin`: each name checked, none twice, `index` only last (fzf's
    /// rules); a message naming the option and what is allowed otherwise.
    public static func parseTiebreaks(_ text: String) -> Result<[Tiebreak], LineOptionError> {
        var criteria: [Tiebreak] = []
        let allowed = "allowed: \(Tiebreak.allCases.map(\.rawValue).joined(separator: ", ")) (comma-separated, index only last)"
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let criterion = Tiebreak(rawValue: String(name)) else {
                return .failure(LineOptionError("--tiebreak: unknown criterion \"\(name)\"; \(allowed)"))
            }
            guard !criteria.contains(criterion) else {
                return .failure(LineOptionError("--tiebreak: \"\(name)\" is given twice; \(allowed)"))
            }
            guard criteria.last != .index else {
                return .failure(LineOptionError("--tiebreak: index must be the last criterion (input order breaks the last ties); \(allowed)"))
            }
            criteria.append(criterion)
        }
        return .success(criteria)
    }
}

/// A line option that does not parse: the message names the option and what it allows.
public struct LineOptionError: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
