/// The wide hits list's columns, measured on the hits in view: the title as wide as the
/// widest title (up to the room there is), the figure right-aligned just after it, then each
/// other display attribute in a column of its own (numbers right-aligned). When the row is too
/// narrow the title gives way first (down to `minimumTitle`), then the last columns are left out;
/// whatever is still too long ends with "…".
struct HitColumns {
    static let gap = 2
    static let minimumTitle = 16
    /// A text column is never wider than this; its values are cut with "…".
    static let maximumField = 28

    private(set) var titleWidth: Int
    private(set) var figureWidth: Int
    /// Per display field (by position in `HitDisplay.fields`): its width, 0 when left out.
    private(set) var fieldWidths: [Int]
    /// How a title longer than its column is cut.
    let window: MatchWindow.Settings

    init(displays: [HitDisplay], width: Int, window: MatchWindow.Settings = MatchWindow.Settings()) {
        self.window = window
        let titles = displays.map { $0.title.reduce(0) { $0 + $1.0.displayWidth } }.max() ?? 0
        figureWidth = displays.compactMap { $0.figure?.displayWidth }.max() ?? 0
        let fieldCount = displays.map(\.fields.count).max() ?? 0
        fieldWidths = (0..<fieldCount).map { i in
            let widths = displays.compactMap { $0.fields.indices.contains(i) ? $0.fields[i].cell.reduce(0) { $0 + $1.0.displayWidth } : nil }
            return min(widths.max() ?? 0, Self.maximumField)
        }
        func used(title: Int) -> Int {
            title + (figureWidth > 0 ? Self.gap + figureWidth : 0) + fieldWidths.reduce(0) { $0 + ($1 > 0 ? Self.gap + $1 : 0) }
        }
        titleWidth = titles
        if used(title: titleWidth) > width { titleWidth = max(Self.minimumTitle, width - used(title: 0)) }
        while used(title: titleWidth) > width, let last = fieldWidths.lastIndex(where: { $0 > 0 }) { fieldWidths[last] = 0 }
        titleWidth = min(titleWidth, max(1, width - used(title: 0)))
    }

    func draw(_ display: HitDisplay, x: Int, y: Int, into canvas: inout Canvas) {
        canvas.write(
            MatchWindow.fit(display.title, width: titleWidth, settings: window, isMatch: { $0 == Theme.highlight }), x: x, y: y, maxWidth: titleWidth,
            overflow: .ellipsis)
        var column = x + titleWidth
        if figureWidth > 0 {
            column += Self.gap
            if let figure = display.figure {
                canvas.write(figure, x: column + figureWidth - figure.displayWidth, y: y, style: Theme.title)
            }
            column += figureWidth
        }
        for (i, width) in fieldWidths.enumerated() where width > 0 {
            column += Self.gap
            if display.fields.indices.contains(i) {
                let field = display.fields[i]
                let textWidth = field.cell.reduce(0) { $0 + $1.0.displayWidth }
                let start = field.isNumber ? column + max(0, width - textWidth) : column
                canvas.write(field.cell, x: start, y: y, maxWidth: width - (start - column), overflow: .ellipsis)
            }
            column += width
        }
    }
}
