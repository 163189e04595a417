/// fzf's `--layout`: where the prompt goes and which way the hits run.
///
/// fzf's own default (`default`) has the prompt at the bottom and the list above it, the
/// first hit nearest the prompt; `reverse` has the prompt at the top and the list below it;
/// `reverse-list` the prompt at the bottom and the list top-down. Without the option this
/// interface keeps its own look, which is fzf's `reverse` (prompt on top, first hit first).
public enum ListLayout: String, Sendable, Hashable, CaseIterable {
    case `default`
    case reverse
    case reverseList = "reverse-list"

    /// The look without `--layout`.
    public static let standard = ListLayout.reverse

    /// The search box (and the stats line) below the hits.
    public var promptAtBottom: Bool { self != .reverse }
    /// The first hit drawn at the bottom of the list, nearest the prompt.
    public var listRunsUpward: Bool { self == .default }

    /// The names `--layout` takes, for messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// fzf's `--info`: where the stats line (fzf's info line) goes.
public enum InfoStyle: String, Sendable, Hashable, CaseIterable {
    /// On its own row (above the key hints; next to the prompt with the prompt at the bottom).
    case `default`
    /// On the search box's row, after the query.
    case inline
    /// On the search box's row, at its right end.
    case inlineRight = "inline-right"
    /// On its own row, at its right end (on this interface's own panes, as `default`).
    case right
    case hidden

    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
