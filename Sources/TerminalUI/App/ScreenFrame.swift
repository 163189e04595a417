/// fzf's `--margin`, `--border` (with `--border-label`) and `--padding`: the space around the
/// interface, from the outside in. The panes are laid out in what is left (`inner(of:)`).
public struct ScreenFrame: Sendable, Hashable {
    /// fzf's border styles: a box in one of its line styles, or some of its sides.
    public enum Border: String, Sendable, Hashable, CaseIterable {
        case rounded, sharp, bold, double, block, thinblock, dashed, horizontal, vertical, top, bottom, left, right, none

        public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

        /// Which sides it draws: top, right, bottom, left.
        public var sides: (top: Bool, right: Bool, bottom: Bool, left: Bool) {
            switch self {
            case .rounded, .sharp, .bold, .double, .block, .thinblock, .dashed: (true, true, true, true)
            case .horizontal: (true, false, true, false)
            case .vertical: (false, true, false, true)
            case .top: (true, false, false, false)
            case .bottom: (false, false, true, false)
            case .left: (false, false, false, true)
            case .right: (false, true, false, false)
            case .none: (false, false, false, false)
            }
        }

        /// Corners (top-left, top-right, bottom-left, bottom-right), then top, bottom, left, right lines.
        var glyphs: [Character] {
            switch self {
            case .sharp: ["┌", "┐", "└", "┘", "─", "─", "│", "│"]
            case .bold: ["┏", "┓", "┗", "┛", "━", "━", "┃", "┃"]
            case .double: ["╔", "╗", "╚", "╝", "═", "═", "║", "║"]
            case .block: ["▛", "▜", "▙", "▟", "▀", "▄", "▌", "▐"]
            case .thinblock: ["🭽", "🭾", "🭼", "🭿", "▔", "▁", "▏", "▕"]
            // Rounded corners, sparse stubs across, more dashes down (cells are taller than wide).
            case .dashed: ["╭", "╮", "╰", "╯", "╶", "╶", "┆", "┆"]
            default: ["╭", "╮", "╰", "╯", "─", "─", "│", "│"]
            }
        }

        /// Where a rule across the box meets its left and right sides (fzf's T-junctions).
        var junctions: (left: Character, right: Character) {
            switch self {
            case .bold: ("┣", "┫")
            case .double: ("╠", "╣")
            case .block: ("▌", "▐")
            case .thinblock: ("▏", "▕")
            default: ("├", "┤")
            }
        }

        /// Draws its sides around `rect` (corners where two sides meet).
        func draw(_ rect: Rect, into canvas: inout Canvas, style line: Style) {
            guard rect.width >= 1, rect.height >= 1 else { return }
            let g = glyphs
            let s = sides
            let (top, bottom, left, right) = (rect.y, rect.maxY - 1, rect.x, rect.maxX - 1)
            if s.top { canvas.drawHorizontalLine(x: left, y: top, length: rect.width, glyph: g[4], style: line) }
            if s.bottom { canvas.drawHorizontalLine(x: left, y: bottom, length: rect.width, glyph: g[5], style: line) }
            if s.left { canvas.drawVerticalLine(x: left, y: top, length: rect.height, glyph: g[6], style: line) }
            if s.right { canvas.drawVerticalLine(x: right, y: top, length: rect.height, glyph: g[7], style: line) }
            guard rect.width >= 2 else { return }
            // One row: fzf's bottom side is drawn over the top one, with its corners.
            if rect.height == 1, s.bottom {
                if s.left { canvas.write(String(g[2]), x: left, y: top, style: line) }
                if s.right { canvas.write(String(g[3]), x: right, y: top, style: line) }
                return
            }
            guard rect.height >= 2 else { return }
            if s.top && s.left { canvas.write(String(g[0]), x: left, y: top, style: line) }
            if s.top && s.right { canvas.write(String(g[1]), x: right, y: top, style: line) }
            if s.bottom && s.left { canvas.write(String(g[2]), x: left, y: bottom, style: line) }
            if s.bottom && s.right { canvas.write(String(g[3]), x: right, y: bottom, style: line) }
        }
    }

    /// A margin or padding side: cells, or a percentage of the screen's width (left, right)
    /// or height (top, bottom).
    public enum Length: Sendable, Hashable {
        case cells(Int)
        case percent(Int)

        func cells(of total: Int) -> Int {
            switch self {
            case .cells(let n): n
            case .percent(let p): total * p / 100
            }
        }
    }

    /// fzf's TRBL form: one value for every side; two: vertical, horizontal; three: top,
    /// horizontal, bottom; four: top, right, bottom, left.
    public struct Edges: Sendable, Hashable {
        public var top = Length.cells(0), right = Length.cells(0), bottom = Length.cells(0), left = Length.cells(0)

