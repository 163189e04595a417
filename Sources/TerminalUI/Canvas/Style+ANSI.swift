import InstantSearchCore

extension Style {
    /// How text's own ANSI style (`--ansi`, a preview's output) is drawn: its attributes as
    /// they are, its colours as `PaletteColor(ansi:)` gives them.
    init(ansi: ANSIStyle) {
        var attributes: TextAttributes = []
        if ansi.bold { attributes.insert(.bold) }
        if ansi.dim { attributes.insert(.dim) }
        if ansi.underline { attributes.insert(.underline) }
        if ansi.reverse { attributes.insert(.reverse) }
        self.init(
            foreground: ansi.foreground.map(PaletteColor.init(ansi:)) ?? .default,
            background: ansi.background.map(PaletteColor.init(ansi:)) ?? .default, attributes: attributes)
    }
}

extension PaletteColor {
    /// The 16 ANSI colours by number (0–7, then their bright forms 8–15).
    static let sixteen: [PaletteColor] = [
        .ansiBlack, .ansiRed, .ansiGreen, .ansiYellow, .ansiBlue, .ansiMagenta, .ansiCyan, .ansiWhite,
        .ansiBrightBlack, .ansiBrightRed, .ansiBrightGreen, .ansiBrightYellow, .ansiBrightBlue, .ansiBrightMagenta,
        .ansiBrightCyan, .ansiBrightWhite,
    ]

    /// An ANSI colour in the palette: 0–15 as the 16 named ones, 16–255 and true colour as
    /// they are (the terminal layer draws them as the nearest it has: `ColorApproximation`).
    init(ansi color: ANSIStyle.Color) {
        switch color {
        case .indexed(let n) where n < 16: self = Self.sixteen[Int(n)]
        case .indexed(let n): self = .indexed(n)
        case .rgb(let r, let g, let b): self = .rgb(r, g, b)
        }
    }
}
