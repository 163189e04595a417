/// `--keymap vim`: a normal mode beside fzf's keys, for those who want one. The session starts
/// as fzf's (typing edits the query); Esc enters normal mode, where `j`/`k` move, `g`/`G` go to
/// the first and last hit, Ctrl-D/Ctrl-U move half a page, Space marks (with `--multi`), Enter
/// accepts, `?` opens the help, and `i`, `a`, `I`, `A` or `/` go back to typing (the cursor where
/// vim puts it); Esc or `q` in normal mode quits. Other printable keys do nothing there: the
/// query is untouched. `--bind normal/KEY:ACTION` changes the normal mode's keys.
extension KeyTable {
    public enum Keymap: String, CaseIterable, Sendable {
        /// fzf's keys (the standard table).
        case emacs
        case vim
    }

    /// The standard table with `keymap`'s keys added.
    public static func standard(keymap: Keymap) -> KeyTable {
        var table = KeyTable.standard
        if keymap == .vim { table.addVimModes() }
        return table
    }

    private mutating func addVimModes() {
        // Typing mode: Esc enters normal mode, where fzf's Esc would quit (closing the query
        // suggestions on the way, as vim's Esc closes its completion menu).
        bind(.escape, to: .normalMode, in: .hits)
        bind(.escape, to: [BoundAction(.hideSuggestions), BoundAction(.normalMode)], in: .suggestions)
        let normal: [(Key, [KeyAction])] = [
            (.character("j"), [.down]), (.character("k"), [.up]), (.down, [.down]), (.up, [.up]),
            (.character("g"), [.first]), (.character("G"), [.last]),
            (.control("d"), [.halfPageDown]), (.control("u"), [.halfPageUp]),
            (.control("f"), [.pageDown]), (.control("b"), [.pageUp]),
            (.character(" "), [.toggle, .down]), (.enter, [.accept]), (.character("?"), [.toggleHelp]),
            (.character("i"), [.insertMode]), (.character("/"), [.insertMode]),
            (.character("a"), [.insertMode, .forwardChar]), (.character("A"), [.insertMode, .endOfLine]),
            (.character("I"), [.insertMode, .beginningOfLine]),
            (.escape, [.abort]), (.character("q"), [.abort]),
        ]
        for (key, actions) in normal { bind(key, to: actions.map { BoundAction($0) }, in: .normal) }
    }
}
