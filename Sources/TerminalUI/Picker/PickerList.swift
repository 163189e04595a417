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
    /// fzf's `--gap`: rows after each line, the last of them drawn with `gapLine` repeated.
    var gap = 0
    var gapLine = ""

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
        let step = 1 + max(0, gap)
        for (index, row) in rows.prefix((area.height + step - 1) / step).enumerated() {
            let y = rowY(index * step, in: area)
            drawGap(after: index * step, area, &canvas)
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

    /// The `--gap` rows after the line drawn on the row `first` rows from the start: the
    /// gutter, then the last one drawn with the gap line across the text's room.
    private func drawGap(after first: Int, _ area: Rect, _ canvas: inout Canvas) {
        guard gap > 0 else { return }
        for offset in 1...gap where first + offset < area.height {
            let y = rowY(first + offset, in: area)
            canvas.write(gutter, x: area.x, y: y, style: Theme.gutter, maxWidth: pointer.displayWidth)
            let room = area.width - indent - 1
            guard offset == gap, room > 0, gapLine.displayWidth > 0 else { continue }
            let line = String(repeating: gapLine, count: room / gapLine.displayWidth + 1).truncated(toWidth: room, ellipsis: "")
            canvas.write(line, x: area.x + indent, y: y, style: Theme.border, maxWidth: room)
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
