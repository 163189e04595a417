import InstantSearchCore

/// Reads what a program wrote for a terminal into styled lines: SGR colour and attribute
/// sequences become styles and every other escape sequence (cursor moves, screen clears, OSC
/// titles and links, …) is dropped, as `--ansi` reads lines (`ANSIText`, one parser for both);
/// control characters are dropped too, tabs become spaces. A `--preview` command's output
/// cannot move the cursor, clear the screen or set the title.
enum TerminalText {
    static let tabWidth = 8

    static func lines(of bytes: [UInt8]) -> [StyledLine] {
        let parsed = ANSIText(parsing: String(decoding: bytes, as: UTF8.self))
        var writer = Writer()
        var span = 0
        for (offset, character) in parsed.text.enumerated() {
            while span < parsed.spans.count, parsed.spans[span].range.upperBound <= offset { span += 1 }
            let style = span < parsed.spans.count && parsed.spans[span].range.contains(offset) ? Style(ansi: parsed.spans[span].style) : .plain
            // "\r\n" is one Character: its scalars, one by one (the CR dropped, the LF a line end).
            for scalar in character.unicodeScalars { writer.add(scalar, style) }
        }
        return writer.finish()
    }

    private struct Writer {
        var lines: [StyledLine] = []
        var line: StyledLine = []
        var column = 0

        mutating func add(_ scalar: Unicode.Scalar, _ style: Style) {
            switch scalar.value {
            case 0x0A:
                lines.append(line)
                (line, column) = ([], 0)
            case 0x09:
                let spaces = TerminalText.tabWidth - column % TerminalText.tabWidth
                append(String(repeating: " ", count: spaces), columns: spaces, style)
            case 0..<0x20, 0x7F, 0x80..<0xA0: break  // CR, BS, BEL and the rest: nothing to show
            default: append(String(scalar), columns: 1, style)
            }
        }

        private mutating func append(_ text: String, columns: Int, _ style: Style) {
            if let last = line.indices.last, line[last].1 == style { line[last].0 += text } else { line.append((text, style)) }
            column += columns
        }

        mutating func finish() -> [StyledLine] {
            if !line.isEmpty { lines.append(line) }
            return lines
        }
    }
}