        public static let zero = Edges()

        public init() {}

        public static func parse(_ text: String) -> Edges? {
            let values = text.split(separator: ",", omittingEmptySubsequences: false).map { Self.length(String($0)) }
            guard !values.contains(where: { $0 == nil }) else { return nil }
            let v = values.compactMap { $0 }
            var edges = Edges()
            switch v.count {
            case 1: (edges.top, edges.right, edges.bottom, edges.left) = (v[0], v[0], v[0], v[0])
            case 2: (edges.top, edges.right, edges.bottom, edges.left) = (v[0], v[1], v[0], v[1])
            case 3: (edges.top, edges.right, edges.bottom, edges.left) = (v[0], v[1], v[2], v[1])
            case 4: (edges.top, edges.right, edges.bottom, edges.left) = (v[0], v[1], v[2], v[3])
            default: return nil
            }
            return edges
        }

        private static func length(_ text: String) -> Length? {
            let percent = text.hasSuffix("%")
            let digits = percent ? String(text.dropLast()) : text
            guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits) else { return nil }
            if percent { return n <= 100 ? .percent(n) : nil }
            return n <= 1000 ? .cells(n) : nil
        }

        func inset(_ rect: Rect, screen: Rect) -> Rect {
            rect.inset(
                top: top.cells(of: screen.height), left: left.cells(of: screen.width),
                bottom: bottom.cells(of: screen.height), right: right.cells(of: screen.width))
        }
    }

    public var border = Border.none
    /// fzf's `--border-label`, in the top border (or the bottom one), and where: 0 centred,
    /// N columns from the left, -N from the right.
    public var label: String?
    public var labelPosition = 0
    public var labelAtBottom = false
    public var margin = Edges.zero
    public var padding = Edges.zero

    public init() {}

    /// The border's rect (inside the margin).
    func borderRect(of screen: Rect) -> Rect { margin.inset(screen, screen: screen) }

    /// What the panes have: inside the margin, the border and the padding.
    func inner(of screen: Rect) -> Rect {
        let outer = borderRect(of: screen)
        let s = border.sides
        let inside = outer.inset(top: s.top ? 1 : 0, left: s.left ? 1 : 0, bottom: s.bottom ? 1 : 0, right: s.right ? 1 : 0)
        let padded = padding.inset(inside, screen: screen)
        return Rect(x: padded.x, y: padded.y, width: max(0, padded.width), height: max(0, padded.height))
    }

    /// Draws the border and its label around the panes.
    func draw(on screen: Rect, into canvas: inout Canvas, line: Style, labelStyle: Style) {
        guard border != .none else { return }
        let rect = borderRect(of: screen)
        guard rect.width >= 2, rect.height >= 2 else { return }
        border.draw(rect, into: &canvas, style: line)
        let s = border.sides
        let (top, bottom) = (rect.y, rect.maxY - 1)
        guard let label, !label.isEmpty, labelAtBottom ? s.bottom : s.top else { return }
        let y = labelAtBottom ? bottom : top
        Self.drawLabel(label, column: labelPosition, on: Rect(x: rect.x, y: y, width: rect.width, height: 1), style: labelStyle, into: &canvas)
    }

    /// A label on a border's row, as fzf places its labels (`--border-label-pos`,
    /// `--preview-label-pos`, `--list-label-pos`, …): centred at 0, from the N-th column, or
    /// ending N columns from the right at -N; cut with fzf's `··` when longer than the row.
    static func drawLabel(_ text: String, column: Int, on row: Rect, style: Style, into canvas: inout Canvas) {
        let width = row.width
        guard width > 0, !text.isEmpty else { return }
        let ellipsis = "··"
        let shown = text.displayWidth > width ? text.truncated(toWidth: max(0, width - ellipsis.displayWidth), ellipsis: "") + ellipsis : text
        let x = labelX(width: min(text.displayWidth, width), position: column, on: row.x..<row.maxX)
        canvas.write(shown, x: x, y: row.y, style: style, maxWidth: row.maxX - x)
    }

    /// Where a label `width` columns wide goes on a rule across `span`, as fzf places its
    /// labels (`--border-label-pos`, `--preview-label-pos`): centred at 0, N columns from the
    /// start, -N from the end, never onto the rule's two end columns.
    static func labelX(width: Int, position: Int, on span: Range<Int>) -> Int {
        if position == 0 { return span.lowerBound + max(0, (span.count - width) / 2) }
        if position > 0 { return span.lowerBound + max(0, min(position - 1, span.count - width)) }
        return span.lowerBound + max(0, span.count + position + 1 - width)
    }
}
