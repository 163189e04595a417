/// Keys by name, both ways: fzf 0.74's names for `--bind` (`ctrl-x`, `alt-1`, `btab`, `pgdn`,
/// `ctrl-alt-up`, `left-click`, `space`, `a`), with fzf's other spellings (`shift-tab`,
/// `page-down`, `bspace`, `ctrl-/`), and the names people read in the help (`Ctrl-X`,
/// `Shift-Tab`, `PgDn`).
public enum KeyName {
    /// The keys with a case of their own: the name `--bind` reads first, its label, and fzf's
    /// other names for it.
    private static let named: [(Key, bind: String, label: String, aliases: [String])] = [
        (.enter, "enter", "Enter", ["return", "ctrl-m"]), (.escape, "esc", "Esc", []),
        (.backspace, "bspace", "Backspace", ["bs", "backspace"]), (.delete, "del", "Delete", ["delete"]),
        (.insert, "insert", "Insert", []), (.tab, "tab", "Tab", ["ctrl-i"]), (.backTab, "btab", "Shift-Tab", ["shift-tab"]),
        (.up, "up", "Up", []), (.down, "down", "Down", []), (.left, "left", "Left", []), (.right, "right", "Right", []),
        (.shiftUp, "shift-up", "Shift-Up", []), (.shiftDown, "shift-down", "Shift-Down", []),
        (.shiftLeft, "shift-left", "Shift-Left", []), (.shiftRight, "shift-right", "Shift-Right", []),
        (.home, "home", "Home", []), (.end, "end", "End", []), (.pageUp, "pgup", "PgUp", ["page-up"]),
        (.pageDown, "pgdn", "PgDn", ["page-down"]), (.character(" "), "space", "Space", []),
        (.altUp, "alt-up", "Alt-Up", []), (.altDown, "alt-down", "Alt-Down", []),
        (.altBackspace, "alt-bs", "Alt-Backspace", ["alt-bspace", "alt-backspace"]),
        (.control("h"), "ctrl-h", "Ctrl-H", ["ctrl-bs", "ctrl-bspace", "ctrl-backspace"]),
        (.control("_"), "ctrl-/", "Ctrl-/", ["ctrl-_"]), (.control("^"), "ctrl-^", "Ctrl-^", ["ctrl-6"]),
        (.control(" "), "ctrl-space", "Ctrl-Space", []), (.alt(" "), "alt-space", "Alt-Space", []),
    ]

    /// The keys fzf modifies with Shift, Alt and Ctrl, as it names them in combinations.
    static let modifiable = ["up", "down", "left", "right", "home", "end", "delete", "page-up", "page-down"]
    /// fzf's modifier prefixes, canonical first, with the other orders it reads.
    private static let modifiers: [(canonical: String, others: [String])] = [
        ("shift-", []), ("alt-", []), ("ctrl-", []), ("alt-shift-", ["shift-alt-"]), ("ctrl-alt-", ["alt-ctrl-"]),
        ("ctrl-shift-", ["shift-ctrl-"]), ("ctrl-alt-shift-", []),
    ]
    /// Keys named by fzf with no case here: mouse buttons and wheels, and a few with Alt.
    static let otherNames: Set<String> = [
        "left-click", "right-click", "shift-left-click", "shift-right-click", "double-click", "scroll-up", "scroll-down",
        "shift-scroll-up", "shift-scroll-down", "preview-scroll-up", "preview-scroll-down", "alt-enter",
    ]
    /// fzf's names for Ctrl-Alt-Backspace, which terminals send as ESC BS: Ctrl-Alt-H.
    private static let controlAltBackspace: Set<String> = ["ctrl-alt-bs", "ctrl-alt-bspace", "ctrl-alt-backspace"]

    /// The key's name in `--bind`: "ctrl-x", "f2", "pgdn", "a".
    public static func bindName(_ key: Key) -> String {
        if let entry = named.first(where: { $0.0 == key }) { return entry.bind }
        switch key {
        case .function(let number): return "f\(number)"
        case .control(let character): return "ctrl-\(character)"
        case .alt(let character): return "alt-\(character)"
        case .character(let character): return String(character)
        case .named(let name): return name
        case .event(let event): return event.rawValue
        default: return key.description
        }
    }

    /// The key as the help shows it: "Ctrl-X", "F2", "PgDn", "Ctrl-Alt-Up".
    public static func label(_ key: Key) -> String {
        if let entry = named.first(where: { $0.0 == key }) { return entry.label }
        switch key {
        case .function(let number): return "F\(number)"
        case .control(let character): return "Ctrl-\(character.uppercased())"
        case .alt(let character): return "Alt-\(character)"
        case .character(let character): return String(character)
        case .named(let name):
            return name.split(separator: "-").map { $0.count == 1 ? $0.uppercased() : $0.prefix(1).uppercased() + $0.dropFirst() }
                .joined(separator: "-")
        case .event(let event): return "on \(event.rawValue)"
        default: return key.description
        }
    }

