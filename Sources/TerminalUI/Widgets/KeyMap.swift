/// Every key the TUI understands, in one place: the help overlay lists this table, and the
/// README's key map is written from it (a test checks they agree).
public enum KeyMap {
    public struct Entry: Hashable, Sendable {
        public let keys: String
        public let action: String
    }

    public struct Group: Hashable, Sendable {
        public let title: String
        public let entries: [Entry]
    }

    public static let groups: [Group] = [
        Group(title: "Search box (whichever pane has focus)", entries: [
            Entry(keys: "letters, digits, …", action: "edit the query"),
            Entry(keys: "Backspace / Delete", action: "delete before / under the cursor"),
            Entry(keys: "Left / Right", action: "move the cursor (in the hits and refinement lists)"),
            Entry(keys: "Ctrl-A / Ctrl-E", action: "cursor to start / end"),
            Entry(keys: "Ctrl-U", action: "clear the query"),
            Entry(keys: "Ctrl-W", action: "delete the word before the cursor"),
        ]),
        Group(title: "Indices and focus", entries: [
            Entry(keys: "Tab / Shift-Tab", action: "next / previous index"),
            Entry(keys: "F2", action: "focus the hits list"),
            Entry(keys: "F3", action: "focus the refinement list"),
            Entry(keys: "F4", action: "focus the slider pane"),
            Entry(keys: "F5", action: "sections view: every index at once (with --config); again: back to tabs"),
            Entry(keys: "Ctrl-X", action: "clear every refinement of this index"),
        ]),
        Group(title: "Lists", entries: [
            Entry(keys: "Up / Down, Ctrl-P / Ctrl-N", action: "move in the focused list"),
            Entry(keys: "PgUp / PgDn", action: "move a page in the focused list"),
            Entry(keys: "Enter (hits list)", action: "print the hit as one JSON line and exit"),
            Entry(keys: "Space / Enter (refinements)", action: "toggle the selected value"),
            Entry(keys: "Enter / Space (sections)", action: "pick a hit; refine by a facet value"),
        ]),
        Group(title: "Slider pane", entries: [
            Entry(keys: "Left / Right", action: "move the active thumb"),
            Entry(keys: "Space", action: "switch between the two thumbs"),
            Entry(keys: "Up / Down", action: "previous / next numeric attribute"),
            Entry(keys: "Delete", action: "clear this attribute's range (instead of editing the query)"),
        ]),
        Group(title: "Help, screen, leaving", entries: [
            Entry(keys: "F1", action: "open / close this help (Up / Down scroll it)"),
            Entry(keys: "Ctrl-L", action: "redraw the screen"),
            Entry(keys: "Esc", action: "close help, back to the hits list; from there, quit (status 130)"),
            Entry(keys: "Ctrl-C", action: "quit from anywhere (status 130)"),
        ]),
    ]

    /// The one-line hint bar.
    public static let hints: [(key: String, action: String)] = [
        ("F1", "help"), ("Tab", "index"), ("F2-F4", "panes"), ("Enter", "pick"), ("Esc", "back/quit"),
    ]
}
