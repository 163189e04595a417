import InstantSearchCore

/// fzf 0.74's info line, as its `printInfo` writes it: `found/total`, the marked count with
/// `--multi` (`(K)`, or `(K/N)` with a limit), the spinner while lines are still read, and
/// the separator filling the rest of the row — in each `--info` style.
struct PickerInfo {
    var found: Int
    var total: Int
    /// Marked lines, with `--multi`; nil without.
    var marked: Int?
    var markLimit: Int?
    /// fzf's `wait` holds a chain: " (..)" after the count.
    var waiting = false
    /// Lines still coming in: the spinner turns.
    var reading = false
    /// `--separator`'s text, "" for none.
    var separator = "─"
    /// `--info inline:SEP` / `inline-right:SEP`: what goes before the count (fzf's infoPrefix).
    var prefix: String?
    /// What a `--bind` command that failed said, or why a search found what it found (typo
    /// matches, a search error): after the count, where fzf says "[Command failed: …]".
    var notice: String?
    /// `--info-command`'s output, in place of the count (nil: the count).
    var replacement: ANSIText?

    /// fzf's spinner, one frame per batch of lines read (the frames turn as lines arrive).
    static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    var spinnerFrame: String { Self.spinner[(total / 1000) % Self.spinner.count] }

    /// "856/100000", then " (2)" with --multi.
    var text: String {
        if let replacement { return replacement.text }
        return count
    }

    /// The count alone, whatever replaces it on screen (`--info-command`'s `$FZF_INFO`).
    var count: String {
        var text = "\(found)/\(max(found, total))"
        if let marked { text += markLimit.map { " (\(marked)/\($0))" } ?? " (\(marked))" }
        if waiting { text += " (..)" }
        return text
    }

    /// The count, then the notice: what the info line says.
    var shown: String { notice.map { "\(text)  \($0)" } ?? text }

    /// `shown` cut to `width`, as pieces: the count in fzf's info colour, the notice as an error.
    func pieces(width: Int) -> [(String, Style)] {
        let cut = Self.trimmed(shown, width: width)
        let count = cut.prefix(text.count)
        let rest = cut.dropFirst(text.count)
        let counted: [(String, Style)]
        if let replacement, !replacement.spans.isEmpty {
            // In its own colours, cut by the canvas where the row ends.
            counted = HighlightedText(text: replacement.text, matchedRanges: []).segments(
                colors: replacement.spans, plain: Theme.info, highlighted: Theme.highlight)
        } else {
            counted = [(String(count), Theme.info)]
        }
        return counted + (rest.isEmpty ? [] : [(String(rest), Theme.error)])
    }

    /// fzf's `trimMessage`: a count longer than its room ends in "..".
    static func trimmed(_ text: String, width: Int) -> String {
        guard text.count > width else { return text }
        return String(text.prefix(max(0, width - 2))) + String(repeating: ".", count: max(0, min(width, 2)))
    }

    /// `--separator` repeated over `columns` columns, the last repetition cut.
    func separatorPieces(_ columns: Int) -> String {
        let width = separator.displayWidth
        guard width > 0, columns > 0 else { return "" }
        // Cut by columns: a text longer than the row (fzf takes any length) shows its start, no ellipsis.
        return String(repeating: separator, count: columns / width + 1).truncated(toWidth: columns, ellipsis: "")
    }

    /// The default style, on its own row: the spinner's column, a margin, the count, then the separator.
    func drawDefault(in row: Rect, into canvas: inout Canvas) {
        let width = row.width
        guard width > 1 else { return }
        if reading { canvas.write(spinnerFrame, x: row.x, y: row.y, style: Theme.spinner) }
        let room = width - 3
        let text = Self.trimmed(shown, width: room)
        canvas.write(pieces(width: room), x: row.x + 2, y: row.y, maxWidth: room)
        let fill = room - text.displayWidth - 1
        if fill > 0, !separator.isEmpty {
            canvas.write(separatorPieces(fill), x: row.x + 3 + text.displayWidth, y: row.y, style: Theme.border, maxWidth: fill)
        }
    }

    /// `--info right`: the separator first, the count at the row's right end.
    func drawRight(in row: Rect, into canvas: inout Canvas) {
        let width = row.width
        guard width > 1 else { return }
        let room = width - 1 - (reading ? 2 : 0)
        let text = Self.trimmed(shown, width: room)
        var fill = width - text.displayWidth - 2
        var x = row.x
        if reading {
            fill -= 2
            if fill >= 0 {
                canvas.write(separatorPieces(fill), x: x, y: row.y, style: Theme.border)
                x += fill + 1
            }
            canvas.write(spinnerFrame, x: x, y: row.y, style: Theme.spinner)
            x += 2
        } else if fill >= 0 {
            canvas.write(separatorPieces(fill), x: x, y: row.y, style: Theme.border)
            x += fill + 1
        }
        canvas.write(pieces(width: room), x: x, y: row.y, maxWidth: row.maxX - x)
    }

    /// `--info inline`: after the query (`from`, the column after its end), the prefix (" < "
    /// by default), the count, the spinner while reading, then the separator to the row's end.
    func drawInline(in row: Rect, from: Int, into canvas: inout Canvas) {
        var x = from + 1
        let prefix = self.prefix ?? " < "
        let prefixWidth = min(prefix.displayWidth, max(0, row.maxX - x))
        canvas.write(prefix, x: x, y: row.y, style: reading ? Theme.spinner : Theme.prompt, maxWidth: prefixWidth)
        x += prefixWidth
        let room = row.maxX - x - 1
        guard room > 0 else { return }
        let text = Self.trimmed(shown, width: room)
        canvas.write(pieces(width: room), x: x, y: row.y, maxWidth: room)
        var length = text.displayWidth
        if reading, length < room - 1 {
            canvas.write(spinnerFrame, x: x + length + 1, y: row.y, style: Theme.spinner)
            length += 2
        }
        let fill = room - length - 1
        if fill > 0, !separator.isEmpty {
            canvas.write(separatorPieces(fill), x: x + length + 1, y: row.y, style: Theme.border, maxWidth: fill)
        }
    }

    /// `--info inline-right`: the count at the prompt row's right end (after the query at the
    /// least), with the prefix before it when one is given.
    func drawInlineRight(in row: Rect, from: Int, into canvas: inout Canvas) {
        var x = from + 1
        let text = shown
        if let prefix, !prefix.isEmpty {
            x = max(x, row.maxX - text.displayWidth - prefix.displayWidth - 1)
            canvas.write(prefix, x: x, y: row.y, style: reading ? Theme.spinner : Theme.prompt, maxWidth: max(0, row.maxX - x))
            x += prefix.displayWidth
        } else {
            x = max(x, row.maxX - text.displayWidth - 3)
            if reading, x < row.maxX { canvas.write(spinnerFrame, x: x, y: row.y, style: Theme.spinner) }
            x += 2
        }
        let room = row.maxX - x - 1
        guard room > 0 else { return }
        canvas.write(pieces(width: room), x: x, y: row.y, maxWidth: room)
    }

    /// The separator alone across a row (under the prompt with `hidden` and `inline-right`).
    func drawSeparator(in row: Rect, into canvas: inout Canvas) {
        canvas.write(separatorPieces(row.width - 1), x: row.x, y: row.y, style: Theme.border)
    }
}
