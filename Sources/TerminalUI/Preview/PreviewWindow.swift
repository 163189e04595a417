/// Where the preview pane goes and how big it is: fzf's `--preview-window`, the subset this
/// interface has (a side: `right:50%`, `left`, `up:40%`, `bottom`; `hidden`; a size in cells: `right:40`).
public struct PreviewWindow: Hashable, Sendable {
    public enum Position: String, Hashable, Sendable { case right, left, top, bottom }

    public var position: Position
    /// The pane's share of the hits area, in percent, or in cells when `sizeIsPercent` is false.
    public var size: Int
    public var sizeIsPercent: Bool
    /// Closed until toggled (F6 / Alt-p).
    public var startsHidden: Bool
    /// The box's lines: fzf's `border-rounded` (the default), `border-sharp`, `border-double`, `border-bold`.
    public var border = BorderStyle.rounded
    /// fzf's `wrap` / `nowrap` (nil: neither said, a toggle made before stays); `wrap-word` wraps too.
    public var wraps: Bool?
    /// fzf's `info` / `noinfo`: the scroll position shown in the box's top right corner.
    public var showsInfo = true

    public init(position: Position = .right, size: Int = 50, sizeIsPercent: Bool = true, startsHidden: Bool = true) {
        self.position = position
        self.size = size
        self.sizeIsPercent = sizeIsPercent
        self.startsHidden = startsHidden
    }

    /// Reads fzf's syntax: words separated by `:` or `,` — a position (`right`, `left`, `top` or
    /// fzf's `up`, `bottom` or fzf's `down`), a size (`50%`, `40`), `hidden` / `nohidden`, the box's
    /// `border-rounded|sharp|double|bold`, `wrap` / `nowrap`, `info` / `noinfo`. Position and size default to right, 50%.
    /// A window named explicitly starts shown unless `hidden` is among the words.
    public init(parsing spec: String) throws(PreviewWindowError) {
        self.init(startsHidden: false)
        let words = spec.split(whereSeparator: { $0 == ":" || $0 == "," }).map(String.init)
        guard !words.isEmpty else { throw .malformed(spec, word: spec) }
        for word in words {
            switch word.lowercased() {
            case "right": position = .right
            case "left": position = .left
            case "top", "up": position = .top
            case "bottom", "down": position = .bottom
            case "hidden": startsHidden = true
            case "nohidden": startsHidden = false
            case "border-rounded": border = .rounded
            case "border-sharp": border = .single
            case "border-double": border = .double
            case "border-bold": border = .heavy
            case "wrap", "wrap-word": wraps = true
            case "nowrap": wraps = false
            case "info": showsInfo = true
            case "noinfo": showsInfo = false
            default:
                let isPercent = word.hasSuffix("%")
                guard let number = Int(isPercent ? String(word.dropLast()) : word) else { throw .malformed(spec, word: word) }
                guard isPercent ? (1...99).contains(number) : (1...500).contains(number) else { throw .outOfRange(spec, word: word) }
                (size, sizeIsPercent) = (number, isPercent)
            }
        }
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
            return "--preview-window \"\(spec)\": \"\(word)\" is not right, left, up, down, hidden or a size (50% or 40)"
        case .outOfRange(let spec, let word):
            return "--preview-window \"\(spec)\": size \"\(word)\" must be 1%…99% or 1…500 cells"
        }
    }
}
