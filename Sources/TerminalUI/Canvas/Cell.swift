/// One terminal cell.
///
/// A character two columns wide occupies two cells: the left one holds the text, the
/// right one is a *continuation* (empty text) so that column arithmetic stays simple and
/// nothing can be drawn into the second half of a wide character by accident.
public struct Cell: Sendable, Hashable {
    /// What is drawn: one printable character plus any zero-width marks that belong to it
    /// (so "e\u{301}" stays one cell), or "" for a continuation cell.
    public var text: String
    public var style: Style

    public init(text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }

    /// An empty cell: a space.
    public static func blank(_ style: Style = .plain) -> Cell { Cell(text: " ", style: style) }

    /// The right half of a wide character.
    public static func continuation(_ style: Style) -> Cell { Cell(text: "", style: style) }

    public var isContinuation: Bool { text.isEmpty }
}

/// A stretch of one line whose cells share one style: what the terminal layer writes with
/// a single curses call, and a convenient unit for tests ("the word 'tea' is highlighted").
public struct StyledRun: Sendable, Hashable, CustomStringConvertible {
    /// First column of the run.
    public var x: Int
    /// Columns covered, including the right halves of wide characters.
    public var width: Int
    public var text: String
    public var style: Style

    public init(x: Int, width: Int, text: String, style: Style) {
        self.x = x
        self.width = width
        self.text = text
        self.style = style
    }

    public var description: String { "\(x):\"\(text)\"[\(style)]" }
}
