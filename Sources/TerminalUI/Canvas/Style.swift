/// A colour by its role, not its value. Widgets say "this is the accent" and the terminal
/// layer decides what that looks like (a 256-colour grey, a basic ANSI colour, or — with
/// NO_COLOR — an attribute such as bold), so the canvas and its tests never depend on
/// what the terminal supports.
public enum PaletteColor: Sendable, Hashable {
    /// The terminal's own foreground or background (no colour set).
    case `default`
    /// Titles, prompts, focused things.
    case accent
    /// Matched query words inside hits.
    case highlight
    /// Secondary text: counts, hints, borders of unfocused panes.
    case muted
    case error
    case success
    case warning
    /// The background of the selected row.
    case selection
    /// The eight ANSI colours by value, for text that brings its own (a `--preview` command's
    /// SGR colours); the widgets' own looks use the roles above.
    case ansiBlack, ansiRed, ansiGreen, ansiYellow, ansiBlue, ansiMagenta, ansiCyan, ansiWhite
    /// Their bright forms (colours 8–15; the basic ones in bold where a terminal has only 8).
    case ansiBrightBlack, ansiBrightRed, ansiBrightGreen, ansiBrightYellow, ansiBrightBlue, ansiBrightMagenta, ansiBrightCyan,
        ansiBrightWhite
    /// A colour given by number or value (`--color`, `--ansi` text): 0–255 as terminals number
    /// them, or #rrggbb, drawn as the nearest the terminal has (`ColorApproximation`).
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)
}

/// Text attributes every curses terminal can show; they survive NO_COLOR.
public struct TextAttributes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextAttributes(rawValue: 1 << 0)
    public static let underline = TextAttributes(rawValue: 1 << 1)
    public static let reverse = TextAttributes(rawValue: 1 << 2)
    public static let dim = TextAttributes(rawValue: 1 << 3)
    public static let italic = TextAttributes(rawValue: 1 << 4)
}

/// How one cell looks, in terminal-independent terms.
public struct Style: Sendable, Hashable, CustomStringConvertible {
    public var foreground: PaletteColor
    public var background: PaletteColor
    public var attributes: TextAttributes

    public init(
        foreground: PaletteColor = .default,
        background: PaletteColor = .default,
        attributes: TextAttributes = []
    ) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// No colour, no attributes: what a fresh canvas holds.
    public static let plain = Style()

    public static func fg(_ color: PaletteColor) -> Style { Style(foreground: color) }
    public static func bg(_ color: PaletteColor) -> Style { Style(background: color) }

    // Chainable modifiers read well at call sites: `.fg(.accent).bold()`.
    public func fg(_ color: PaletteColor) -> Style { var s = self; s.foreground = color; return s }
    public func bg(_ color: PaletteColor) -> Style { var s = self; s.background = color; return s }
    public func bold() -> Style { adding(.bold) }
    public func underline() -> Style { adding(.underline) }
    public func reverse() -> Style { adding(.reverse) }
    public func dim() -> Style { adding(.dim) }

    /// `tint` laid over what is drawn: its colours where a cell has none of its own (the
    /// terminal's default), its attributes on cells with no colour of their own for the
    /// text. fzf's `fg` / `bg`, `preview-fg` / `preview-bg`, and the panes' own colours.
    public func tinted(with tint: Style) -> Style {
        var s = self
        if s.foreground == .default {
            s.foreground = tint.foreground
            s.attributes.formUnion(tint.attributes)
        }
        if s.background == .default { s.background = tint.background }
        return s
    }

    public func adding(_ extra: TextAttributes) -> Style {
        var s = self
        s.attributes.formUnion(extra)
        return s
    }

    /// `other` drawn over `self`: its non-default colours win and attributes add up.
    /// This is how a highlighted word keeps the selected row's background.
    public func patched(with other: Style) -> Style {
        Style(
            foreground: other.foreground == .default ? foreground : other.foreground,
            background: other.background == .default ? background : other.background,
            attributes: attributes.union(other.attributes)
        )
    }

    public var description: String {
        var parts: [String] = []
        if foreground != .default { parts.append("fg:\(foreground)") }
        if background != .default { parts.append("bg:\(background)") }
        if attributes.contains(.bold) { parts.append("bold") }
        if attributes.contains(.underline) { parts.append("underline") }
        if attributes.contains(.reverse) { parts.append("reverse") }
        if attributes.contains(.dim) { parts.append("dim") }
        if attributes.contains(.italic) { parts.append("italic") }
        return parts.isEmpty ? "plain" : parts.joined(separator: " ")
    }
}
