/// The query line: an editable text with a cursor. It only edits; the app sends each new
/// text to the hub as an intent, and the searcher's strategy decides when a search follows.
public struct SearchBox: Equatable, Sendable {
    public private(set) var text = ""
    /// Cursor position in characters, 0...text.count.
    public private(set) var cursor = 0
    public var placeholder = "Search"

    public init(placeholder: String = "Search") {
        self.placeholder = placeholder
    }

    /// Types one character at the cursor.
    public mutating func insert(_ character: Character) {
        var characters = Array(text)
        characters.insert(character, at: cursor)
        text = String(characters)
        cursor += 1
    }

    /// Applies an editing action; false for actions that do not edit the query.
    @discardableResult
    public mutating func perform(_ action: KeyAction) -> Bool {
        var characters = Array(text)
        switch action {
        case .backwardDeleteChar:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .deleteChar:
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .backwardChar: cursor = max(0, cursor - 1)
        case .forwardChar: cursor = min(characters.count, cursor + 1)
        case .beginningOfLine: cursor = 0
        case .endOfLine: cursor = characters.count
        case .unixLineDiscard:
            characters.removeAll()
            cursor = 0
        case .unixWordRubout:
            let start = Self.startOfWord(before: cursor, in: characters)
            characters.removeSubrange(start..<cursor)
            cursor = start
        default:
            return false
        }
        text = String(characters)
        return true
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
        let prompt = "❯ "
        let promptWidth = canvas.write(prompt, x: area.x, y: area.y, style: Theme.title, maxWidth: area.width)
        let room = max(1, area.width - promptWidth - 1)
        let x = area.x + promptWidth
        guard !text.isEmpty else {
            canvas.write(placeholder, x: x, y: area.y, style: Theme.secondary, maxWidth: room, overflow: .ellipsis)
            return x
        }
        // Scroll horizontally just enough to keep the cursor in view.
        let characters = Array(text)
        var first = 0
        while String(characters[first..<cursor]).displayWidth > room { first += 1 }
        let visible = String(characters[first...])
        canvas.write(visible, x: x, y: area.y, style: Theme.text, maxWidth: room)
        return x + String(characters[first..<cursor]).displayWidth
    }
}
