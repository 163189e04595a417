/// fzf's `click-header` and `click-footer` on its screen for plain lines, with the
/// `FZF_CLICK_*` variables a bound command reads.
extension SearchApp {
    /// A left click on fzf's screen over a header's or the footer's text: fzf's `FZF_CLICK_*`
    /// set (the line counted down the screen, the header lines' and the header's as one
    /// block in fzf's order, the word under the pointer) and `click-header` / `click-footer`
    /// raised. False when the click is elsewhere.
    func clickSection(x: Int, y: Int) -> Bool {
        guard drawsPicker, let layout = picker else { return false }
        let headers = pickerHeaders
        let given = (rows: layout.headerRows, lines: headers.given, indent: layout.headerIndent)
        let fromInput = (rows: layout.headerLineRows, lines: headers.lines, indent: layout.headerLinesIndent)
        let groups = options.layout == .reverse ? [given, fromInput] : [fromInput, given]
        var before = 0
        for group in groups {
            let order = group.rows.enumerated().sorted { $0.element.y < $1.element.y }
            for (rank, (index, row)) in order.enumerated() where row.y == y && index < group.lines.count {
                let column = x - row.x - group.indent
                guard column >= 0, x < row.maxX else { return false }
                noteClick("HEADER", line: before + rank + 1, column: column, text: group.lines[index].text)
                raise(.clickHeader)
                return true
            }
            before += group.rows.count
        }
        let footer = sectionTexts.footerRows
        for (index, row) in layout.footerRows.enumerated() where row.y == y && index < footer.count {
            let column = x - row.x - layout.footerIndent
            guard column >= 0, x < row.maxX else { return false }
            noteClick("FOOTER", line: index + 1, column: column, text: footer[index].text)
            raise(.clickFooter)
            return true
        }
        return false
    }

    /// The click's variables: its line and column from 1, and the word under it, if any.
    private func noteClick(_ section: String, line: Int, column: Int, text: String) {
        sectionTexts.clicked["FZF_CLICK_\(section)_LINE"] = String(line)
        sectionTexts.clicked["FZF_CLICK_\(section)_COLUMN"] = String(column + 1)
        var start = 0
        sectionTexts.clicked["FZF_CLICK_\(section)_WORD"] = nil
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let width = String(word).displayWidth
            if !word.isEmpty, column >= start, column < start + width {
                sectionTexts.clicked["FZF_CLICK_\(section)_WORD"] = String(word)
                return
            }
            start += width + 1
        }
    }
}
