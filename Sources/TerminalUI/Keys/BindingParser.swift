/// Reads `--bind`'s value as fzf does: `KEY:ACTIONS[,KEY:ACTIONS…]`, where ACTIONS is a chain
/// `ACTION[+ACTION…]` and an action may carry an argument in one of fzf's delimiters —
/// `reload(cmd)`, `reload[cmd]`, `reload{cmd}`, `reload<cmd>`, a pair of the same character
/// among `~ ! @ # $ % ^ & * ; / |` (`reload~cmd~`), or `reload:cmd`, which takes the whole
/// rest of the value, commas and plus signs included. The first closing delimiter ends the
/// argument (there is no nesting: choose a delimiter the argument does not contain).
///
/// Every mistake names the column (from 1) where the part at fault starts.
struct BindingParser {
    struct Parsed: Equatable {
        var context: KeyContext
        var key: Key
        var actions: [BoundAction]
        /// fzf's `KEY:+ACTIONS`: added after what the key already runs.
        var appends = false
    }

    private let text: [Character]
    private var position = 0
    /// The last chain ended with `,`: another binding must follow (`f9:abort,` is a mistake).
    private var endedWithComma = false

    private init(_ text: String) {
        self.text = Array(text)
    }

    /// The bindings of a `--bind` value, left to right.
    static func bindings(_ list: String) throws(KeyBindingError) -> [Parsed] {
        var parser = BindingParser(list)
        var parsed: [Parsed] = []
        repeat {
            parsed.append(try parser.binding())
        } while parser.position < parser.text.count || parser.endedWithComma
        return parsed
    }

    /// A chain alone (`reload(ls)+first`): what `transform` prints and `--listen` receives.
    static func actions(_ chain: String) throws(KeyBindingError) -> [BoundAction] {
        var parser = BindingParser(chain)
        let actions = try parser.chain()
        if parser.position < parser.text.count || parser.endedWithComma {
            // Bindings are separated by commas; a chain alone has none.
            throw KeyBindingError(column: parser.position, problem: .unexpected(","))
        }
        return actions
    }

    private static let pairs: [Character: Character] = ["(": ")", "[": "]", "{": "}", "<": ">"]
    private static let symmetric: Set<Character> = ["~", "!", "@", "#", "$", "%", "^", "&", "*", ";", "/", "|"]

    private func error(at index: Int, _ problem: KeyTableError) -> KeyBindingError {
        KeyBindingError(column: index + 1, problem: problem)
    }

    private mutating func binding() throws(KeyBindingError) -> Parsed {
        let start = position
        var colon = position
        while colon < text.count {
            // `,` and `:` are keys too where a key starts or after `alt-` (`,:up`, `alt-::first`).
            let keyStarts = colon == start || String(text[start..<colon]).lowercased().hasSuffix("alt-")
            if text[colon] == ":" || text[colon] == ",", !keyStarts { break }
            colon += 1
        }
        guard colon < text.count, text[colon] == ":" else {
            throw error(at: start, .malformed(String(text[start..<colon])))
        }
        var keyStart = start
        var context = KeyContext.global
        // `CONTEXT/KEY`, unless the slash is the key's own (`ctrl-/`, `/`, `alt-/`).
        if let slash = text[start..<colon].firstIndex(of: "/"), slash > start, KeyName.parse(String(text[start..<colon])) == nil {
            let name = String(text[start..<slash])
            guard let named = KeyContext(rawValue: name) else { throw error(at: start, .unknownContext(name)) }
            context = named
            keyStart = slash + 1
        }
        let keyName = String(text[keyStart..<colon])
        guard let key = KeyName.parse(keyName) else { throw error(at: keyStart, .unknownKey(keyName)) }
        if case .event = key, context != .global { throw error(at: start, .eventInContext(keyName)) }
        position = colon + 1
        let appends = position < text.count && text[position] == "+"
        if appends { position += 1 }
        let actions = try chain()
        return Parsed(context: context, key: key, actions: actions, appends: appends)
    }

    /// `ACTION[+ACTION…]`, up to a `,` (consumed) or the end.
    private mutating func chain() throws(KeyBindingError) -> [BoundAction] {
        var actions: [BoundAction] = []
        endedWithComma = false
        while true {
            actions.append(try action())
            guard position < text.count else { return actions }
            let next = text[position]
            position += 1
            if next == "," {
                endedWithComma = true
                return actions
            }
            guard next == "+" else { throw error(at: position - 1, .unexpected(next)) }
        }
    }

    private mutating func action() throws(KeyBindingError) -> BoundAction {
        let start = position
        while position < text.count, text[position].isLetter || text[position].isNumber || text[position] == "-" { position += 1 }
        var name = String(text[start..<position])
        guard !name.isEmpty else { throw error(at: start, .missingAction) }
        // fzf's two names with a slash in them, which would otherwise open an argument.
        if text[position...].starts(with: "/eof"), KeyAction(name: name + "/eof") != nil {
            name += "/eof"
            position += 4
        }
        guard let action = KeyAction(name: name) else { throw error(at: start, .unknownAction(name)) }
        var argument: String?
        if position < text.count {
            let opener = text[position]
            if opener == ":" {
                argument = String(text[(position + 1)...])
                position = text.count
            } else if let closer = Self.pairs[opener] ?? (Self.symmetric.contains(opener) ? opener : nil) {
                guard let close = text[(position + 1)...].firstIndex(of: closer) else {
                    throw error(at: position, .unbalanced(action: name, opener: opener, closer: closer))
                }
                argument = String(text[(position + 1)..<close])
                position = close + 1
            }
        }
        switch (action.argument, argument) {
        case (.none, .some): throw error(at: start, .takesNoArgument(name))
        case (.command, .none), (.text, .none): throw error(at: start, .needsArgument(name))
        case (.command, .some(let command)) where command.allSatisfy(\.isWhitespace) && action.transformTarget == nil && action != .changePreview:
            // A transform-* of nothing sets nothing (fzf takes it), change-preview() closes the
            // preview; other commands need one.
            throw error(at: start, .needsArgument(name))
        default: return BoundAction(action, argument)
        }
    }
}
