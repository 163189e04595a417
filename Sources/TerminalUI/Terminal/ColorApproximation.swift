/// A colour given by number or value (`--color`) as the terminal can draw it: itself when the
/// terminal has that many colours, else the nearest it has (#rrggbb through the 256-colour
/// cube and greys; beyond what an 8- or 16-colour terminal has, the nearest basic colour).
enum ColorApproximation {
    static func number(_ color: PaletteColor, colorCount: Int) -> Int16? {
        switch color {
        case .indexed(let n): return fit(Int(n), colorCount: colorCount)
        case .rgb(let r, let g, let b): return fit(nearest256(Int(r), Int(g), Int(b)), colorCount: colorCount)
        default: return nil
        }
    }

    /// Levels of the 6×6×6 cube (16–231), per channel.
    private static let levels = [0, 95, 135, 175, 215, 255]

    /// The values of the basic 16, as xterm draws them.
    private static let basic: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    static func fit(_ number: Int, colorCount: Int) -> Int16 {
        if number < colorCount { return Int16(number) }
        if number < 16 { return Int16(number - 8) }  // a bright colour on an 8-colour terminal
        let (r, g, b) = value(of: number)
        let candidates = colorCount >= 16 ? 16 : 8
        let best = (0..<candidates).min { distance(basic[$0], (r, g, b)) < distance(basic[$1], (r, g, b)) } ?? 7
        return Int16(best)
    }

    static func nearest256(_ r: Int, _ g: Int, _ b: Int) -> Int {
        func level(_ v: Int) -> Int { (0..<6).min { abs(levels[$0] - v) < abs(levels[$1] - v) } ?? 0 }
        let cube = 16 + 36 * level(r) + 6 * level(g) + level(b)
        let grey = 232 + max(0, min(23, ((r + g + b) / 3 - 8 + 5) / 10))
        return distance(value(of: cube), (r, g, b)) <= distance(value(of: grey), (r, g, b)) ? cube : grey
    }

    /// What a 256-colour number looks like (16 and up).
    static func value(of number: Int) -> (Int, Int, Int) {
        if number < 16 { return basic[number] }
        if number >= 232 {
            let v = 8 + (number - 232) * 10
            return (v, v, v)
        }
        let n = number - 16
        return (levels[n / 36], levels[n / 6 % 6], levels[n % 6])
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        (a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)
    }
}
