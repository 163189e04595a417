/// The F1 overlay: every key of `KeyMap`, in a box over the middle of the screen. On a small
/// terminal the list scrolls (Up / Down, PgUp / PgDn) and the frame says there is more.
struct HelpOverlay {
    private(set) var scroll = 0
    /// Rows of the list visible at the last draw, for paging.
    private var visibleRows = 10

    static let lines: [[(String, Style)]] = {
        let keyWidth = KeyMap.groups.flatMap(\.entries).map { $0.keys.displayWidth }.max() ?? 10
        var lines: [[(String, Style)]] = []
        for group in KeyMap.groups {
            if !lines.isEmpty { lines.append([]) }
            lines.append([(group.title, Theme.paneTitle)])
            for entry in group.entries {
                let padding = String(repeating: " ", count: keyWidth - entry.keys.displayWidth)
                lines.append([("  " + entry.keys + padding + "  ", Theme.key), (entry.action, Theme.text)])
            }
        }
        return lines
    }()

    mutating func handle(_ key: Key) {
        switch key {
        case .down, .control("n"): scroll += 1
        case .up, .control("p"): scroll -= 1
        case .pageDown: scroll += max(1, visibleRows - 1)
        case .pageUp: scroll -= max(1, visibleRows - 1)
        default: break
        }
        scroll = max(0, min(scroll, Self.lines.count - visibleRows))
    }

    mutating func draw(into canvas: inout Canvas, in screen: Rect) {
        let lines = Self.lines
        let contentWidth = lines.map { $0.reduce(0) { $0 + $1.0.displayWidth } }.max() ?? 0
        let width = min(screen.width - 2, contentWidth + 4)
        let height = min(screen.height - 2, lines.count + 4)
        let box = Rect(x: screen.x + (screen.width - width) / 2, y: screen.y + (screen.height - height) / 2, width: width, height: height)
        let inside = box.inset(top: 2, left: 2, bottom: 1, right: 2)
        visibleRows = max(1, inside.height)
        scroll = max(0, min(scroll, lines.count - visibleRows))
        canvas.fill(box)
        canvas.drawBorder(box, lineStyle: Theme.title, title: " Keys — Esc or F1 closes ", titleStyle: Theme.focusedPaneTitle)
        for (row, line) in lines.dropFirst(scroll).prefix(visibleRows).enumerated() {
            canvas.write(line, x: inside.x, y: inside.y + row, maxWidth: inside.width, overflow: .ellipsis)
        }
        if scroll + visibleRows < lines.count {
            canvas.write(" ↓ more: Down, PgDn ", x: box.maxX - 22, y: box.maxY - 1, style: Theme.focusedPaneTitle)
        }
        if scroll > 0 {
            canvas.write(" ↑ ", x: box.maxX - 6, y: box.y, style: Theme.focusedPaneTitle)
        }
    }
}
