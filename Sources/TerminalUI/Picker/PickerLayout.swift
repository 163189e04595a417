/// fzf's screen for plain lines, as geometry: for the room inside `--margin`, `--border` and
/// `--padding`, where fzf 0.74 puts the prompt, the info line, the header rows, the footer,
/// the list, the preview box and the sections' borders. Pure arithmetic: `drawPicker` draws
/// into what it says.
///
/// `PickerSections` places the sections' windows (fzf's rules for each `--layout`,
/// `--header-first` and the section borders). In a window of its own the input has the prompt
/// on its side away from the list and the info line next to it; otherwise, from the prompt's
/// edge of the list's window (the bottom with fzf's `default` and `reverse-list` layouts, the
/// top with `reverse`): the prompt, the info line's row (when it has one of its own), the
/// `--header` lines, the `--header-lines` lines, then the list in the rows left.
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
        /// The preview window, while it shows; the one that would, while it is hidden.
        public var preview: PreviewWindow?
        public var hiddenPreview: PreviewWindow?
        /// The input section (the prompt and the info line): hidden by fzf's `--no-input`.
        public var input = true
        /// `--separator` given: fzf's default one goes where a border already draws its rule.
        public var separatorGiven = false
        /// The `--footer` lines.
        public var footerRows = 0
        /// The section borders and labels (`--list-border`, `--input-border`, …).
        public var sections = PickerSectionStyles()
        /// The pointer's and the marker's columns, where the list's text (and the headers') start.
        public var marks = 2
        /// The `--border` has a right side.
        public var outerRight = false

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
    /// Each `--footer` line's row.
    public var footerRows: [Rect] = []
    /// Columns before the headers' and the footer's text in their rows.
    public var headerIndent = 2
    public var headerLinesIndent = 2
    public var footerIndent = 2
    /// The sections' border boxes, to draw with their labels.
    var boxes: [PickerSections.Box] = []
    /// The rules inside the list's border between it and the sections there.
    var rules: [PickerSections.Rule] = []
    /// fzf's default separator left out: a border draws that rule.
    public var separatorSuppressed = false

    public init(area: Rect, settings: Settings) {
        // The --border's blank column on the right goes to the list unless a box there has a right side.
        let area = settings.outerRight && !Self.sticksToTheRight(settings) ? area.inset(right: min(1, area.width)) : area
        var main = area
        if let window = settings.preview, let (box, rest) = Self.carve(window, from: area, gap: settings.sections.list == .none) {
            // The text goes inside the border's sides, a column of padding inside each side one.
            let sides = window.border.shape(at: window.position, reverse: settings.layout == .reverse).sides
            let text = box.inset(top: sides.top ? 1 : 0, left: sides.left ? 2 : 0, bottom: sides.bottom ? 1 : 0, right: sides.right ? 2 : 0)
            (previewBox, previewText, main) = (box, Rect(x: text.x, y: text.y, width: max(0, text.width), height: max(0, text.height)), rest)
        }
        listRunsUpward = settings.layout.listRunsUpward
        var content = PickerSections.Content()
        (content.layout, content.info, content.input) = (settings.layout, settings.info, settings.input)
        (content.separatorGiven, content.separatorEmpty) = (settings.separatorGiven, !settings.separator)
        (content.headerRows, content.headerLines, content.footerRows) = (settings.headerRows, settings.headerLines, settings.footerRows)
        (content.headerFirst, content.marks) = (settings.headerFirst, settings.marks)
        if let window = settings.preview ?? settings.hiddenPreview, window.position == .next {
            let reverse = settings.layout == .reverse
            let sides = window.border.shape(at: .next, reverse: reverse).sides
            content.next = true
            content.nextFacesInput = settings.preview != nil && window.size > 0 && (reverse ? sides.top : sides.bottom)
            if settings.preview != nil, window.size > 0 { content.nextRows = window.cells(of: main.height) }
        }
        let sections = PickerSections(area: main, styles: settings.sections, content: content)
        if let box = sections.nextPreview, let window = settings.preview {
            let sides = window.border.shape(at: .next, reverse: settings.layout == .reverse).sides
            let text = box.inset(top: sides.top ? 1 : 0, left: sides.left ? 2 : 0, bottom: sides.bottom ? 1 : 0, right: sides.right ? 2 : 0)
            (previewBox, previewText) = (box, Rect(x: text.x, y: text.y, width: max(0, text.width), height: max(0, text.height)))
        }
        (boxes, rules, separatorSuppressed) = (sections.boxes, sections.rules, sections.separatorSuppressed)
        var rest = sections.list
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
        if let input = sections.input {
            // The prompt on the input window's side away from the list, the info line next to it.
            let rows = (0..<input.height).map { input.row($0) }
            let ordered = fromBottom ? Array(rows.reversed()) : rows
            prompt = ordered.first ?? Rect(x: input.x, y: input.y, width: input.width, height: 0)
            infoRow = sections.infoRow && ordered.count > 1 ? ordered[1] : nil
        } else {
            prompt = take(settings.input ? 1 : 0).first ?? Rect(x: rest.x, y: fromBottom ? rest.maxY : rest.y, width: rest.width, height: 0)
            infoRow = sections.infoRow ? take(1).first : nil
        }
        let (given, lines) = (settings.headerRows, settings.headerLines)
        headerIndent = settings.marks
        (headerLinesIndent, footerIndent) = (settings.marks, sections.footerIndent)
        if let window = sections.header {
            // fzf's header window: in reverse the --header first, then the lines; otherwise the
            // --header read downward at the list's far side and the lines running up from it.
            let linesHere = sections.headerLines == nil ? lines : 0
            let flip = settings.layout != .reverse
            // A line the window has no row for gets an empty one (fzf skips it), so that the
            // rows stay in the lines' order.
            func row(_ line: Int) -> Rect {
                let y = flip ? window.height - 1 - line : line
                return y >= 0 && y < window.height ? window.row(y) : Rect(x: window.x, y: -1, width: 0, height: 0)
            }
            headerRows = (0..<given).map { row(flip ? given - 1 - $0 : $0) }
            headerLineRows = linesHere > 0 ? (0..<linesHere).map { row(given + $0) } : []
            (headerIndent, headerLinesIndent) = (sections.headerIndent, sections.headerIndent)
        } else {
            // fzf's default layout runs the header lines upward from the prompt, as its list.
            headerRows = take(given)
            headerLineRows = sections.headerLines == nil ? (settings.layout == .default ? take(lines).reversed() : take(lines)) : []
        }
        if let window = sections.headerLines {
            let rows = (0..<min(lines, window.height)).map { window.row($0) }
            headerLineRows = settings.layout == .default ? rows.reversed() : rows
            headerLinesIndent = sections.headerLinesIndent
        }
        footerRows = sections.footer.map { window in (0..<min(settings.footerRows, window.height)).map { window.row($0) } } ?? []
        list = Rect(x: rest.x, y: rest.y, width: rest.width, height: max(0, rest.height))
    }

    /// fzf's `listStickToRight`: whether the list takes the column a right `--border` keeps
    /// blank inside it — when neither the sections' boxes nor the preview's (beside or above
    /// the list) has a right side; a preview on the left leaves it to a list without a border.
    static func sticksToTheRight(_ settings: Settings) -> Bool {
        let s = settings.sections
        let previewRight = settings.preview.map { $0.border.shape(at: $0.position).sides.right } ?? false
        let headerRight: Bool =
            switch s.header {
            case .border(let border): border.sides.right && settings.headerRows + settings.headerLines > 0
            default: false
            }
        var inputRight = false
        if case .border(let border) = s.input { inputRight = border.sides.right }
        let sections = !s.list.sides.right && !inputRight && !headerRight
        switch settings.preview?.position {
        case .right?: return !previewRight
        case .left?: return s.list == .none
        case .top?, .bottom?, .next?: return sections && !previewRight
        case nil: return sections
        }
    }

    /// The preview's box out of `area`, and what is left for the rest (`PreviewWindow.cells`
    /// sizes it). A box on the left keeps one blank column before the list. Size 0 draws none.
    static func carve(_ window: PreviewWindow, from area: Rect, gap: Bool = true) -> (box: Rect, rest: Rect)? {
        guard window.size > 0 else { return nil }
        switch window.position {
        case .next: return nil  // placed with the sections, beside the input (`PickerSections`)
        case .left, .right:
            let width = min(window.cells(of: area.width), area.width - 1)
            guard width >= 1 else { return nil }
            if window.position == .right {
                return (Rect(x: area.maxX - width, y: area.y, width: width, height: area.height), area.inset(right: width))
            }
            let box = Rect(x: area.x, y: area.y, width: width, height: area.height)
            return (box, area.inset(left: min(area.width, width + (gap ? 1 : 0))))
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
