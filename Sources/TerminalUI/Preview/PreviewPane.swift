import InstantSearchCore

/// The preview pane (fzf's preview window; InstantSearch's hit detail): the selected hit's
/// fields, or the output of the `--preview` command run on it. Its content and scroll are
/// state, changed when the selection, the results, the command's output, a key or the size
/// change; `render` only draws them.
public struct PreviewPane {
    /// Where the pane goes (`--preview-window`, `change-preview-window`).
    public internal(set) var window: PreviewWindow
    /// The window the options gave: `change-preview-window` starts from it each time, as fzf's.
    public let givenWindow: PreviewWindow
    /// The window in effect: `window`, or its `<N(...)` alternative while the room is short.
    public private(set) var inEffect: PreviewWindow
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
    /// The content, each line as the rows it takes at the pane's width (one row each, but for
    /// a command's line that wraps). The scroll is a line's index, as fzf's is.
    private(set) var lines: [[StyledLine]] = []
    /// The command's images sent on, by the line they are on and the column they start at.
    private(set) var graphics: [(line: Int, column: Int, placement: TerminalGraphics.Placement)] = []
    /// fzf's `follow` while it holds: the output's end stays in view; scrolling up stops it,
    /// scrolling back to the end resumes it.
    private var following = false
    /// fzf's `+SCROLL` for the command's run: the line to start at, until a key scrolls.
    private var startLine: Int?
    /// The wrap sign before a wrapped line's continuation rows (fzf's `--preview-wrap-sign`).
    var wrapSign = "↳ "
    public private(set) var scroll = 0
    private var width = 0
    private var height = 1

