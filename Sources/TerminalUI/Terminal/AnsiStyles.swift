/// The canvas's `Style` as an ANSI SGR sequence, for the inline writer (`--height`), which
/// draws without curses. Same palette and same no-colour fallbacks as `CursesStyles`.
struct AnsiStyles {
    let colorsEnabled: Bool
    let colorCount: Int
    /// COLORTERM says the terminal takes 24-bit colours: #rrggbb is sent as it is.
    let trueColor: Bool

    /// Colours unless `colors` says otherwise or NO_COLOR is set (non-empty), or the terminal
    /// is "dumb"; 256 of them when TERM or COLORTERM says so, else the basic 8.
    init(colors: Bool?, environment: [String: String]) {
        let term = environment["TERM"] ?? ""
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        colorsEnabled = colors ?? (!noColor && term != "dumb")
        colorCount = term.contains("256color") || !(environment["COLORTERM"] ?? "").isEmpty ? 256 : 8
        trueColor = ["truecolor", "24bit"].contains(environment["COLORTERM"] ?? "")
    }

    /// ESC [ 0 ; … m: resets, then sets everything `style` asks for.
    func sequence(_ style: Style) -> String {
        var attributes = style.attributes
        var codes = ["0"]
        if colorsEnabled {
            let (foreground, extra) = CursesStyles.foreground(style.foreground, colorCount: colorCount, hasDefaultColors: true)
            attributes.formUnion(extra)
            let background = CursesStyles.background(style.background, colorCount: colorCount, hasDefaultColors: true)
            if trueColor, case .rgb(let r, let g, let b) = style.foreground {
                codes.append("38;2;\(r);\(g);\(b)")
            } else if foreground >= 0 {
                codes.append(Self.color(foreground, base: 30))
            }
            if trueColor, case .rgb(let r, let g, let b) = style.background {
                codes.append("48;2;\(r);\(g);\(b)")
            } else if background >= 0 {
                codes.append(Self.color(background, base: 40))
            }
        } else {
            attributes.formUnion(CursesStyles.fallback(foreground: style.foreground, background: style.background))
        }
        if attributes.contains(.bold) { codes.append("1") }
        if attributes.contains(.dim) { codes.append("2") }
        if attributes.contains(.italic) { codes.append("3") }
        if attributes.contains(.underline) { codes.append("4") }
        if attributes.contains(.reverse) { codes.append("7") }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// 30 + n for the basic 8, 90 + n for the bright ones, 38;5;n beyond (40 / 100 / 48 for
    /// backgrounds).
    static func color(_ number: Int16, base: Int) -> String {
        switch number {
        case 0..<8: return "\(base + Int(number))"
        case 8..<16: return "\(base + 60 + Int(number) - 8)"
        default: return "\(base + 8);5;\(number)"
        }
    }
}
