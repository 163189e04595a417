import InstantSearchCore

/// fzf 0.74's list rows, as its `printItem` draws them: the pointer on the current line (the
/// gutter on the others), the marker's column, then the line with its matched characters
/// highlighted, cut to the room left of the scrollbar's column; the current line in fzf's
/// `fg+`/`bg+`. The scrollbar (`│` by default) in the last column when the lines do not fit.
struct PickerList {
    var pointer: String
    var marker: String
    var gutter: String
    /// `--scrollbar`'s glyph, "" for none.
    var scrollbar: String
    /// The column fzf keeps at the right end (for the scrollbar, a border or a preview there).
    var keepsBarColumn: Bool
    var runsUpward: Bool
    var window: MatchWindow.Settings

    /// The columns before a line's text: the pointer's, then the marker's.
    var indent: Int { pointer.displayWidth + marker.displayWidth }

    /// The row of the `index`-th line drawn (0: the first, nearest the prompt when running upward).
    func rowY(_ index: Int, in area: Rect) -> Int { runsUpward ? area.maxY - 1 - index : area.y + index }

    func render(
        _ area: Rect, _ canvas: inout Canvas, rows: [HitsList.ShownRow], selection: Int, total: Int, first: Int,
        marked: (Hit) -> Bool, jumpLabels: JumpLabels?
    ) {
        guard area.height > 0, area.width > indent else { return }
        let room = area.width - indent - (keepsBarColumn ? 1 : 0)
        let (pointerWidth, markerWidth) = (pointer.displayWidth, marker.displayWidth)
        for (index, row) in rows.prefix(area.height).enumerated() {
            let y = rowY(index, in: area)
            let current = row.position == selection
            if let label = jumpLabels?.label(at: index) {
                canvas.write(String(label), x: area.x, y: y, style: Theme.jumpLabel)
            } else if current {
                canvas.write(pointer, x: area.x, y: y, style: Theme.pointer.patched(with: Theme.selectedRow))
            } else {
                canvas.write(gutter, x: area.x, y: y, style: Theme.gutter, maxWidth: pointerWidth)
            }
            if marked(row.hit) {
                canvas.write(marker, x: area.x + pointerWidth, y: y, style: Theme.marker.patched(with: current ? Theme.selectedRow : .plain))
            } else if current, markerWidth > 0 {
                canvas.write(String(repeating: " ", count: markerWidth), x: area.x + pointerWidth, y: y, style: Theme.selectedRow)
            }
            let highlight = Theme.highlight
            // A line's own colours (--ansi) stay, on the current line too, as fzf's; fzf's fg / fg+
            // and bg+ fill in where the line has none.
            let pieces = MatchWindow.fit(row.display.title, width: room, settings: window, isMatch: { $0 == highlight }).map { piece in
                let matched = piece.1 == highlight
                // The hits' own title style is not the line's colour: only --ansi's are kept.
                let own = piece.1 == Theme.title ? Style.plain : piece.1
                if current { return (piece.0, matched ? Theme.selectedRow.patched(with: Theme.selectedHighlight) : own.tinted(with: Theme.selectedRow)) }
                return (piece.0, matched ? highlight : own.tinted(with: Theme.text))
            }
            canvas.write(pieces, x: area.x + indent, y: y, maxWidth: room)
        }
        guard !scrollbar.isEmpty else { return }
        let (length, start) = Self.scrollbar(total: total, height: area.height, offset: first)
        for index in start..<start + length {
            canvas.write(scrollbar, x: area.maxX - 1, y: rowY(index, in: area), style: Theme.border)
        }
    }

    /// fzf's `getScrollbar` for one row a line: the thumb's length and first row, none when
    /// every line fits.
    static func scrollbar(total: Int, height: Int, offset: Int) -> (length: Int, start: Int) {
        guard total > height, height > 0 else { return (0, 0) }
        let length = max(1, height * height / total)
        let start = min(height - length, (height - length) * offset / (total - height))
        return (length, max(0, start))
    }
}
