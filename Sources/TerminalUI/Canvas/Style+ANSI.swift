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

    /// The 16 as xterm draws them by default, to measure other colours against.
    private static let sixteenRGB: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The steps of the 256-colour palette's 6×6×6 cube (colours 16–231).
    private static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// An ANSI colour in the palette: 0–15 as the 16 named ones, 16–255 as they are, true
    /// colour as the nearest of the 256-colour palette (the terminal layer takes 16–255 down
    /// to the nearest of the 16 where it has fewer colours).
    init(ansi color: ANSIStyle.Color) {
        switch color {
        case .indexed(let n) where n < 16: self = Self.sixteen[Int(n)]
        case .indexed(let n): self = .indexed(n)
        case .rgb(let r, let g, let b): self = .indexed(Self.nearest256(Int(r), Int(g), Int(b)))
        }
    }

    /// A colour of the 256-colour palette as the nearest of the 16, by RGB distance.
    static func nearestOfSixteen(_ number: UInt8) -> PaletteColor {
        if number < 16 { return sixteen[Int(number)] }
        let (r, g, b) = rgb(of: number)
        return sixteen[closest(to: (r, g, b), among: sixteenRGB)]
    }

    /// The RGB of a palette colour 16–255: the cube, then 24 greys from 8 to 238.
    private static func rgb(of number: UInt8) -> (Int, Int, Int) {
        if number >= 232 {
            let grey = 8 + 10 * (Int(number) - 232)
            return (grey, grey, grey)
        }
        let cube = Int(number) - 16
        return (cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6])
    }

    /// The palette colour (16–255) nearest a true colour: the nearest cube colour or grey.
    private static func nearest256(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
        let level = { (c: Int) in closest(to: (c, 0, 0), among: cubeLevels.map { ($0, 0, 0) }) }
        let cube = 16 + 36 * level(r) + 6 * level(g) + level(b)
        let grey = 232 + min(23, max(0, ((r + g + b) / 3 - 3) / 10))
        let candidates = [UInt8(cube), UInt8(grey)]
        return candidates[closest(to: (r, g, b), among: candidates.map(rgb(of:)))]
    }

    private static func closest(to color: (Int, Int, Int), among palette: [(Int, Int, Int)]) -> Int {
        var best = 0
        var bestDistance = Int.max
        for (i, candidate) in palette.enumerated() {
            let (dr, dg, db) = (candidate.0 - color.0, candidate.1 - color.1, candidate.2 - color.2)
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance { (best, bestDistance) = (i, distance) }
        }
        return best
    }
}
