import InstantSearchCore

/// The preview pane (fzf's preview window; InstantSearch's hit detail): the selected hit's
/// fields, or the output of the `--preview` command run on it. Its content and scroll are
/// state, changed when the selection, the results, the command's output, a key or the size
/// change; `render` only draws them.
public struct PreviewPane {
    /// Where the pane goes (`--preview-window`, `change-preview-window`).
    public internal(set) var window: PreviewWindow
    /// fzf's toggle-preview-wrap: a command's long lines go on over the next rows.
    var wrapsOutput = false {
        didSet { relayout() }
    }
    /// Whether the pane is on screen (F6 / Alt-p toggle it).
    public internal(set) var isShown: Bool
    /// The hit shown, as last given; nil when nothing is selected.
    private(set) var hit: Hit?
    /// The command's output for `hit` when `--preview` is given (nil until it says something).
    private(set) var output: PreviewOutput?
    /// The index's number formats, for the fields that have one.
    private var numbers = NumberText.standard
    /// Why loading stopped, shown whole above the hit: the stats line has room for its start only.
    private(set) var notice: String?
    /// Whether a command's output is shown rather than the record (`--preview`, `change-preview`).
    var runsCommand: Bool
    /// Which of the command's images go to the terminal (`--preview-images`).
    var images = PreviewImages.none {
        didSet { relayout() }
    }
    /// The content wrapped to the pane's width, and the first line in view.
    private(set) var lines: [StyledLine] = []
    /// The command's images sent on, by the row of `lines` and the column they start at.
    private(set) var graphics: [(row: Int, column: Int, placement: TerminalGraphics.Placement)] = []
    public private(set) var scroll = 0
    private var width = 0
    private var height = 1

    public init(window: PreviewWindow = PreviewWindow(), runsCommand: Bool = false) {
        self.window = window
        self.runsCommand = runsCommand
        isShown = !window.startsHidden
        wrapsOutput = window.wraps ?? false
    }

    // MARK: Update

    mutating func toggle() { isShown.toggle() }

    mutating func resize(width: Int, height: Int) {
        guard width != self.width || height != self.height else { return }
        (self.width, self.height) = (max(0, width), max(1, height))
        relayout()
    }

    /// The selected hit (its highlights and ranking follow the latest results). Another record
    /// than before starts at the top and drops the previous command's output; returns whether
    /// the record changed (the command must run again).
    @discardableResult
    mutating func show(_ hit: Hit?, numbers: NumberText = .standard, notice: String? = nil) -> Bool {
        guard hit != self.hit || numbers != self.numbers || notice != self.notice else { return false }
        self.numbers = numbers
        self.notice = notice
        let moved = hit?.objectID != self.hit?.objectID || hit?.record != self.hit?.record
        self.hit = hit
        if moved {
            scroll = 0
            output = nil
        }
        relayout()
        return moved
    }

    /// More (or all) of the command's output for the hit shown.
    mutating func show(_ output: PreviewOutput) {
        self.output = output
        relayout()
    }

    /// preview-up / -down / -page-up / -page-down / -half-page-up / -half-page-down / -top /
    /// -bottom; false for other actions.
    mutating func perform(_ action: KeyAction) -> Bool {
        guard isShown else { return false }
        switch action {
        case .previewUp: scroll(by: -1)
        case .previewDown: scroll(by: 1)
        case .previewPageUp: scroll(by: -max(1, height - 1))
        case .previewPageDown: scroll(by: max(1, height - 1))
        case .previewHalfPageUp: scroll(by: -max(1, height / 2))
        case .previewHalfPageDown: scroll(by: max(1, height / 2))
        case .previewTop: scroll(by: -lines.count)
        case .previewBottom: scroll(by: lines.count)
        default: return false
        }
        return true
    }

    private mutating func scroll(by rows: Int) {
        scroll = max(0, min(scroll + rows, lines.count - height))
    }

    private mutating func relayout() {
        guard width > 0 else { return lines = [] }
        lines =
            notice.map { notice in
                StyledWrap.wrap([("⚠ loading stopped: " + notice, Theme.error)], width: width, indent: 2) + [[]]
            } ?? []
        graphics = []
        if runsCommand {
            // Command output is clipped, not wrapped (fzf's default): tables and colours stay aligned;
            // toggle-preview-wrap wraps it.
            let output = outputWithImages()
            let firstRow = lines.count
            var rows: [Int] = []  // the row each output line starts on
            for line in output {
                rows.append(lines.count)
                lines += wrapsOutput ? StyledWrap.wrap(line, width: width) : [line]
            }
            for placement in self.output?.placements ?? [] where placement.draws && images.sends(placement.kind) {
                let row = placement.line < rows.count ? rows[placement.line] : firstRow + placement.line
                graphics.append((row, placement.column, placement))
            }
        } else if let hit {
            lines += PreviewContent.lines(of: hit, numbers: numbers).flatMap { StyledWrap.wrap($0.line, width: width, indent: $0.indent) }
        }
        scroll = max(0, min(scroll, lines.count - height))
    }

    /// The command's lines, each image not sent named on the line it was on (a line of its
    /// own when the line has text), and a line for an image that ends the output.
    private func outputWithImages() -> [StyledLine] {
        guard let output else { return [] }
        var lines = output.lines
        for placement in output.placements.reversed() where placement.draws {
            while lines.count <= placement.line { lines.append([]) }
            guard !images.sends(placement.kind) else { continue }
            let placeholder: StyledLine = [(images.placeholder(placement.kind), Theme.secondary)]
            if lines[placement.line].isEmpty { lines[placement.line] = placeholder } else { lines.insert(placeholder, at: placement.line) }
        }
        return lines
    }

    // MARK: Drawing

    func render(_ area: Rect, _ canvas: inout Canvas) {
        // A command that runs with nothing selected (fzf's `{q}` preview) shows its output.
        guard hit != nil || notice != nil || (runsCommand && output != nil) else {
            canvas.write("No hit selected.", x: area.x, y: area.y, style: Theme.secondary, maxWidth: area.width)
            return
        }
        if runsCommand, lines.isEmpty, notice == nil {
            let message = output.map { $0.isFinished ? "(no output, status \($0.status ?? 0))" : "…" } ?? "…"
            canvas.write(message, x: area.x, y: area.y, style: Theme.secondary, maxWidth: area.width)
            return
        }
        // A sixel or iTerm2 image takes the rows below it to the pane's end (its height is not
        // known in rows; fzf assumes the same): no text is drawn there.
        var textRows = area.height
        for graphic in graphics where graphic.row >= scroll && graphic.row < scroll + area.height && graphic.column < area.width {
            let y = graphic.row - scroll
            let bytes = graphic.placement.graphics.flatMap { $0.sent(insideTmux: images.insideTmux) }
            let kitty = graphic.placement.kind == .kitty
            canvas.place(
                bytes, in: Rect(x: area.x + graphic.column, y: area.y + y, width: area.width - graphic.column, height: area.height - y), isKitty: kitty)
            if !kitty { textRows = min(textRows, y + 1) }
        }
        for (row, line) in lines.dropFirst(scroll).prefix(textRows).enumerated() {
            canvas.write(line, x: area.x, y: area.y + row, maxWidth: area.width, overflow: runsCommand ? .clip : .ellipsis)
        }
    }

    /// " 3/97 ": the first line in view and how many there are, when they do not all fit. Drawn
    /// on the rule above or beside the pane (as fzf puts it on the border), never over the text.
    var position: String? {
        guard hit != nil, lines.count > height else { return nil }
        return " \(scroll + 1)/\(lines.count) "
    }
}
