import InstantSearchCore

extension Style {
    /// How text's own ANSI style (`--ansi`) is drawn: its attributes as they are, its colours
    /// as the nearest of the 16 ANSI colours the palette names (`PaletteColor.nearest`).
    init(ansi: ANSIStyle) {
        var attributes: TextAttributes = []
        if ansi.bold { attributes.insert(.bold) }
        if ansi.dim { attributes.insert(.dim) }
        if ansi.underline { attributes.insert(.underline) }
        if ansi.reverse { attributes.insert(.reverse) }
        self.init(
            foreground: ansi.foreground.map(PaletteColor.nearest) ?? .default,
            background: ansi.background.map(PaletteColor.nearest) ?? .default, attributes: attributes)
    }
}

extension PaletteColor {
    private static let sixteen: [PaletteColor] = [
        .ansiBlack, .ansiRed, .ansiGreen, .ansiYellow, .ansiBlue, .ansiMagenta, .ansiCyan, .ansiWhite,
        .ansiBrightBlack, .ansiBrightRed, .ansiBrightGreen, .ansiBrightYellow, .ansiBrightBlue, .ansiBrightMagenta,
        .ansiBrightCyan, .ansiBrightWhite,
    ]

    /// The 16 colours as xterm draws them by default, to measure other colours against.
    private static let sixteenRGB: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// An ANSI colour as one of the 16: 0–15 as they are; the 256-colour palette's cube and
    /// greys, and true colour, as the nearest of the 16 by RGB distance.
    static func nearest(_ color: ANSIStyle.Color) -> PaletteColor {
        let rgb: (Int, Int, Int)
        switch color {
        case .indexed(let n) where n < 16: return sixteen[Int(n)]
        case .indexed(let n) where n >= 232:
            let grey = 8 + 10 * (Int(n) - 232)
            rgb = (grey, grey, grey)
        case .indexed(let n):
            let levels = [0, 95, 135, 175, 215, 255]
            let cube = Int(n) - 16
            rgb = (levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
        case .rgb(let r, let g, let b):
            rgb = (Int(r), Int(g), Int(b))
        }
        var best = 0
        var bestDistance = Int.max
        for (i, candidate) in sixteenRGB.enumerated() {
            let (dr, dg, db) = (candidate.0 - rgb.0, candidate.1 - rgb.1, candidate.2 - rgb.2)
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance { (best, bestDistance) = (i, distance) }
        }
        return sixteen[best]
    }
}
