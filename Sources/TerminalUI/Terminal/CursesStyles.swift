import CNcurses

/// Maps the canvas's semantic `Style` to curses attributes and colour pairs.
///
/// Colour pairs are allocated on first use, one per (foreground, background) combination
/// actually drawn, so an 8-colour terminal with 64 pairs is never exhausted by a palette
/// it does not use. With colours off (no colour support, or NO_COLOR set) each palette
/// colour degrades to an attribute, so the highlight is still visible: accent, error and
/// warning become bold, highlight bold + underline, muted dim, a selection background
/// reverse video.
struct CursesStyles {
    let colorsEnabled: Bool
    /// Whether `use_default_colors` worked: -1 then means "the terminal's own colour".
    private let hasDefaultColors: Bool
    private let colorCount: Int
    private let maxPairs: Int
    private var pairs: [Int: Int16] = [:]
    private var nextPair: Int16 = 1

    init(colorsEnabled: Bool, hasDefaultColors: Bool, colorCount: Int, maxPairs: Int) {
        self.colorsEnabled = colorsEnabled
        self.hasDefaultColors = hasDefaultColors
        self.colorCount = colorCount
        self.maxPairs = maxPairs
    }

    /// The attributes and pair number for `style`; allocates a pair if needed (curses
    /// thread only).
    mutating func resolve(_ style: Style) -> (attributes: attr_t, pair: Int16) {
        var attrs = Self.attributes(style.attributes)
        guard colorsEnabled else {
            attrs |= Self.attributes(Self.fallback(foreground: style.foreground, background: style.background))
            return (attrs, 0)
        }
        let (fg, fgExtra) = foreground(style.foreground)
        attrs |= Self.attributes(fgExtra)
        let bg = background(style.background)
        if fg == -1 && bg == -1 && hasDefaultColors { return (attrs, 0) }
        return (attrs, pair(fg: fg, bg: bg))
    }

    static func attributes(_ a: TextAttributes) -> attr_t {
        var result = cn_a_normal()
        if a.contains(.bold) { result |= cn_a_bold() }
        if a.contains(.underline) { result |= cn_a_underline() }
        if a.contains(.reverse) { result |= cn_a_reverse() }
        if a.contains(.dim) { result |= cn_a_dim() }
        if a.contains(.italic) { result |= cn_a_italic() }
        return result
    }

    /// What stands in for colours when there are none (pure, so it can be tested).
    static func fallback(foreground: PaletteColor, background: PaletteColor) -> TextAttributes {
        var result: TextAttributes = []
        switch foreground {
        case .accent, .error, .warning: result.insert(.bold)
        case .highlight: result.formUnion([.bold, .underline])
        case .muted: result.insert(.dim)
        case .default, .success, .selection: break
        case .ansiBlack, .ansiRed, .ansiGreen, .ansiYellow, .ansiBlue, .ansiMagenta, .ansiCyan, .ansiWhite: break
        case .ansiBrightBlack, .ansiBrightRed, .ansiBrightGreen, .ansiBrightYellow, .ansiBrightBlue, .ansiBrightMagenta, .ansiBrightCyan,
            .ansiBrightWhite:
            result.insert(.bold)
        case .indexed, .rgb: break
        }
        if background == .selection { result.insert(.reverse) }
        return result
    }

    private func foreground(_ color: PaletteColor) -> (Int16, TextAttributes) {
        Self.foreground(color, colorCount: colorCount, hasDefaultColors: hasDefaultColors)
    }

    private func background(_ color: PaletteColor) -> Int16 {
        Self.background(color, colorCount: colorCount, hasDefaultColors: hasDefaultColors)
    }

    // The palette, as terminal colour numbers (curses' and ANSI's are the same: 0 black …
    // 7 white, 8–15 bright, 16–255 the 256-colour cube; -1 the terminal's own colour). The
    // inline writer (`AnsiStyles`) draws from it too. Basic ANSI colours read on both dark
    // and light terminals; only "muted" needs a grey, which 8-colour terminals lack, so there
    // it is the default colour, dim.

    static func foreground(_ color: PaletteColor, colorCount: Int, hasDefaultColors: Bool) -> (Int16, TextAttributes) {
        let defaultForeground: Int16 = hasDefaultColors ? -1 : Int16(COLOR_WHITE)
        switch color {
        case .default: return (defaultForeground, [])
        case .accent: return (Int16(COLOR_CYAN), [])
        case .highlight: return (Int16(COLOR_YELLOW), [])
        case .muted:
            if colorCount >= 256 { return (244, []) }
            if colorCount >= 16 { return (8, []) }
            return (defaultForeground, [.dim])
        case .error: return (Int16(COLOR_RED), [])
        case .success: return (Int16(COLOR_GREEN), [])
        case .warning: return (Int16(COLOR_YELLOW), [])
        case .selection: return (Int16(COLOR_BLUE), [])
        case .indexed, .rgb: return (ColorApproximation.number(color, colorCount: colorCount) ?? defaultForeground, [])
        default:
            guard let number = Self.ansi(color) else { return (defaultForeground, []) }
            // A bright colour on an 8-colour terminal: the basic one, bold (as terminals draw bold).
            return number >= 8 && colorCount < 16 ? (number - 8, [.bold]) : (number, [])
        }
    }

    static func background(_ color: PaletteColor, colorCount: Int, hasDefaultColors: Bool) -> Int16 {
        switch color {
        case .default: return hasDefaultColors ? -1 : Int16(COLOR_BLACK)
        case .accent: return Int16(COLOR_CYAN)
        case .highlight, .warning: return Int16(COLOR_YELLOW)
        case .muted: return colorCount >= 256 ? 236 : (colorCount >= 16 ? 8 : Int16(COLOR_BLACK))
        case .error: return Int16(COLOR_RED)
        case .success: return Int16(COLOR_GREEN)
        case .selection: return Int16(COLOR_BLUE)
        case .indexed, .rgb: return ColorApproximation.number(color, colorCount: colorCount) ?? (hasDefaultColors ? -1 : Int16(COLOR_BLACK))
        default:
            guard let number = Self.ansi(color) else { return hasDefaultColors ? -1 : Int16(COLOR_BLACK) }
            return number >= 8 && colorCount < 16 ? number - 8 : number
        }
    }

    /// The curses number of an ANSI colour named by value (`COLOR_BLACK` … `COLOR_WHITE` are
    /// 0…7, their bright forms 8…15).
    private static func ansi(_ color: PaletteColor) -> Int16? {
        PaletteColor.sixteen.firstIndex(of: color).map(Int16.init)
    }

    private var defaultForeground: Int16 { hasDefaultColors ? -1 : Int16(COLOR_WHITE) }

    private mutating func pair(fg: Int16, bg: Int16) -> Int16 {
        let key = (Int(fg) + 1) << 16 | (Int(bg) + 1)
        if let existing = pairs[key] { return existing }
        // Out of pairs: draw in the default colours rather than fail.
        guard Int(nextPair) < maxPairs else { return 0 }
        let number = nextPair
        nextPair += 1
        _ = init_pair(number, fg, bg)
        pairs[key] = number
        return number
    }
}