    /// The forms of key names `--bind` reads, for messages.
    public static let validNames =
        "ctrl-a…ctrl-z, ctrl-space, ctrl-/, ctrl-\\, ctrl-], ctrl-^, alt-CHAR (alt-1, alt-p, …), ctrl-alt-a…ctrl-alt-z, "
        + "f1…f12, a printable character (a, J, /), "
        + named.map(\.bind).filter { $0.count > 1 && !$0.hasPrefix("ctrl-") }.joined(separator: ", ")
        + ", [shift-|alt-|ctrl-|alt-shift-|ctrl-alt-|ctrl-shift-|ctrl-alt-shift-]{" + modifiable.joined(separator: ",") + "}, "
        + otherNames.sorted().joined(separator: ", ") + "; events: " + KeyEvent.allCases.map(\.rawValue).joined(separator: ", ")

    /// Reads a `--bind` key name; nil when it names no key.
    public static func parse(_ name: String) -> Key? {
        let lower = name.lowercased()
        if let event = KeyEvent(rawValue: lower) { return .event(event) }
        if let entry = named.first(where: { $0.bind == lower || $0.aliases.contains(lower) }) { return entry.0 }
        if otherNames.contains(lower) { return .named(lower) }
        if controlAltBackspace.contains(lower) { return .named("ctrl-alt-h") }
        if lower == "alt-return" { return .named("alt-enter") }
        if let modified = modifiedKey(lower) { return modified }
        if lower.hasPrefix("ctrl-alt-"), lower.count == 10, let letter = lower.last, letter.isASCII, letter.isLetter {
            return .named(lower)
        }
        if lower.hasPrefix("ctrl-") {
            let rest = lower.dropFirst(5)
            guard rest.count == 1, let character = rest.first, character.isASCII, character.isLetter || "\\]".contains(character)
            else { return nil }
            // Tab and Enter send Ctrl-I and Ctrl-M's bytes: those names are the aliases above.
            return .control(character)
        }
        if lower.hasPrefix("alt-") {
            // The character as written: alt-P is Alt-Shift-P, which terminals send as ESC P.
            let rest = name.dropFirst(4)
            guard rest.count == 1, let character = rest.first, !character.isWhitespace,
                character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
            else { return nil }
            return .alt(character)
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) { return .function(number) }
        // A printable key: bound, it no longer types (`--bind j:down` with `--disabled`).
        if name.count == 1, let character = name.first, !character.isWhitespace,
            character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
        {
            return .character(character)
        }
        return nil
    }

    /// A modifier prefix and one of `modifiable` (`ctrl-alt-up`, `shift-alt-home`), in its
    /// canonical spelling; the combinations with a case of their own come back as that case.
    private static func modifiedKey(_ lower: String) -> Key? {
        for (canonical, others) in modifiers {
            for prefix in [canonical] + others where lower.hasPrefix(prefix) {
                let base = String(lower.dropFirst(prefix.count))
                guard modifiable.contains(base) else { continue }
                let name = canonical + base
                return named.first(where: { $0.bind == name })?.0 ?? .named(name)
            }
        }
        return nil
    }

    /// A key sent with xterm's modifier parameter (`ESC [1;5A`: 2 Shift, 3 Alt, 4 Alt-Shift,
    /// 5 Ctrl, 6 Ctrl-Shift, 7 Ctrl-Alt, 8 Ctrl-Alt-Shift) on one of `modifiable`.
    static func modified(_ base: String, modifier: Int) -> Key? {
        let prefixes = [2: "shift-", 3: "alt-", 4: "alt-shift-", 5: "ctrl-", 6: "ctrl-shift-", 7: "ctrl-alt-", 8: "ctrl-alt-shift-"]
        guard let prefix = prefixes[modifier] else { return nil }
        return modifiedKey(prefix + base)
    }

    /// A curses extended key by its terminfo name (`kUP5`, `kDC3`, `kNXT6`); nil for others.
    static func terminfoKey(_ capability: String) -> Key? {
        let bases = [
            "kUP": "up", "kDN": "down", "kLFT": "left", "kRIT": "right", "kHOM": "home", "kEND": "end", "kDC": "delete",
            "kPRV": "page-up", "kNXT": "page-down",
        ]
        guard let digit = capability.last?.wholeNumberValue, let base = bases[String(capability.dropLast())] else { return nil }
        return modified(base, modifier: digit)
    }
}
