/// The part of a long highlighted line that fits a row, scrolled horizontally so the match
/// shows (fzf's `--hscroll`): "…" marks where text was cut, on either side.
///
/// A line whose matches all show from its start is left as it is. Otherwise, as fzf decides
/// it, the window ends a little after the last match (`context` columns, at most half the
/// room) and starts just early enough to fit, but never past the first match — the first
/// match always shows, the later ones if there is room.
enum MatchWindow {
    /// How far past the last match the window reaches (fzf's `--hscroll-off`, 10).
    static let context = 10
    static let marker = "…"

    /// `pieces` fitted to `width` columns; `isMatch` tells the highlighted pieces. A line that
    /// fits, or has no match, comes back unchanged (the canvas cuts its end with "…").
    static func fit(_ pieces: [(String, Style)], width: Int, isMatch: (Style) -> Bool) -> [(String, Style)] {
        let total = pieces.reduce(0) { $0 + $1.0.displayWidth }
        guard width > 2, total > width else { return pieces }
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
        guard let firstMatch else { return pieces }
        // The start stays at 0 while the last match ends before the right-hand marker.
        guard lastMatchEnd > width - 1 else { return pieces }
        let end = min(total, lastMatchEnd + min(context, width / 2 - 1))
        let room = width - 1  // the left-hand marker's column
        var start = end - (end < total ? room - 1 : room)
        start = min(start, firstMatch)
        guard start > 0 else { return pieces }
        let stop = min(total, start + (start + room < total ? room - 1 : room))
        var cut = [(marker, Theme.secondary)] + slice(pieces, from: start, to: stop)
        if stop < total { cut.append((marker, Theme.secondary)) }
        return cut
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
