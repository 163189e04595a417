/// fzf 0.74.5's screen for plain lines as rows, to compare tmux captures with what fzf draws
/// for the same command (its default layout: the list running upward, the info line, the prompt).
enum FzfScreen {
    /// The capture's rows without their trailing spaces, the blank rows at the end dropped.
    static func rows(_ screen: String) -> [String] {
        var rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.reversed().drop { $0 == " " }.reversed()) }
        while rows.last?.isEmpty == true { rows.removeLast() }
        return rows
    }

    /// fzf's default info line in a terminal `width` wide: "  10/10 ───…", the separator to one column short of the edge.
    static func info(_ count: String, width: Int = 100) -> String {
        "  \(count) " + String(repeating: "─", count: max(0, width - 4 - count.count))
    }

    /// fzf's spinner turns on the info line's first column while lines are still read.
    static func isReading(_ screen: String) -> Bool {
        rows(screen).contains { row in row.first.map { "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏".contains($0) } == true && row.dropFirst().hasPrefix(" ") }
    }

    /// The default layout's last rows: `lines` as listed (the first nearest the prompt, so
    /// drawn last), the info line, the prompt with its query.
    static func bottom(_ lines: [String], count: String, query: String = "", width: Int = 100) -> [String] {
        lines.reversed().map { "▌ \($0)" } + [info(count, width: width), "> \(query)".trimmingTrailingSpaces]
    }
}

extension String {
    var trimmingTrailingSpaces: String { String(reversed().drop { $0 == " " }.reversed()) }
}
