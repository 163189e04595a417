/// Where the preview pane goes, how big it is and how it shows its text: fzf 0.74's
/// `--preview-window`, word for word (see `apply`).
public struct PreviewWindow: Hashable, Sendable {
    /// `next`: fzf's place beside the input, on the list's side of it.
    public enum Position: String, Hashable, Sendable { case right, left, top, bottom, next }

    /// The box's lines: one of fzf's border styles, or `line`, a single rule on the side that faces the list.
    public enum Border: Hashable, Sendable {
        case shape(ScreenFrame.Border)
        case line

        /// The sides drawn for a pane at `position`.
        func shape(at position: Position, reverse: Bool = false) -> ScreenFrame.Border {
            switch self {
            case .shape(let shape): shape
            case .line:
                switch position {
                case .top: .bottom
                case .bottom: .top
                case .left: .right
                case .right: .left
                case .next: reverse ? .bottom : .top
                }
            }
        }
    }

    public var position: Position
    /// The pane's share of the hits area, in percent, or in cells when `sizeIsPercent` is false.
    /// 0 draws no pane, but the command still runs (fzf's way to run a command on each move).
    public var size: Int
    public var sizeIsPercent: Bool
    /// Closed until toggled (F6 / Alt-p).
    public var startsHidden: Bool
    /// Closed only because no command was given (no `hidden` said): a command given later by
    /// `change-preview` opens it, as in fzf.
    public var hiddenUntilCommand = false
    public var border = Border.shape(.rounded)
    /// fzf's `wrap` / `nowrap` (nil: neither said, a toggle made before stays).
    public var wraps: Bool?
    /// fzf's `wrap-word`: wrapped lines break between words.
    public var wrapsWords = false
    /// fzf's `info` / `noinfo`: the scroll position shown in the text's top right corner.
    public var showsInfo = true
    /// fzf's `follow`: the pane keeps the output's end in view as it grows.
    public var follows = false
    /// fzf's `cycle`: scrolling past one end goes on from the other.
    public var cycles = false
    /// fzf's `+SCROLL[OFFSETS][/DENOM]`: the line shown first, a template (`+{2}-5`), nil for the top.
    public var scroll: String?
    /// fzf's `~N`: the output's first N lines stay in view while the rest scrolls.
    public var headerLines = 0
    /// fzf's `<N(...)`: the window used instead while this one would be smaller than `threshold` cells.
    public var threshold = 0
    private var alternatives: [PreviewWindow] = []

    public var alternative: PreviewWindow? {
        get { alternatives.first }
        set { alternatives = newValue.map { [$0] } ?? [] }
    }

    public init(position: Position = .right, size: Int = 50, sizeIsPercent: Bool = true, startsHidden: Bool = true) {
        self.position = position
        self.size = size
        self.sizeIsPercent = sizeIsPercent
        self.startsHidden = startsHidden
    }

    /// A window as `--preview-window SPEC` gives it: fzf's defaults (right, 50%, rounded,
    /// shown) with `spec`'s words applied.
    public init(parsing spec: String, border: Border = .shape(.rounded)) throws(PreviewWindowError) {
        self.init(startsHidden: false)
        self.border = border
        try apply(spec)
    }

    /// Applies fzf's words, separated by `:` or `,`, in order: a position (`right`, `left`,
    /// `up`/`top`, `down`/`bottom`), a size (`50%`, `40`, `0`), `hidden`/`nohidden`,
    /// `wrap`/`wrap-word`/`nowrap`, `cycle`/`nocycle`, `follow`/`nofollow`, `info`/`noinfo`,
    /// a border (`border-rounded`, `rounded`, `border`, `border-sharp`, `sharp`, `border-bold`,
    /// `border-double`, `border-block`, `border-thinblock`, `border-horizontal`,
    /// `border-vertical`, `border-top`/`up`, `border-bottom`/`down`, `border-left`,
    /// `border-right`, `border-line`, `border-none`/`noborder`), a scroll offset
    /// (`+123`, `+{2}-5`, `+{2}/2`), fixed header lines (`~3`), `default` (fzf's defaults again)
    /// and an alternative window `<N(WORDS)` (its words on top of this window's).
    public mutating func apply(_ spec: String) throws(PreviewWindowError) {
        var alternativeSpec: String?
        for token in Self.tokens(of: spec) {
            if case .alternative(let threshold, let words) = token {
                (self.threshold, alternativeSpec) = (threshold, words)
                continue
            }
            guard case .word(let word) = token else { continue }
            try applyWord(word, spec: spec)
        }
        if let alternativeSpec {
            var other = self
            other.startsHidden = false
            other.alternative = nil
            other.threshold = 0
            try other.apply(alternativeSpec)
            alternative = other
        }
    }

