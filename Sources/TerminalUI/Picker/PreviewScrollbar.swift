/// fzf's scrollbar beside the preview's text on plain lines: in the column between the text
/// and the box's right edge, or, with no such column (`border-left`, `border-none`), in the
/// text's last one, which the text then leaves free.
extension SearchApp {
    /// The text's area once the scrollbar has its column; draws the thumb.
    func drawPreviewScrollbar(box: Rect, text: Rect, rightEdge: Bool, into canvas: inout Canvas) -> Rect {
        let glyph = options.scrollbar ?? "│"
        let thumb = preview.scrollbarRows(height: text.height)
        guard !glyph.isEmpty, !thumb.isEmpty, text.width > 1 else { return text }
        let free = text.maxX < box.maxX - (rightEdge ? 1 : 0)
        let x = free ? text.maxX : text.maxX - 1
        for row in thumb { canvas.write(glyph, x: x, y: text.y + row, style: Theme.border) }
        return free ? text : Rect(x: text.x, y: text.y, width: text.width - 1, height: text.height)
    }
}
