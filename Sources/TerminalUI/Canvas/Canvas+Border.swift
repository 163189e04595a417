/// The line style of a box drawn with Unicode box-drawing characters.
public enum BorderStyle: Sendable, Hashable, CaseIterable {
    case single  // ┌─┐
    case rounded  // ╭─╮
    case double  // ╔═╗
    case heavy  // ┏━┓

    /// Top-left, top-right, bottom-left, bottom-right, horizontal, vertical.
    var glyphs: (tl: Character, tr: Character, bl: Character, br: Character, h: Character, v: Character) {
        switch self {
        case .single: ("┌", "┐", "└", "┘", "─", "│")
        case .rounded: ("╭", "╮", "╰", "╯", "─", "│")
        case .double: ("╔", "╗", "╚", "╝", "═", "║")
        case .heavy: ("┏", "┓", "┗", "┛", "━", "┃")
        }
    }
}

extension Canvas {
    /// Draws a border around `rect` and returns the area inside it.
    ///
    /// The optional `title` sits in the top border, two columns in, padded with one space
    /// each side and cut with "…" to fit. A rectangle smaller than 2×2 gets no border
    /// (there is no room for one) and is returned unchanged.
    @discardableResult
    public mutating func drawBorder(
        _ rect: Rect, style border: BorderStyle = .rounded, lineStyle: Style = .plain,
        title: String? = nil, titleStyle: Style? = nil
    ) -> Rect {
        guard rect.width >= 2, rect.height >= 2 else { return rect }
        let g = border.glyphs
        let top = rect.y, bottom = rect.maxY - 1, left = rect.x, right = rect.maxX - 1
        drawHorizontalLine(x: left + 1, y: top, length: rect.width - 2, glyph: g.h, style: lineStyle)
        drawHorizontalLine(x: left + 1, y: bottom, length: rect.width - 2, glyph: g.h, style: lineStyle)
        drawVerticalLine(x: left, y: top + 1, length: rect.height - 2, glyph: g.v, style: lineStyle)
        drawVerticalLine(x: right, y: top + 1, length: rect.height - 2, glyph: g.v, style: lineStyle)
        set(g.tl, x: left, y: top, style: lineStyle)
        set(g.tr, x: right, y: top, style: lineStyle)
        set(g.bl, x: left, y: bottom, style: lineStyle)
        set(g.br, x: right, y: bottom, style: lineStyle)

        // Room for "─ title ─": two columns of border on each side of the padded title.
        if let title, !title.isEmpty, rect.width >= 7 {
            write(
                " \(title) ", x: left + 2, y: top, style: titleStyle ?? lineStyle,
                maxWidth: rect.width - 4, overflow: .ellipsis
            )
        }
        return rect.inset(1)
    }

    /// A horizontal rule of `length` cells starting at (x, y).
    public mutating func drawHorizontalLine(x: Int, y: Int, length: Int, glyph: Character = "─", style: Style = .plain) {
        guard length > 0 else { return }
        fill(Rect(x: x, y: y, width: length, height: 1), with: glyph, style: style)
    }

    /// A vertical rule of `length` cells starting at (x, y) and going down.
    public mutating func drawVerticalLine(x: Int, y: Int, length: Int, glyph: Character = "│", style: Style = .plain) {
        guard length > 0 else { return }
        fill(Rect(x: x, y: y, width: 1, height: length), with: glyph, style: style)
    }
}
