/// Reads what a program wrote for a terminal into styled lines: SGR colour and attribute
/// sequences (`ESC [ … m`) become styles, every other control sequence (cursor moves, screen
/// clears, OSC titles and links, …) and control character is dropped, tabs become spaces.
/// A `--preview` command's output cannot move the cursor, clear the screen or set the title.
enum TerminalText {
    static let tabWidth = 8

    static func lines(of bytes: [UInt8]) -> [StyledLine] {
        var parser = Parser()
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars { parser.feed(scalar) }
        return parser.finish()
    }

    private struct Parser {
        enum State { case text, escape, csi, osc, oscEscape, skipOne }
        var state = State.text
        var params = ""
        var style = Style.plain
        var lines: [StyledLine] = []
        var line: StyledLine = []
        var column = 0

        mutating func feed(_ scalar: Unicode.Scalar) {
            switch state {
            case .text: text(scalar)
            case .escape:
                switch scalar {
                case "[": state = .csi; params = ""
                case "]", "P", "X", "^", "_": state = .osc  // OSC, DCS, SOS, PM, APC: strings up to ST
                case "(", ")", "*", "+", "#", "%": state = .skipOne  // charset designations take one more byte
                default: state = .text  // a two-byte sequence (ESC 7, ESC =, …): dropped
                }
            case .csi:
                if (0x30...0x3F).contains(scalar.value) || (0x20...0x2F).contains(scalar.value) {
                    if params.count < 64 { params.unicodeScalars.append(scalar) }
                } else {
                    if scalar == "m" { applySGR(params) }
                    state = .text  // any other final byte: a sequence that is not a colour, dropped
                }
            case .osc:
                if scalar == "\u{07}" { state = .text } else if scalar == "\u{1B}" { state = .oscEscape }
            case .oscEscape: state = scalar == "\\" ? .text : .osc
            case .skipOne: state = .text
            }
        }

        private mutating func text(_ scalar: Unicode.Scalar) {
            switch scalar.value {
            case 0x1B: state = .escape
            case 0x0A: endLine()
            case 0x09:
                let spaces = TerminalText.tabWidth - column % TerminalText.tabWidth
                append(String(repeating: " ", count: spaces), columns: spaces)
            case 0x9B: state = .csi; params = ""  // the one-byte CSI
            case 0..<0x20, 0x7F, 0x80..<0xA0: break  // CR, BS, BEL and the rest: nothing to show
            default: append(String(scalar), columns: 1)
            }
        }

        private mutating func append(_ text: String, columns: Int) {
            if let last = line.indices.last, line[last].1 == style { line[last].0 += text } else { line.append((text, style)) }
            column += columns
        }

        private mutating func endLine() {
            lines.append(line)
            line = []
            column = 0
        }

        mutating func finish() -> [StyledLine] {
            if !line.isEmpty { endLine() }
            return lines
        }

        private static let colors: [PaletteColor] = [.ansiBlack, .ansiRed, .ansiGreen, .ansiYellow, .ansiBlue, .ansiMagenta, .ansiCyan, .ansiWhite]

        private mutating func applySGR(_ params: String) {
            let codes = params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            var i = 0
            while i < codes.count {
                let code = codes[i]
                switch code {
                case 0: style = .plain
                case 1: style.attributes.insert(.bold)
                case 2: style.attributes.insert(.dim)
                case 4: style.attributes.insert(.underline)
                case 7: style.attributes.insert(.reverse)
                case 22: style.attributes.subtract([.bold, .dim])
                case 24: style.attributes.remove(.underline)
                case 27: style.attributes.remove(.reverse)
                case 30...37: style.foreground = Self.colors[code - 30]
                case 90...97: style.foreground = Self.colors[code - 90]; style.attributes.insert(.bold)
                case 39: style.foreground = .default
                case 40...47: style.background = Self.colors[code - 40]
                case 100...107: style.background = Self.colors[code - 100]
                case 49: style.background = .default
                case 38, 48:
                    // 256-colour and true-colour: no palette slot for them; skip their arguments.
                    if i + 1 < codes.count { i += codes[i + 1] == 5 ? 2 : codes[i + 1] == 2 ? 4 : 1 }
                default: break
                }
                i += 1
            }
        }
    }
}
