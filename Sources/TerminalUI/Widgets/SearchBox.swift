import InstantSearchCore

/// The query line: an editable text with a cursor. Like every widget it answers an action with
/// whether it handled it and the intents for the hub (`setQuery` with the new text); the
/// searcher's strategy decides when a search follows. `edit(_:)` is the editing alone, for
/// the small inputs that are no query (a typed range).
public struct SearchBox: Equatable, Sendable {
    public private(set) var text = ""
    /// Cursor position in characters (grapheme clusters), 0...text.count: always between two
    /// characters of `text`, whatever was typed or deleted.
    public private(set) var cursor = 0
    public var placeholder = "Search"
    /// What the last kill took (Ctrl-W, Ctrl-U, Alt-D, Alt-Backspace, kill-line): what yank puts back.
    public private(set) var killed = ""
    /// What stands before the query (fzf's `--prompt`).
    public var prompt = SearchBox.defaultPrompt
    public static let defaultPrompt = "❯ "
    /// Normal mode (`--keymap vim`): the prompt says so, and the query takes no keys.
    public var inNormalMode = false
    static let normalModeLabel = "normal "
    /// The prompt as drawn: in normal mode, named so.
    public var shownPrompt: String { inNormalMode ? Self.normalModeLabel + prompt : prompt }
    /// Word motions stop at `/` too, and only there and at white space (fzf's `--filepath-word`).
    public var pathWords = false

    public init(placeholder: String = "Search") {
        self.placeholder = placeholder
    }

    /// Types one character at the cursor.
    public mutating func insert(_ character: Character) {
        insert(String(character))
    }

    /// Inserts `pasted` at the cursor as one edit, in time linear in the text's length.
    ///
    /// What is typed may combine with what stands beside it (an accent typed after its letter,
    /// the second half of a flag, a Hangul vowel after its consonant, a joiner): the text is
    /// then fewer characters than before plus typed. The cursor goes to the end of what was
    /// typed, moved on to the next character boundary when that end fell inside a character.
    public mutating func insert(_ pasted: String) {
        guard !pasted.isEmpty else { return }
        let characters = Array(text)
        let before = String(characters[..<cursor])
        let edited = before + pasted + String(characters[cursor...])
        setText(edited, cursorAtUTF8Offset: before.utf8.count + pasted.utf8.count)
    }

    /// Replaces the whole query (a query from the history), cursor at its end.
    public mutating func replace(with newText: String) {
        text = newText
        cursor = newText.count
    }

    /// An editing action on the query: handled or not, and `setQuery` when the text changed.
    @discardableResult
    public mutating func perform(_ action: KeyAction) -> (handled: Bool, intents: [SearchIntent]) {
        let before = text
        guard edit(action) else { return (false, []) }
        return (true, text == before ? [] : [.setQuery(text)])
    }

    /// Applies an editing action; false for actions that do not edit the text.
    ///
    /// Every action works on whole characters (grapheme clusters: `é` typed as `e` and an
    /// accent, a flag, a Hangul syllable typed as jamo, an emoji joined by ZWJ): arrows step
    /// over one, Backspace and Delete remove one, so the cursor never stands inside one.
    @discardableResult
    public mutating func edit(_ action: KeyAction) -> Bool {
        var characters = Array(text)
        switch action {
        case .backwardDeleteChar:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .deleteChar:
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .backwardChar: cursor = max(0, cursor - 1); return true
        case .forwardChar: cursor = min(characters.count, cursor + 1); return true
        case .beginningOfLine: cursor = 0; return true
        case .endOfLine: cursor = characters.count; return true
        case .unixLineDiscard:
            // fzf's and readline's: what stands before the cursor goes, what follows it stays.
            guard cursor > 0 else { return true }
            killed = String(characters[..<cursor])
            characters.removeSubrange(..<cursor)
            cursor = 0
        case .killLine:
            killed = String(characters[cursor...])
            characters.removeSubrange(cursor...)
        case .yank:
            insert(killed)
            return true
        case .unixWordRubout:
            let start = Self.startOfWord(before: cursor, in: characters)
            killed = String(characters[start..<cursor])
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .backwardWord: cursor = Self.wordStart(before: cursor, in: characters, pathWords: pathWords); return true
        case .forwardWord: cursor = Self.wordEnd(after: cursor, in: characters, pathWords: pathWords); return true
        case .killWord:
            let end = Self.wordEnd(after: cursor, in: characters, pathWords: pathWords)
            killed = String(characters[cursor..<end])
            characters.removeSubrange(cursor..<end)
        case .backwardKillWord:
            let start = Self.wordStart(before: cursor, in: characters, pathWords: pathWords)
            killed = String(characters[start..<cursor])
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .backwardSubword: cursor = Self.subwordStart(before: cursor, in: characters); return true
        case .forwardSubword: cursor = Self.subwordEnd(after: cursor, in: characters); return true
        case .killSubword:
            let end = Self.subwordEnd(after: cursor, in: characters)
            killed = String(characters[cursor..<end])
            characters.removeSubrange(cursor..<end)
        case .backwardKillSubword:
            let start = Self.subwordStart(before: cursor, in: characters)
            killed = String(characters[start..<cursor])
            characters.removeSubrange(start..<cursor)
            cursor = start
        default:
            return false
        }
        // What stood on either side of a deletion may join into one character (a consonant
        // and a vowel once the letter between them is gone): place the cursor on the new text.
        setText(String(characters), cursorAtUTF8Offset: String(characters[..<cursor]).utf8.count)
        return true
    }

