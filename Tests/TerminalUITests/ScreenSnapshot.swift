import TerminalUI

/// A whole screen as a test expects it, in ratatui's way (`Buffer::with_lines` plus styles):
/// every row's text, and a style map with one symbol per cell that `legend` turns into a
/// style. Together they say what every cell of the canvas holds and how it looks.
///
/// A text row is compared with the canvas's row with its trailing spaces trimmed (the cells
/// after it must then be spaces); a style row may stop early, the cells after it being `.`
/// (plain), so a source file holds no trailing blanks.
struct ScreenSnapshot {
    var text: [String]
    var styles: [String]
    var legend: [Character: Style]

    init(text: [String], styles: [String], legend: [Character: Style] = ScreenSnapshot.standardLegend) {
        self.text = text
        self.styles = styles
        self.legend = legend
    }

    /// The looks of the standard theme, by one letter each.
    static let standardLegend: [Character: Style] = [
        ".": .plain,
        "a": Style.fg(.accent).bold(),  // titles, the prompt, the pointer, keys, the stats' counts
        "m": Style.fg(.muted),  // secondary text, counts, rules, hints
        "M": Style.fg(.muted).bold(),  // a pane's title
        "h": Style.fg(.highlight).bold().underline(),  // query words in a hit
        "s": Style.bg(.selection),  // the selected row
        "S": Style.fg(.accent).bold().bg(.selection),  // a title or figure on the selected row
        "H": Style.fg(.highlight).bold().underline().bg(.selection),  // query words on the selected row
        "n": Style.fg(.muted).bg(.selection),  // secondary text on the selected row
        "r": Style.fg(.success).bold(),  // refined values, marks
        "e": Style.fg(.error).bold(),
        "w": Style.fg(.warning),
        "R": Style.fg(.accent).bold().reverse(),  // the active tab, the focused pane's name, the moving thumb
    ]

    /// Nil when `canvas` is exactly this screen; else the rows that differ, expected against
    /// actual, and the actual screen written as a snapshot to paste once checked by eye.
    func mismatch(_ canvas: Canvas) -> String? {
        var report: [String] = []
        if text.count != canvas.height || styles.count > canvas.height {
            report.append("expected \(text.count) text rows and at most \(canvas.height) style rows, the canvas has \(canvas.height) rows")
        }
        let actual = Self.record(canvas, legend: legend)
        for y in 0..<canvas.height {
            let expectedText = y < text.count ? text[y] : "<none>"
            let expectedStyles = Self.padded(y < styles.count ? styles[y] : "", to: canvas.width)
            let actualStyles = Self.padded(actual.styles[y], to: canvas.width)
            if expectedText != actual.text[y] {
                report.append("row \(y) text\n  expected: \(expectedText)\n  actual:   \(actual.text[y])")
            }
            if expectedStyles != actualStyles {
                let marks = String(zip(expectedStyles, actualStyles).map { $0 == $1 ? " " : "^" })
                report.append("row \(y) styles\n  expected: \(expectedStyles)\n  actual:   \(actualStyles)\n            \(marks)")
            }
        }
        guard !report.isEmpty else { return nil }
        let unknown = actual.unknown.map { "  ?: \($0)" }
        return
            (report + (unknown.isEmpty ? [] : ["styles not in the legend (shown as ?):"] + unknown)
            + ["the actual screen:", actual.literal]).joined(separator: "\n")
    }

    /// `canvas` as a snapshot: its rows, its style map under `legend` (`?` for a style it
    /// lacks), and the Swift source of both.
    static func record(_ canvas: Canvas, legend: [Character: Style]) -> (text: [String], styles: [String], unknown: Set<String>, literal: String) {
        let symbols = Dictionary(legend.map { ($0.value, $0.key) }, uniquingKeysWith: { a, b in min(a, b) })
        var unknown: Set<String> = []
        var styles: [String] = []
        for y in 0..<canvas.height {
            var row = ""
            for x in 0..<canvas.width {
                let style = canvas.style(x: x, y: y) ?? .plain
                if let symbol = symbols[style] {
                    row.append(symbol)
                } else {
                    row.append("?")
                    unknown.insert(style.description)
                }
            }
            while row.last == "." { row.removeLast() }
            styles.append(row)
        }
        let text = canvas.lines
        func quoted(_ rows: [String]) -> String {
            rows.map { "            \"\($0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\"," }
                .joined(separator: "\n")
        }
        let literal = "        ScreenSnapshot(text: [\n\(quoted(text))\n        ], styles: [\n\(quoted(styles))\n        ])"
        return (text, styles, unknown, literal)
    }

    private static func padded(_ row: String, to width: Int) -> String {
        row.count >= width ? row : row + String(repeating: ".", count: width - row.count)
    }
}