    private mutating func applyWord(_ word: String, spec: String) throws(PreviewWindowError) {
        switch word {
        case "default":
            self = PreviewWindow(startsHidden: false)
        case "hidden": startsHidden = true
        case "nohidden": startsHidden = false
        case "wrap": (wraps, wrapsWords) = (true, false)
        case "wrap-word": (wraps, wrapsWords) = (true, true)
        case "nowrap": (wraps, wrapsWords) = (false, false)
        case "cycle": cycles = true
        case "nocycle": cycles = false
        case "follow": follows = true
        case "nofollow": follows = false
        case "info": showsInfo = true
        case "noinfo": showsInfo = false
        case "right": position = .right
        case "left": position = .left
        case "top", "up": position = .top
        case "bottom", "down": position = .bottom
        case "next": position = .next
        case "border-line": border = .line
        default:
            if let shape = Self.borders[word] {
                border = .shape(shape)
            } else if word.first == "~", let lines = Int(word.dropFirst()), lines >= 0, word.dropFirst().allSatisfy(\.isASCII) {
                headerLines = lines
            } else if let (number, isPercent) = Self.size(word) {
                guard !isPercent || number <= 99 else { throw .outOfRange(spec, word: word) }
                (size, sizeIsPercent) = (number, isPercent)
            } else if PreviewScrollOffset.isValid(word) {
                scroll = word
            } else {
                throw .malformed(spec, word: word)
            }
        }
    }

    private static let borders: [String: ScreenFrame.Border] = [
        "rounded": .rounded, "border": .rounded, "border-rounded": .rounded, "sharp": .sharp, "border-sharp": .sharp,
        "border-bold": .bold, "border-double": .double, "border-dashed": .dashed, "border-block": .block, "border-thinblock": .thinblock,
        "border-horizontal": .horizontal, "border-vertical": .vertical, "border-top": .top, "border-up": .top,
        "border-bottom": .bottom, "border-down": .bottom, "border-left": .left, "border-right": .right,
        "border-none": .none, "noborder": .none,
    ]

    /// `40` or `40%` (fzf's sizes: digits, a `%` or not).
    private static func size(_ word: String) -> (Int, Bool)? {
        let isPercent = word.hasSuffix("%")
        let digits = isPercent ? word.dropLast() : Substring(word)
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits) else { return nil }
        return (number, isPercent)
    }

    private enum Token {
        case word(String)
        case alternative(Int, String)
    }

    /// fzf's tokens: words between `:` and `,`, and `<N(...)` whole (its words inside).
    private static func tokens(of spec: String) -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(spec)
        while !rest.isEmpty {
            rest = rest.drop { $0 == ":" || $0 == "," }
            guard !rest.isEmpty else { break }
            if rest.first == "<", let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")"),
                let threshold = Int(rest[rest.index(after: rest.startIndex)..<open]), threshold > 0,
                case let inside = rest[rest.index(after: open)..<close], !inside.isEmpty, !inside.contains("<")
            {
                tokens.append(.alternative(threshold, String(inside)))
                rest = rest[rest.index(after: close)...]
                continue
            }
            let end = rest.firstIndex { $0 == ":" || $0 == "," } ?? rest.endIndex
            tokens.append(.word(String(rest[..<end])))
            rest = rest[end...]
        }
        return tokens
    }

    /// The window in effect in `area`: the alternative while this one's size there would be
    /// under the threshold.
    func effective(in area: Rect) -> PreviewWindow {
        guard threshold > 0, let alternative else { return self }
        let total = position == .left || position == .right ? area.width : area.height
        return cells(of: total) < threshold ? alternative.effective(in: area) : self
    }

    /// The box's cells out of `total` (the width for a side pane, the height for one above or
    /// below), as fzf sizes it: a size in cells is the text's, its border comes on top; a
    /// percentage is the whole box's; never under the box's least.
    func cells(of total: Int) -> Int {
        let sides = border.shape(at: position).sides
        let borderCells = position == .left || position == .right ? (sides.left ? 2 : 0) + (sides.right ? 2 : 0) : (sides.top ? 1 : 0) + (sides.bottom ? 1 : 0)
        let least = 1 + borderCells
        let wanted = sizeIsPercent ? total * size / 100 : size + borderCells
        return max(least, min(wanted, total))
    }

    /// Cells the pane takes out of `total` (the hits area's width or height), leaving the hits
    /// at least `keep` cells.
    func cells(of total: Int, keep: Int) -> Int {
        let wanted = sizeIsPercent ? total * size / 100 : size
        return max(0, min(wanted, total - keep))
    }
}

public enum PreviewWindowError: Error, Equatable, CustomStringConvertible {
    case malformed(String, word: String)
    case outOfRange(String, word: String)

    public var description: String {
        switch self {
        case .malformed(let spec, let word):
            return
                "--preview-window \"\(spec)\": invalid preview window option: \(word) (\"\(word)\" is not right, left, up, down, hidden or a size (50% or 40), nor another of fzf's words (wrap, follow, border-STYLE, +SCROLL, ~N, <N(…); see the manual))"
        case .outOfRange(let spec, let word):
            return "--preview-window \"\(spec)\": window size too large (max: 99%): \(word)"
        }
    }
}
