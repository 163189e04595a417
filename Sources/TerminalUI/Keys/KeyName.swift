/// Keys by name, both ways: fzf's names for `--bind` (`ctrl-x`, `alt-1`, `btab`, `pgdn`,
/// `f2`, `space`, `a`) and the names people read in the help (`Ctrl-X`, `Alt-1`, `Shift-Tab`,
/// `PgDn`).
public enum KeyName {
    private static let named: [(Key, bind: String, label: String)] = [
        (.enter, "enter", "Enter"), (.escape, "esc", "Esc"), (.backspace, "bspace", "Backspace"),
        (.delete, "del", "Delete"), (.insert, "insert", "Insert"), (.tab, "tab", "Tab"),
        (.backTab, "btab", "Shift-Tab"), (.up, "up", "Up"), (.down, "down", "Down"),
        (.left, "left", "Left"), (.right, "right", "Right"), (.shiftUp, "shift-up", "Shift-Up"),
        (.shiftDown, "shift-down", "Shift-Down"), (.shiftLeft, "shift-left", "Shift-Left"),
        (.shiftRight, "shift-right", "Shift-Right"), (.home, "home", "Home"), (.end, "end", "End"),
        (.pageUp, "pgup", "PgUp"), (.pageDown, "pgdn", "PgDn"), (.character(" "), "space", "Space"),
        (.altUp, "alt-up", "Alt-Up"), (.altDown, "alt-down", "Alt-Down"), (.altBackspace, "alt-bs", "Alt-Backspace"),
    ]

    /// The key's name in `--bind`: "ctrl-x", "f2", "pgdn", "a".
    public static func bindName(_ key: Key) -> String {
        if let entry = named.first(where: { $0.0 == key }) { return entry.bind }
        switch key {
        case .function(let number): return "f\(number)"
        case .control(" "): return "ctrl-space"
        case .control(let character): return "ctrl-\(character)"
        case .alt(" "): return "alt-space"
        case .alt(let character): return "alt-\(character)"
        case .character(let character): return String(character)
        case .event(let event): return event.rawValue
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
        case .alt(" "): return "Alt-Space"
        case .alt(let character): return "Alt-\(character)"
        case .character(let character): return String(character)
        case .event(let event): return "on \(event.rawValue)"
        default: return key.description
        }
    }

    /// The forms of key names `--bind` reads, for messages.
    public static let validNames =
        "ctrl-a…ctrl-z (not ctrl-h, i, j, m), ctrl-space, alt-CHAR (alt-1, alt-p, …), f1…f12, "
        + named.filter { $0.bind != "space" }.map(\.bind).joined(separator: ", ")
        + "; events: " + KeyEvent.allCases.map(\.rawValue).joined(separator: ", ")

    /// Reads a `--bind` key name; nil when it names no key.
    public static func parse(_ name: String) -> Key? {
        let lower = name.lowercased()
        if let event = KeyEvent(rawValue: lower) { return .event(event) }
        if let entry = named.first(where: { $0.bind == lower }) { return entry.0 }
        if lower.hasPrefix("ctrl-") {
            let rest = lower.dropFirst(5)
            if rest == "space" { return .control(" ") }
            guard rest.count == 1, let character = rest.first, character.isLetter || "\\]^_".contains(character),
                !"hijm".contains(character)  // the terminal sends Backspace, Tab and Enter for these
            else { return nil }
            return .control(character)
        }
        if lower.hasPrefix("alt-") {
            // The character as written: alt-P is Alt-Shift-P, which terminals send as ESC P.
            let rest = name.dropFirst(4)
            if rest.lowercased() == "space" { return .alt(" ") }
            guard rest.count == 1, let character = rest.first, !character.isWhitespace, character != "[", character != "O",
                character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
            else { return nil }
            return .alt(character)
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) { return .function(number) }
        if name.count == 1, let character = name.first, !character.isWhitespace { return .character(character) }
        return nil
    }
}
