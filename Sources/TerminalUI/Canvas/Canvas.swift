/// A grid of styled cells that widgets draw into, independent of any terminal (like
/// ratatui's `Buffer`). The event loop hands a fresh canvas to the app for each frame and
/// copies the result to curses; tests draw into one and read `lines` back.
///
/// Coordinates are columns (`x`) and rows (`y`) from the top-left, 0-based. Everything
/// outside the canvas is silently clipped, so widgets need not check bounds.
public struct Canvas: Sendable, Hashable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    /// Row-major: the cell at (x, y) is `cells[y * width + x]`.
    public private(set) var cells: [Cell]
    /// Images to send after the cells, each at its place (see `Canvas+Graphics`).
    public internal(set) var graphics: [CanvasGraphic] = []

    public init(width: Int, height: Int, style: Style = .plain) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank(style), count: self.width * self.height)
    }

    /// The whole canvas as a rectangle, the starting point for layout.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// How text that does not fit is cut.
    public enum Overflow: Sendable, Hashable {
        /// Cut at the limit.
        case clip
        /// Cut one column earlier and end with "…".
        case ellipsis
    }

    // MARK: Reading

    /// The cell at (x, y), or nil outside the canvas.
    public func cell(x: Int, y: Int) -> Cell? {
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        return cells[y * width + x]
    }

    /// The style at (x, y), or nil outside the canvas: for tests asserting highlights.
    public func style(x: Int, y: Int) -> Style? { cell(x: x, y: y)?.style }

    /// Row `y` as text. Wide characters appear once (their continuation cell adds nothing).
    /// Trailing spaces are trimmed unless `trimmed` is false, so tests can compare
    /// `"abc"` without counting the padding up to the canvas width.
    public func line(_ y: Int, trimmed: Bool = true) -> String {
        guard y >= 0, y < height else { return "" }
        var text = ""
        for x in 0..<width { text += cells[y * width + x].text }
        guard trimmed else { return text }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Every row as text, trailing spaces trimmed (see `line(_:trimmed:)`).
    public var lines: [String] { (0..<height).map { line($0) } }

    /// Row `y` cut into runs of equal style, left to right, covering the whole width.
    public func runs(inLine y: Int) -> [StyledRun] {
        runs(inLine: y, columns: 0..<width)
    }

    /// The lines joined with newlines: what a test prints when a comparison fails.
    public var description: String { lines.joined(separator: "\n") }

    // MARK: Writing

    /// Writes `text` starting at (x, y) and returns how many columns it advanced, so the
    /// next piece can go at `x + result`.
    ///
    /// The text stops at the canvas's right edge and after `maxWidth` columns. A wide
    /// character that would straddle that limit is replaced by a space rather than split.
    /// Control characters are drawn as spaces (tab, newline) or "�"; text never wraps.
    @discardableResult
    public mutating func write(
        _ text: String, x: Int, y: Int, style: Style = .plain,
        maxWidth: Int? = nil, overflow: Overflow = .clip
    ) -> Int {
        write([(text, style)], x: x, y: y, maxWidth: maxWidth, overflow: overflow)
    }

    /// Writes styled pieces one after the other (a hit with its highlighted words), with
    /// the same clipping as `write(_:x:y:style:maxWidth:overflow:)`. With `.ellipsis`, the
    /// "…" takes the style of the piece that was cut.
    @discardableResult
    public mutating func write(
        _ segments: [(String, Style)], x: Int, y: Int,
        maxWidth: Int? = nil, overflow: Overflow = .clip
    ) -> Int {
        guard y >= 0, y < height else { return 0 }
        let limit = maxWidth.map { x + max(0, $0) } ?? Int.max
        let right = min(width, limit)
        guard right > x else { return 0 }

        var pieces = segments
        if overflow == .ellipsis {
            pieces = Self.withEllipsis(segments, columns: right - x)
        }

        var column = x
        for (text, style) in pieces {
            var stopped = false
            TextWidth.forEachCluster(in: text) { cluster in
                if column + cluster.width > right {
                    // The cluster does not fit: fill what is left of the limit with
                    // spaces instead of drawing half a wide character.
                    while column < right { put(" ", width: 1, x: column, y: y, style: style); column += 1 }
                    stopped = true
                    return false
                }
                if column < 0 {
                    // Clipped on the left; a wide character cut by the edge shows as a space.
                    if column + cluster.width > 0 { put(" ", width: 1, x: 0, y: y, style: style) }
                } else {
                    put(cluster.text, width: cluster.width, x: column, y: y, style: style)
                }
                column += cluster.width
                return true
            }
            if stopped { break }
        }
        return max(0, column - x)
    }

    /// Fills `rect` (clipped to the canvas) with `character` in `style`. A wide fill
    /// character that does not fit at the right side of the rectangle becomes a space.
    public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        // One cluster (a rule's "─", a space): measured once, not once a cell; every frame
        // draws its rules across the screen.
        let clusters = TextWidth.clusters(of: character)
        if clusters.count == 1, let cluster = clusters.first {
            for row in area.y..<area.maxY {
                var column = area.x
                while column + cluster.width <= area.maxX {
                    put(cluster.text, width: cluster.width, x: column, y: row, style: style)
                    column += cluster.width
                }
                while column < area.maxX {
                    put(" ", width: 1, x: column, y: row, style: style)
                    column += 1
                }
            }
            return
        }
        let pattern = String(repeating: String(character), count: area.width)
        for row in area.y..<area.maxY {
            let written = write(pattern, x: area.x, y: row, style: style, maxWidth: area.width)
            // A zero-width fill character writes nothing; still clear the area.
            if written < area.width {
                write(String(repeating: " ", count: area.width - written), x: area.x + written, y: row, style: style)
            }
        }
    }

    /// Resets every cell to a space in `style`.
    public mutating func clear(style: Style = .plain) {
        for i in cells.indices { cells[i] = .blank(style) }
    }

    /// Draws `style` over the cells of `rect` without changing their text: its colours
    /// replace the cells' where not `.default`, its attributes are added (see
    /// `Style.patched(with:)`). This is how a selected row gets its background after the
    /// row was drawn.
    public mutating func applyStyle(_ style: Style, to rect: Rect) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for row in area.y..<area.maxY {
            for column in area.x..<area.maxX {
                let i = row * width + column
                cells[i].style = cells[i].style.patched(with: style)
            }
        }
    }

    /// Every cell within `rect` restyled by `change` (the selected hit: its row's look, and
    /// fzf's hl+ for its highlights).
    public mutating func restyle(_ rect: Rect, _ change: (Style) -> Style) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for row in area.y..<area.maxY {
            for column in area.x..<area.maxX {
                cells[row * width + column].style = change(cells[row * width + column].style)
            }
        }
    }

    /// Every cell within `rect` with `tint` laid over it (`Style.tinted(with:)`).
    public mutating func tint(_ rect: Rect, with tint: Style) {
        guard tint != .plain else { return }
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for row in area.y..<area.maxY {
            for column in area.x..<area.maxX {
                cells[row * width + column].style = cells[row * width + column].style.tinted(with: tint)
            }
        }
    }

    /// Puts one character at (x, y); returns the columns it took (0 if outside or empty).
    @discardableResult
    public mutating func set(_ character: Character, x: Int, y: Int, style: Style = .plain) -> Int {
        write(String(character), x: x, y: y, style: style)
    }

    // MARK: Internals

    /// Stores one cluster, first blanking any wide character it would cut in half: a
    /// continuation cell under it loses its left half, and a wide character starting under
    /// its last column loses its right half.
    private mutating func put(_ text: String, width w: Int, x: Int, y: Int, style: Style) {
        guard x >= 0, x + w <= width, y >= 0, y < height else { return }
        let start = y * width + x
        if cells[start].isContinuation, x > 0 {
            cells[start - 1] = .blank(cells[start - 1].style)
        }
        let lastColumn = x + w - 1
        if lastColumn + 1 < width, cells[start + w].isContinuation {
            cells[start + w] = .blank(cells[start + w].style)
        }
        cells[start] = Cell(text: text, style: style)
        if w == 2 { cells[start + 1] = .continuation(style) }
    }

    /// `segments` shortened to `columns` with a trailing "…" if they are wider than that.
    private static func withEllipsis(_ segments: [(String, Style)], columns: Int) -> [(String, Style)] {
        let total = segments.reduce(0) { $0 + $1.0.displayWidth }
        guard total > columns, columns > 0 else { return segments }
        var budget = columns - 1
        var result: [(String, Style)] = []
        for (text, style) in segments {
            let w = text.displayWidth
            if w <= budget {
                result.append((text, style))
                budget -= w
                continue
            }
            // Cut inside this piece; `truncated` with an empty ellipsis never splits a
            // wide character.
            let cut = text.truncated(toWidth: budget, ellipsis: "")
            result.append((cut + "…", style))
            break
        }
        return result
    }
}
