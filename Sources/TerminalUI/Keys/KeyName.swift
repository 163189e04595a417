/// Keys by name, both ways: fzf's names for `--bind` (`ctrl-x`, `btab`, `pgdn`, `f2`,
/// `space`, `a`) and the names people read in the help (`Ctrl-X`, `Shift-Tab`, `PgDn`).
public enum KeyName {
    private static let named: [(Key, bind: String, label: String)] = [
        (.enter, "enter", "Enter"), (.escape, "esc", "Esc"), (.backspace, "bspace", "Backspace"),
        (.delete, "del", "Delete"), (.insert, "insert", "Insert"), (.tab, "tab", "Tab"),
        (.backTab, "btab", "Shift-Tab"), (.up, "up", "Up"), (.down, "down", "Down"),
        (.left, "left", "Left"), (.right, "right", "Right"), (.shiftUp, "shift-up", "Shift-Up"),
        (.shiftDown, "shift-down", "Shift-Down"), (.shiftLeft, "shift-left", "Shift-Left"),
        (.shiftRight, "shift-right", "Shift-Right"), (.home, "home", "Home"), (.end, "end", "End"),
        (.pageUp, "pgup", "PgUp"), (.pageDown, "pgdn", "PgDn"), (.character(" "), "space", "Space"),
        (.altUp, "alt-up", "Alt-Up"), (.altDown, "alt-down", "Alt-Down"),
    ]

    /// The key's name in `--bind`: "ctrl-x", "f2", "pgdn", "a".
    public static func bindName(_ key: Key) -> String {
        if let entry = named.first(where: { $0.0 == key }) { return entry.bind }
        switch key {
        case .function(let number): return "f\(number)"
        case .control(" "): return "ctrl-space"
        case .control(let character): return "ctrl-\(character)"
        case .alt(let character): return "alt-\(character)"
        case .character(let character): return String(character)
        default: return key.description
        }
    }

    /// The key as the help shows it: "Ctrl-X", "F2", "PgDn".
    public static func label(_ key: Key) -> String {
        if let entry = named.first(where: { $0.0 == key }) { return entry.label }
        switch key {
        case .function(let number): return "F\(number)"
        case .control(" "): return "Ctrl-Space"
        case .control(let character): return "Ctrl-\(character.uppercased())"
        case .alt(let character): return "Alt-\(character)"
        case .character(let character): return String(character)
        default: return key.description
        }
    }

    /// Reads a `--bind` key name; nil when it names no key.
    public static func parse(_ name: String) -> Key? {
        let lower = name.lowercased()
        if let entry = named.first(where: { $0.bind == lower }) { return entry.0 }
        if lower.hasPrefix("ctrl-") {
            let rest = lower.dropFirst(5)
            if rest == "space" { return .control(" ") }
            guard rest.count == 1, let character = rest.first, character.isLetter || "\\]^_".contains(character),
                !"hijm".contains(character)  // the terminal sends Backspace, Tab and Enter for these
            else { return nil }
            return .control(character)
        }
        if lower.hasPrefix("alt-"), name.count == 5, let character = name.last, !character.isWhitespace { return .alt(character) }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) { return .function(number) }
        if name.count == 1, let character = name.first, !character.isWhitespace { return .character(character) }
        return nil
    }
}
