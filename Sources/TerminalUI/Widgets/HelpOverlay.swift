/// The F1 overlay: every binding of the key table, in a box over the middle of the screen.
/// On a small terminal the list scrolls and the frame says there is more.
struct HelpOverlay {
    let lines: [[(String, Style)]]
    private(set) var list = ListState(followsSelection: false)
    /// Where the box goes on the current screen, set on resize.
    private(set) var box = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The widest the key column gets (the longest list of a standard binding's keys is wider).
    static let keyColumnLimit = 24

    init(table: KeyTable) {
        let groups = table.groups
        // The key column is as wide as its keys, up to `keyColumnLimit`: a longer list of keys
        // (the mouse's names) takes a line of its own, its action on the next.
        let keyWidth = min(groups.flatMap(\.rows).map { $0.keys.displayWidth }.max() ?? 10, Self.keyColumnLimit)
        var lines: [[(String, Style)]] = []
        for group in groups {
            if !lines.isEmpty { lines.append([]) }
            lines.append([(group.title, Theme.paneTitle)])
            for row in group.rows {
                var keys = row.keys
                if keys.displayWidth > keyWidth {
                    lines.append([("  " + keys, Theme.key)])
                    keys = ""
                }
                let padding = String(repeating: " ", count: keyWidth - keys.displayWidth)
                lines.append([("  " + keys + padding + "  ", Theme.key), (row.action, Theme.text)])
            }
        }
        self.lines = lines
        list.update(count: lines.count)
    }

    /// Places the box on a screen of this size and sizes the scrolled list to it.
    mutating func resize(screen: Rect) {
        let contentWidth = lines.map { $0.reduce(0) { $0 + $1.0.displayWidth } }.max() ?? 0
        let width = min(screen.width - 2, contentWidth + 4)
        let height = min(screen.height - 2, lines.count + 4)
        box = Rect(x: screen.x + (screen.width - width) / 2, y: screen.y + (screen.height - height) / 2, width: width, height: height)
        list.resize(visible: inside.height)
    }

    private var inside: Rect { box.inset(top: 2, left: 2, bottom: 1, right: 2) }

    /// Scrolling; false for other actions.
    mutating func perform(_ action: KeyAction) -> Bool {
        switch action {
        case .down: list.scroll(by: 1)
        case .up: list.scroll(by: -1)
        case .pageDown: list.scroll(by: list.page)
        case .pageUp: list.scroll(by: -list.page)
        default: return false
        }
        return true
    }

    func render(_ canvas: inout Canvas) {
        let inside = self.inside
        canvas.fill(box)
        canvas.drawBorder(box, lineStyle: Theme.title, title: " Keys — Esc or F1 closes ", titleStyle: Theme.focusedPaneTitle)
        for (row, line) in lines[list.visibleRange].enumerated() where row < inside.height {
            canvas.write(line, x: inside.x, y: inside.y + row, maxWidth: inside.width, overflow: .ellipsis)
        }
        if list.offset + list.visible < lines.count {
            canvas.write(" ↓ more: Down, PgDn ", x: box.maxX - 22, y: box.maxY - 1, style: Theme.focusedPaneTitle)
        }
        if list.offset > 0 {
            canvas.write(" ↑ ", x: box.maxX - 6, y: box.y, style: Theme.focusedPaneTitle)
        }
    }
}
