/// fzf's events, bound with `--bind EVENT:ACTIONS` like keys (`change:reload(…)`): the app
/// raises them as the session goes, and runs what they are bound to in the global context.
public enum KeyEvent: String, CaseIterable, Sendable {
    /// Once, when the interface is up (before the data may have loaded).
    case start
    /// An index finished loading (the first load and every `reload`).
    case load
    /// The query changed.
    case change
    /// The selected hit changed.
    case focus
    /// New results for the query arrived.
    case result
    /// New results arrived, with exactly one hit.
    case one
    /// New results arrived, with none.
    case zero
    /// The terminal changed size.
    case resize
    /// New results after the input was read to its end (fzf's `result-final`).
    case resultFinal = "result-final"
    /// The marks changed (fzf's `multi`).
    case multi
    /// Backspace on an empty query (fzf's `backward-eof`).
    case backwardEOF = "backward-eof"
    /// A jump label picked a hit, or a key that is no label left jump mode.
    case jump
    case jumpCancel = "jump-cancel"
    /// A click on the header's rows, or on the footer's.
    case clickHeader = "click-header"
    case clickFooter = "click-footer"
}

extension Key {
    /// Whether this is an event (`--bind change:…`), not a key anyone can press.
    public var isEvent: Bool { if case .event = self { true } else { false } }
}
