/// fzf 0.74's section borders, as given: `--list-border`, `--input-border`, `--header-border`,
/// `--header-lines-border`, `--footer-border` (with `--style` setting several at once), their
/// labels, and `--gap` / `--gap-line` between the list's lines.
public struct PickerSectionStyles: Equatable, Sendable {
    /// A section's border as written: one of fzf's shapes, `line` (one rule, on the side fzf
    /// gives that section in the layout), or `phantom` (a window of its own, drawn without a
    /// border: fzf's `--header-lines-border none`).
    public enum Shape: Equatable, Sendable {
        case border(ScreenFrame.Border)
        case line
        case phantom
        /// Inside the list's border, apart from the list by a rule (a `line` when the list's
        /// border has no top and bottom to hold it).
        case inline

        public static let none = Shape.border(.none)

        /// `--X-border`'s words: fzf's shapes, `line` and `inline`.
        public init?(name: String) {
            switch name {
            case "line": self = .line
            case "inline": self = .inline
            default:
                guard let border = ScreenFrame.Border(rawValue: name) else { return nil }
                self = .border(border)
            }
        }
    }

    /// A label on a section's border: its text, the column (0 centred, N from the left, -N
    /// from the right) and whether it goes on the bottom side.
    public struct Label: Equatable, Sendable {
        public var text = ""
        public var column = 0
        public var bottom = false

        public init(text: String = "", column: Int = 0, bottom: Bool = false) {
            (self.text, self.column, self.bottom) = (text, column, bottom)
        }

        /// fzf's label positions: words split at `:`, each `center`, `top`, `bottom` or a number.
        public static func position(_ text: String) -> (column: Int, bottom: Bool)? {
            var (column, bottom) = (0, false)
            for word in text.lowercased().split(separator: ":", omittingEmptySubsequences: false) {
                switch word {
                case "center": column = 0
                case "bottom": bottom = true
                case "top": bottom = false
                default:
                    guard let number = Int(word), abs(number) <= 10_000 else { return nil }
                    column = number
                }
            }
            return (column, bottom)
        }
    }

    public var list = ScreenFrame.Border.none
    public var input = Shape.none
    public var header = Shape.none
    /// nil: not given (the header lines then share the header's window as fzf decides).
    public var headerLines: Shape?
    /// fzf's footer has a line on its side facing away from the list unless told otherwise.
    public var footer = Shape.line
    public var listLabel = Label()
    public var inputLabel = Label()
    public var headerLabel = Label()
    public var footerLabel = Label()
    /// `--gap[=N]`: blank rows after each line; `--gap-line`: what the last of them is drawn with ("" none).
    public var gap = 0
    public var gapLine = "┈"

    public init() {}
}

/// The shape a section's border has once resolved for the layout: fzf's sides, or a window
/// of its own without any (`phantom`).
struct SectionShape: Equatable, Sendable {
    var border: ScreenFrame.Border
    var phantom = false
    /// Drawn inside the list's border (fzf's `inline`).
    var inline = false

    static let none = SectionShape(border: .none)

    var visible: Bool { border != .none || phantom || inline }
    var sides: (top: Bool, right: Bool, bottom: Bool, left: Bool) { border.sides }
    /// Rows its top and bottom sides take.
    var lines: Int { (sides.top ? 1 : 0) + (sides.bottom ? 1 : 0) }
    /// Columns its sides take: each side with the blank column inside it.
    var columns: Int { (sides.left ? 2 : 0) + (sides.right ? 2 : 0) }
    /// Whether its label is drawn (fzf draws labels on the sides that run across).
    var holdsLabel: Bool {
        switch border {
        case .horizontal, .top, .bottom, .rounded, .sharp, .bold, .block, .thinblock, .double, .dashed: true
        default: false
        }
    }

    /// `shape` for a section: `line` becomes the side `lineSide` names.
    static func resolving(_ shape: PickerSectionStyles.Shape, lineOnTop: Bool) -> SectionShape {
        switch shape {
        case .border(let border): SectionShape(border: border)
        case .line: SectionShape(border: lineOnTop ? .top : .bottom)
        case .phantom: SectionShape(border: .none, phantom: true)
        case .inline: SectionShape(border: .none, inline: true)
        }
    }
}
