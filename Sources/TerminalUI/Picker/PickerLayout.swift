/// fzf's screen for plain lines, as geometry: for the room inside `--margin`, `--border` and
/// `--padding`, where fzf 0.74 puts the prompt, the info line, the header rows, the list and
/// the preview box. Pure arithmetic: `PickerScreen` draws into what it says.
///
/// From the prompt's edge (the bottom with fzf's `default` and `reverse-list` layouts, the top
/// with `reverse`): the prompt, the info line's row (when it has one of its own), the
/// `--header` lines, the `--header-lines` lines, then the list in the rows left. With
/// `--header-first` the header goes beyond the prompt, on the screen's edge.
public struct PickerLayout: Equatable, Sendable {
    public struct Settings: Equatable, Sendable {
        public var layout = ListLayout.default
        public var info = InfoStyle.default
        /// Whether a separator shows (fzf's `--separator` not empty): with `--info hidden` or
        /// `inline-right` it keeps the info line's row for itself.
        public var separator = true
        /// How many `--header` lines and `--header-lines` lines there are.
        public var headerRows = 0
        public var headerLines = 0
        public var headerFirst = false
        /// The preview window, while it shows.
        public var preview: PreviewWindow?
        /// The input section (the prompt and the info line): hidden by fzf's `--no-input`.
        public var input = true

        public init() {}
    }

    public var prompt: Rect
    /// The info line's own row: fzf's `default` and `right` info, and the separator's row
    /// of `hidden` and `inline-right`; nil when the info goes on the prompt's row or nowhere.
    public var infoRow: Rect?
    /// Each `--header` line's row, in the header's order.
    public var headerRows: [Rect]
    /// Each `--header-lines` line's row, in the input's order.
    public var headerLineRows: [Rect]
    /// The list's rows; the first hit on the last of them when `listRunsUpward`.
    public var list: Rect
    public var listRunsUpward: Bool
    /// The preview's box (its border) and the text's room inside it, while it shows.
    public var previewBox: Rect?
    public var previewText: Rect?

    public init(area: Rect, settings: Settings) {
        var main = area
        if let window = settings.preview, let (box, rest) = Self.carve(window, from: area) {
            // The text goes inside the border's sides, a column of padding inside each side one.
            let sides = window.border.shape(at: window.position).sides
            let text = box.inset(top: sides.top ? 1 : 0, left: sides.left ? 2 : 0, bottom: sides.bottom ? 1 : 0, right: sides.right ? 2 : 0)
            (previewBox, previewText, main) = (box, Rect(x: text.x, y: text.y, width: max(0, text.width), height: max(0, text.height)), rest)
        }
        listRunsUpward = settings.layout.listRunsUpward
        var rest = main
        let fromBottom = settings.layout.promptAtBottom
        // `count` rows off the prompt's edge of what is left, top to bottom.
        func take(_ count: Int) -> [Rect] {
            let count = max(0, min(count, rest.height))
            let block: Rect
            if fromBottom {
                block = Rect(x: rest.x, y: rest.maxY - count, width: rest.width, height: count)
                rest.height -= count
            } else {
                block = Rect(x: rest.x, y: rest.y, width: rest.width, height: count)
                rest = rest.inset(top: count)
            }
            return (0..<count).map { block.row($0) }
        }
        // fzf's default layout runs the header lines upward from the prompt, as its list.
        func ordered(_ rows: [Rect]) -> [Rect] { settings.layout == .default ? rows.reversed() : rows }
        // fzf's reverse-list starts its list with the header lines, at the top, in the input's order.
        let linesStartTheList = settings.layout == .reverseList
        var headerRows: [Rect]?
        var headerLineRows: [Rect]?
        if settings.headerFirst {
            if settings.headerRows > 0 {
                headerRows = take(settings.headerRows)
            } else if !linesStartTheList {
                headerLineRows = ordered(take(settings.headerLines))
            }
        }
        prompt = take(settings.input ? 1 : 0).first ?? Rect(x: rest.x, y: fromBottom ? rest.maxY : rest.y, width: rest.width, height: 0)
        infoRow = settings.input && Self.hasInfoRow(settings) ? take(1).first : nil
        self.headerRows = headerRows ?? take(settings.headerRows)
        if linesStartTheList {
            let count = max(0, min(settings.headerLines, rest.height))
            self.headerLineRows = (0..<count).map { rest.row($0) }
            rest = rest.inset(top: count)
        } else {
            self.headerLineRows = headerLineRows ?? ordered(take(settings.headerLines))
        }
        list = Rect(x: rest.x, y: rest.y, width: rest.width, height: max(0, rest.height))
    }

    /// fzf's `noSeparatorLine`: the info line has a row of its own unless it is inline, or
    /// hidden or at the right of the prompt without a separator to draw there.
    static func hasInfoRow(_ settings: Settings) -> Bool {
        switch settings.info {
        case .inline: false
        case .hidden, .inlineRight: settings.separator
        case .default, .right: true
        }
    }

    /// The preview's box out of `area`, and what is left for the rest (`PreviewWindow.cells`
    /// sizes it). A box on the left keeps one blank column before the list. Size 0 draws none.
    static func carve(_ window: PreviewWindow, from area: Rect) -> (box: Rect, rest: Rect)? {
        guard window.size > 0 else { return nil }
        switch window.position {
        case .left, .right:
            let width = min(window.cells(of: area.width), area.width - 1)
            guard width >= 1 else { return nil }
            if window.position == .right {
                return (Rect(x: area.maxX - width, y: area.y, width: width, height: area.height), area.inset(right: width))
            }
            let box = Rect(x: area.x, y: area.y, width: width, height: area.height)
            return (box, area.inset(left: min(area.width, width + 1)))
        case .top, .bottom:
            let height = min(window.cells(of: area.height), area.height - 1)
            guard height >= 1 else { return nil }
            if window.position == .bottom {
                return (Rect(x: area.x, y: area.maxY - height, width: area.width, height: height), area.inset(bottom: height))
            }
            return (Rect(x: area.x, y: area.y, width: area.width, height: height), area.inset(top: height))
        }
    }
}
