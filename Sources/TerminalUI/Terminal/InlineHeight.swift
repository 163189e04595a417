/// fzf's `--height N[%]`: the interface drawn in N rows (or N% of the terminal's) below the
/// cursor, without the alternate screen.
///
/// fzf's `~N` / `~N%` (`adaptive`): at most that, fewer when the content needs fewer rows.
public enum InlineHeight: Sendable, Hashable {
    case rows(Int)
    /// A percentage, and the rows it is at least (fzf's `--min-height`).
    case percent(Int, atLeast: Int = minimumPercentRows)
    indirect case adaptive(InlineHeight)

    /// The fewest rows asked for: fzf's (its screen for plain lines works in three; this
    /// interface's own panes ask for more through `SearchApp.neededRows`).
    public static let minimumRows = 3
    /// A percentage is at least this many rows (fzf's `--min-height` default).
    public static let minimumPercentRows = 10
    static let maximumRows = 10_000

    /// Reads "12" or "40%"; nil for anything else, fewer rows than the interface needs, or a
    /// percentage outside 1…100.
    public static func parse(_ text: String) -> InlineHeight? {
        if text.hasPrefix("~") { return parse(String(text.dropFirst())).flatMap { $0.isAdaptive ? nil : .adaptive($0) } }
        let percent = text.hasSuffix("%")
        let digits = percent ? text.dropLast() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), digits.count <= 6,
            let value = Int(digits)
        else { return nil }
        if percent { return (1...100).contains(value) ? .percent(value) : nil }
        return (minimumRows...maximumRows).contains(value) ? .rows(value) : nil
    }

    /// Rows to draw in on a terminal of `terminalRows` (never more than it has).
    public func rows(terminalRows: Int) -> Int {
        let wanted: Int
        switch self {
        case .rows(let rows): wanted = rows
        case .percent(let percent, let least): wanted = max(least, terminalRows * percent / 100)
        case .adaptive(let most): return most.rows(terminalRows: terminalRows)
        }
        return max(1, min(wanted, terminalRows))
    }

    /// The same height with a percentage at least `rows` rows (fzf's `--min-height`).
    public func atLeast(_ rows: Int) -> InlineHeight {
        switch self {
        case .rows: return self
        case .percent(let percent, _): return .percent(percent, atLeast: rows)
        case .adaptive(let most): return .adaptive(most.atLeast(rows))
        }
    }

    public var isAdaptive: Bool {
        if case .adaptive = self { return true }
        return false
    }

    /// Rows for content that needs `needed` (nil: as many as it can have): fzf's `~` rule,
    /// never fewer than the interface works in, never more than the height allows.
    public func rows(terminalRows: Int, needed: Int?) -> Int {
        let most = rows(terminalRows: terminalRows)
        guard isAdaptive, let needed else { return most }
        return min(most, max(Self.minimumRows, needed))
    }
}
