/// The F1 overlay: every key of `KeyMap`, in a box over the middle of the screen.
enum HelpOverlay {
    static func draw(into canvas: inout Canvas, in screen: Rect) {
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
        let contentWidth = lines.map { $0.reduce(0) { $0 + $1.0.displayWidth } }.max() ?? 0
        let width = min(screen.width - 2, contentWidth + 4)
        let height = min(screen.height - 2, lines.count + 4)
        let box = Rect(x: screen.x + (screen.width - width) / 2, y: screen.y + (screen.height - height) / 2, width: width, height: height)
        canvas.fill(box)
        canvas.drawBorder(box, lineStyle: Theme.title, title: " Keys — Esc or F1 closes ", titleStyle: Theme.focusedPaneTitle)
        let inside = box.inset(top: 2, left: 2, bottom: 1, right: 2)
        for (row, line) in lines.prefix(inside.height).enumerated() {
            canvas.write(line, x: inside.x, y: inside.y + row, maxWidth: inside.width, overflow: .ellipsis)
        }
    }
}