    public init(window: PreviewWindow = PreviewWindow(), runsCommand: Bool = false) {
        self.window = window
        (inEffect, givenWindow) = (window, window)
        self.runsCommand = runsCommand
        isShown = !window.startsHidden
        wrapsOutput = window.wraps ?? false
        following = inEffect.follows
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
            following = inEffect.follows
            startLine = nil
        }
        relayout()
        return moved
    }

    /// More (or all) of the command's output for the hit shown.
    mutating func show(_ output: PreviewOutput) {
        // Another run (another hit, or the same again) follows the end again if the window says so.
        if output.run != self.output?.run { following = inEffect.follows }
        self.output = output
        relayout()
    }

    /// A command starts for the hit shown: its output is shown from the line fzf's `+SCROLL`
    /// says (`offset`: its placeholders already replaced), or from the top.
    mutating func start(scroll offset: String?) {
        startLine = offset.map { PreviewScrollOffset.line($0, height: max(0, height - inEffect.headerLines)) }
        if startLine != nil { following = false }
    }

    /// Another window (`change-preview-window`): the text is laid out for it.
    mutating func change(to window: PreviewWindow) {
        self.window = window
        if window.follows != inEffect.follows { following = window.follows }
        inEffect = window
        relayout()
    }

    /// The window in effect now (the layout picks `window` or its alternative): a hidden
    /// alternative closes the pane, as fzf's does.
    mutating func use(_ window: PreviewWindow) {
        guard window != inEffect else { return }
        if window.startsHidden != inEffect.startsHidden { isShown = !window.startsHidden }
        if window.follows != inEffect.follows { following = window.follows }
        if let wraps = window.wraps, wraps != inEffect.wraps { wrapsOutput = wraps }
        inEffect = window
        relayout()
    }

    /// preview-up / -down / -page-up / -page-down / -half-page-up / -half-page-down / -top /
    /// -bottom; false for other actions. A command's output scrolls as fzf's: by whole pages,
    /// down to its last line alone; the record's stops with its last line at the bottom.
    mutating func perform(_ action: KeyAction) -> Bool {
        guard isShown else { return false }
        let page = runsCommand ? height : max(1, height - 1)
        switch action {
        case .previewUp: scroll(to: scroll - 1)
        case .previewDown: scroll(to: scroll + 1)
        case .previewPageUp: scroll(to: scroll - page)
        case .previewPageDown: scroll(to: scroll + page)
        case .previewHalfPageUp: scroll(to: scroll - max(1, height / 2))
        case .previewHalfPageDown: scroll(to: scroll + max(1, height / 2))
        case .previewTop: scroll(to: 0)
        case .previewBottom: scroll(to: lines.count - height)
        default: return false
        }
        return true
    }

    /// fzf's `~N`, while the output has more lines than that and the pane more rows.
    var fixedLines: Int {
        let count = inEffect.headerLines
        return count > 0 && count < min(lines.count, height) ? count : 0
    }

    private var lastScroll: Int { runsCommand ? lines.count - 1 : lines.count - height }

    /// Scrolls (a key did): `cycle` goes round; following stops above the end and resumes at it.
    private mutating func scroll(to line: Int) {
        guard scrollable else { return }
        startLine = nil
        var line = line
        let fixed = fixedLines
        if inEffect.cycles, lines.count > fixed { line = ((line - fixed) % (lines.count - fixed) + (lines.count - fixed)) % (lines.count - fixed) + fixed }
        scroll = max(fixed, min(line, lastScroll))
        following = inEffect.follows && scroll >= lines.count - (height - fixed)
    }

    private var scrollable: Bool { scroll > fixedLines || lines.count > height }

    /// fzf's followed position: the last lines that fit, the wrapped rows counted.
    private var followedLine: Int {
        let fixed = fixedLines
        let rows = height - fixed
        guard rows > 0, lines.count > fixed else { return fixed }
        var used = 0
        for index in stride(from: lines.count - 1, through: fixed, by: -1) {
            used += max(1, lines[index].count)
            if used > rows { return min(lines.count - 1, index + 1) }
        }
        return fixed
    }

    private mutating func relayout() {
        guard width > 0 else { return lines = [] }
        lines =
            notice.map { notice in
                (StyledWrap.wrap([("⚠ loading stopped: " + notice, Theme.error)], width: width, indent: 2) + [[]]).map { [$0] }
            } ?? []
        graphics = []
        if runsCommand {
            // Command output is clipped, not wrapped (fzf's default): tables and colours stay aligned;
            // `wrap` and toggle-preview-wrap wrap it.
            let firstLine = lines.count
            for line in outputWithImages() {
                lines.append(wrapsOutput ? StyledWrap.wrap(line, width: width, sign: wrapSign, atWords: inEffect.wrapsWords) : [line])
            }
            for placement in self.output?.placements ?? [] where placement.draws && images.sends(placement.kind) {
                graphics.append((firstLine + placement.line, placement.column, placement))
            }
        } else if let hit {
            lines += PreviewContent.lines(of: hit, numbers: numbers).flatMap { StyledWrap.wrap($0.line, width: width, indent: $0.indent) }.map { [$0] }
        }
        let fixed = fixedLines
        if runsCommand, following {
            scroll = wrapsOutput ? followedLine : max(scroll, followedLine)
        } else if runsCommand, let startLine {
            scroll = startLine
        }
        scroll = max(fixed, min(scroll, lastScroll))
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
        // The row each line in view starts on: `~N`'s fixed lines, then the lines from the scroll.
        var starts: [(line: Int, y: Int)] = []
        var y = 0
        for index in Array(0..<fixedLines) + Array(scroll..<max(scroll, lines.count)) {
            guard y < area.height else { break }
            starts.append((index, y))
            y += max(1, lines[index].count)
        }
        // A sixel or iTerm2 image takes the rows below it to the pane's end (its height is not
        // known in rows; fzf assumes the same): no text is drawn there.
        var textRows = area.height
        for graphic in graphics where graphic.column < area.width {
            guard let y = starts.first(where: { $0.line == graphic.line })?.y else { continue }
            let bytes = graphic.placement.graphics.flatMap { $0.sent(insideTmux: images.insideTmux) }
            let kitty = graphic.placement.kind == .kitty
            canvas.place(
                bytes, in: Rect(x: area.x + graphic.column, y: area.y + y, width: area.width - graphic.column, height: area.height - y), isKitty: kitty)
            if !kitty { textRows = min(textRows, y + 1) }
        }
        for start in starts {
            for (offset, row) in lines[start.line].enumerated() where start.y + offset < textRows {
                canvas.write(row, x: area.x, y: area.y + start.y + offset, maxWidth: area.width, overflow: runsCommand ? .clip : .ellipsis)
            }
        }
    }

    /// fzf's scrollbar for the pane `height` rows high: the thumb's rows from its top, none
    /// when every line fits.
    func scrollbarRows(height: Int) -> Range<Int> {
        guard hit != nil || output != nil, scrollable else { return 0..<0 }
        let (length, start) = PickerList.scrollbar(total: lines.count, height: height, offset: scroll)
        return start..<start + length
    }

    /// " 3/97 ": the first line in view and how many there are, when they do not all fit (or
    /// the view is scrolled). Drawn where fzf puts it: the text's top right corner.
    var position: String? {
        guard hit != nil || output != nil, scrollable else { return nil }
        return " \(scroll + 1)/\(lines.count) "
    }
}
