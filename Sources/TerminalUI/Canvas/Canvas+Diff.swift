/// What changed between two frames, so a terminal is sent only the cells that differ.
extension Canvas {
    /// The columns of row `y` that differ from the same row of `previous`: from the first
    /// changed cell to the last, widened so a wide character is never cut in half. nil when
    /// the row is the same; the whole row when `previous` has another shape.
    public func changedColumns(inLine y: Int, since previous: Canvas?) -> Range<Int>? {
        guard y >= 0, y < height, width > 0 else { return nil }
        guard let previous, previous.width == width, previous.height == height else { return 0..<width }
        let start = y * width
        var first = -1
        var last = -1
        for x in 0..<width where cells[start + x] != previous.cells[start + x] {
            if first < 0 { first = x }
            last = x
        }
        guard first >= 0 else { return nil }
        // A continuation cell is drawn with its left half; a wide character's right half follows it.
        while first > 0, cells[start + first].isContinuation || previous.cells[start + first].isContinuation { first -= 1 }
        while last + 1 < width, cells[start + last + 1].isContinuation || previous.cells[start + last + 1].isContinuation { last += 1 }
        return first..<(last + 1)
    }

    /// The runs of equal style covering `columns` of row `y` (see `runs(inLine:)`).
    public func runs(inLine y: Int, columns: Range<Int>) -> [StyledRun] {
        guard y >= 0, y < height else { return [] }
        let columns = columns.clamped(to: 0..<width)
        var runs: [StyledRun] = []
        for x in columns {
            let cell = cells[y * width + x]
            if let last = runs.indices.last, cell.isContinuation || runs[last].style == cell.style {
                runs[last].width += 1
                runs[last].text += cell.text
            } else {
                runs.append(StyledRun(x: x, width: 1, text: cell.text.isEmpty ? " " : cell.text, style: cell.style))
            }
        }
        return runs
    }
}