    /// Sets the text and puts the cursor at the character boundary at or after `offset`
    /// (UTF-8 bytes into `newText`): the cursor counts characters, and a byte offset is the
    /// one position that means the same before and after characters combine.
    private mutating func setText(_ newText: String, cursorAtUTF8Offset offset: Int) {
        let target = newText.utf8.index(newText.startIndex, offsetBy: min(offset, newText.utf8.count))
        var position = newText.startIndex
        var count = 0
        while position < target {
            newText.formIndex(after: &position)
            count += 1
        }
        text = newText
        cursor = count
    }

    /// Readline's words, which Alt-B, Alt-F, Alt-D and Alt-Backspace move over: letters and
    /// digits; with `pathWords` (fzf's `--filepath-word`) anything but white space and `/`.
    static func isWordCharacter(_ character: Character, pathWords: Bool) -> Bool {
        pathWords ? !character.isWhitespace && character != "/" : character.isLetter || character.isNumber
    }

    /// fzf's subwords: letters and digits, split where a lower-case letter meets an upper-case
    /// one (`fooFooBar` is foo, Foo, Bar); `-`, `_` and the rest stand between them.
    static func subwordStart(before position: Int, in characters: [Character]) -> Int {
        var start = position
        while start > 0, !isWordCharacter(characters[start - 1], pathWords: false) { start -= 1 }
        while start > 0, isWordCharacter(characters[start - 1], pathWords: false) {
            start -= 1
            if characters[start].isUppercase, start > 0, characters[start - 1].isLowercase { break }
        }
        return start
    }

    static func subwordEnd(after position: Int, in characters: [Character]) -> Int {
        var end = position
        while end < characters.count, !isWordCharacter(characters[end], pathWords: false) { end += 1 }
        if end < characters.count { end += 1 }
        while end < characters.count, isWordCharacter(characters[end], pathWords: false),
            !(characters[end].isUppercase && characters[end - 1].isLowercase)
        {
            end += 1
        }
        return end
    }

    /// Where a backward word motion stops: back over what is not a word, then over the word.
    static func wordStart(before position: Int, in characters: [Character], pathWords: Bool) -> Int {
        var start = position
        while start > 0, !isWordCharacter(characters[start - 1], pathWords: pathWords) { start -= 1 }
        while start > 0, isWordCharacter(characters[start - 1], pathWords: pathWords) { start -= 1 }
        return start
    }

    /// Where a forward word motion stops: on over what is not a word, then past the word.
    static func wordEnd(after position: Int, in characters: [Character], pathWords: Bool) -> Int {
        var end = position
        while end < characters.count, !isWordCharacter(characters[end], pathWords: pathWords) { end += 1 }
        while end < characters.count, isWordCharacter(characters[end], pathWords: pathWords) { end += 1 }
        return end
    }

    /// Where Ctrl-W stops: back over spaces, then over the word before them.
    static func startOfWord(before position: Int, in characters: [Character]) -> Int {
        var start = position
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        return start
    }

    /// Draws the prompt and the text, scrolled so the cursor stays visible; returns the
    /// cursor's screen column.
    @discardableResult
    public func render(_ area: Rect, _ canvas: inout Canvas) -> Int {
        let promptWidth = canvas.write(shownPrompt, x: area.x, y: area.y, style: Theme.prompt, maxWidth: area.width)
        let room = max(1, area.width - promptWidth - 1)
        let x = area.x + promptWidth
        guard !text.isEmpty else {
            canvas.write(placeholder, x: x, y: area.y, style: Theme.secondary, maxWidth: room, overflow: .ellipsis)
            return x
        }
        // Scroll horizontally just enough to keep the cursor in view: walk back from the
        // cursor while the characters still fit (linear, whatever the query's length).
        let characters = Array(text)
        var first = cursor
        var width = 0
        while first > 0 {
            let next = characters[first - 1].displayWidth
            if width + next > room { break }
            width += next
            first -= 1
        }
        let visible = String(characters[first..<min(characters.count, first + room + 1)])
        canvas.write(visible, x: x, y: area.y, style: Theme.query, maxWidth: room)
        return x + width
    }
}
