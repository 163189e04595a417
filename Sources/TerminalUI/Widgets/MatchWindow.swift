/// The part of a long highlighted line that fits a row, scrolled horizontally so the match
/// shows (fzf's `--hscroll`): the ellipsis marks where text was cut, on either side.
///
/// A line whose matches all show from its start is cut at its end only. Otherwise, as fzf
/// decides it, the window ends a little after the last match (`context` columns, at most half
/// the room) and starts just early enough to fit, but never past the first match — the first
/// match always shows, the later ones if there is room.
public enum MatchWindow {
    /// How a line longer than its row is cut: fzf's `--hscroll` / `--no-hscroll`,
    /// `--hscroll-off`, `--keep-right` and `--ellipsis`.
    public struct Settings: Sendable, Hashable {
        /// Scrolled so that the match shows (`--no-hscroll`: always cut at the end).
        public var scrollsToMatch = true
        /// How far past the last match the window reaches (fzf's `--hscroll-off`, 10).
        public var context = 10
        /// A line without a match shows its end, cut at its start (`--keep-right`).
        public var keepsRight = false
        /// Where text was cut (fzf's `--ellipsis`; fzf's own default is `..`).
        public var ellipsis = "…"
        /// A tab reaches the next multiple of this many columns (fzf's `--tabstop`, 8).
        public var tabStop = 8

        public init() {}
    }

    /// `pieces` fitted to `width` columns; `isMatch` tells the highlighted pieces. A line that
    /// fits comes back unchanged.
    static func fit(_ pieces: [(String, Style)], width: Int, settings: Settings = Settings(), isMatch: (Style) -> Bool) -> [(String, Style)] {
        let pieces = expandingTabs(pieces, every: settings.tabStop)
        let total = pieces.reduce(0) { $0 + $1.0.displayWidth }
        guard width > 2, total > width else { return pieces }
        // A mark as wide as the row leaves no room for the text: none then.
        let mark = settings.ellipsis.displayWidth * 2 < width ? settings.ellipsis : ""
        let markWidth = mark.displayWidth
        var column = 0
        var firstMatch: Int?
        var lastMatchEnd = 0
        for (text, style) in pieces {
            let pieceWidth = text.displayWidth
            if isMatch(style), pieceWidth > 0 {
                firstMatch = firstMatch ?? column
                lastMatchEnd = column + pieceWidth
            }
            column += pieceWidth
        }
        var start = 0
        if let firstMatch, settings.scrollsToMatch, lastMatchEnd > width - markWidth {
            // The start stays at 0 while the last match ends before the right-hand marker.
            let end = min(total, lastMatchEnd + min(settings.context, width / 2 - 1))
            let room = width - markWidth
            start = max(0, min(end - (end < total ? room - markWidth : room), firstMatch))
        } else if firstMatch == nil, settings.keepsRight {
            start = total - (width - markWidth)
        }
        let room = width - (start > 0 ? markWidth : 0)
        let stop = start + room >= total ? total : start + room - markWidth
        var cut = start > 0 && markWidth > 0 ? [(mark, Theme.secondary)] : []
        cut += slice(pieces, from: start, to: stop)
        if stop < total && markWidth > 0 {
            // A line cut at its end only ends as the canvas would end it: in the cut text's style.
            cut.append((mark, start > 0 ? Theme.secondary : style(at: stop, in: pieces)))
        }
        return cut
    }

    /// Tabs this far into a line are one space each: a line of tabs would otherwise grow up to
    /// `--tabstop` times longer on every frame it is drawn in (64 × its length).
    static let tabColumnLimit = 4096

    /// Each tab as the spaces up to the next tab stop, counted from the text's first column
    /// (up to `tabColumnLimit`).
    static func expandingTabs(_ pieces: [(String, Style)], every stop: Int) -> [(String, Style)] {
        guard stop > 0, pieces.contains(where: { $0.0.utf8.contains(UInt8(ascii: "\t")) }) else { return pieces }
        var column = 0
        return pieces.map { text, style in
            var expanded = ""
            for character in text {
                if character == "\t" {
                    let spaces = column < tabColumnLimit ? stop - column % stop : 1
                    expanded += String(repeating: " ", count: spaces)
                    column += spaces
                } else {
                    expanded.append(character)
                    column += character.displayWidth
                }
            }
            return (expanded, style)
        }
    }

    /// The style of the piece holding column `column`.
    private static func style(at column: Int, in pieces: [(String, Style)]) -> Style {
        var start = 0
        for (text, style) in pieces {
            start += text.displayWidth
            if column < start { return style }
        }
        return pieces.last?.1 ?? Theme.text
    }

    /// The characters wholly inside columns `from..<to`, styles kept.
    private static func slice(_ pieces: [(String, Style)], from: Int, to: Int) -> [(String, Style)] {
        var out: [(String, Style)] = []
        var column = 0
        for (text, style) in pieces {
            var kept = ""
            for character in text {
                let characterWidth = character.displayWidth
                if column >= from, column + characterWidth <= to { kept.append(character) }
                column += characterWidth
            }
            if !kept.isEmpty { out.append((kept, style)) }
        }
        return out
    }
}
