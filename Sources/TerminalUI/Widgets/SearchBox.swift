import InstantSearchCore

/// The query line: an editable text with a cursor. Every edit goes to the hub at once;
/// the searcher's strategy decides when a search follows.
public final class SearchBox: InstantSearchWidget {
    public private(set) var text = ""
    /// Cursor position in characters, 0...text.count.
    public private(set) var cursor = 0
    public var placeholder = "Search"
    private let onChange: (String) -> Void

    public init(onChange: @escaping (String) -> Void) {
        self.onChange = onChange
    }

    /// Applies an editing key; returns false for keys that are not for the search box.
    public func handle(_ key: Key) -> Bool {
        var characters = Array(text)
        switch key {
        case .character(let c):
            characters.insert(c, at: cursor)
            cursor += 1
        case .backspace:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .control("u"):
            characters.removeAll()
            cursor = 0
        case .control("w"):
            let start = Self.startOfWord(before: cursor, in: characters)
            characters.removeSubrange(start..<cursor)
            cursor = start
        default:
            return false
        }
        let edited = String(characters)
        if edited != text {
            text = edited
            onChange(text)
        }
        return true
    }

    /// Inserts `pasted` at the cursor as one edit (one `onChange`), in time linear in the
    /// text's length.
    public func insert(_ pasted: String) {
        guard !pasted.isEmpty else { return }
        var characters = Array(text)
        let inserted = Array(pasted)
        characters.insert(contentsOf: inserted, at: cursor)
        cursor += inserted.count
        text = String(characters)
        onChange(text)
    }

    /// Replaces the whole text, cursor at its end: an initial query (fzf's `--query`).
    public func replaceText(_ newText: String) {
        cursor = newText.count
        guard newText != text else { return }
        text = newText
        onChange(text)
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
    public func draw(into canvas: inout Canvas, in area: Rect) -> Int {
        let prompt = "❯ "
        let promptWidth = canvas.write(prompt, x: area.x, y: area.y, style: Theme.title, maxWidth: area.width)
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
        canvas.write(visible, x: x, y: area.y, style: Theme.text, maxWidth: room)
        return x + width
    }
}
