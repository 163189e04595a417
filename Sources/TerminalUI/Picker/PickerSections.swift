/// fzf 0.74's sections on its screen for plain lines, as windows: the list (in its border),
/// and, when they have windows of their own, the input (the prompt and the info line), the
/// `--header`, the `--header-lines` and the `--footer`, each in its border. The rules are
/// fzf's: which section gets a window of its own, on which side of the list each goes in
/// each `--layout`, what `--header-first` moves, how wide each is, and whether a border
/// already draws the rule the info line's separator would.
struct PickerSections: Equatable, Sendable {

    /// A section's border box, drawn with its shape (its label on it).
    struct Box: Equatable, Sendable {
        var role: Role
        var rect: Rect
        var shape: SectionShape
    }

    var boxes: [Box] = []
    /// The rules between the list and the sections inside its border (fzf's `inline`), each
    /// with the section whose label goes on it.
    var rules: [Rule] = []

    struct Rule: Equatable, Sendable {
        var y: Int
        var role: Role
        /// The rows the section owns across the list's box: its lines and the rule, and the
        /// box's edge for the outermost one (coloured with the section's background).
        var owns = Rect(x: 0, y: 0, width: 0, height: 0)
    }

    enum Role: Equatable, Sendable {
        case list, input, header, headerLines, footer

        /// fzf's colour names start so: `list-border`, `header-bg` (the header lines' too).
        var colorName: String {
            switch self {
            case .list: "list"
            case .input: "input"
            case .header, .headerLines: "header"
            case .footer: "footer"
            }
        }
    }
    /// The list's window (inside its border): the input and the headers go in it when they
    /// have no window of their own.
    var list: Rect
    var input: Rect?
    var header: Rect?
    var headerLines: Rect?
    var footer: Rect?
    /// The preview's box at `next`, beside the input.
    var nextPreview: Rect?
    /// The input's window holds the prompt and the info line; the others their lines.
    /// Whether the info line has a row of its own (fzf's `noSeparatorLine`, inverted).
    var infoRow: Bool
    /// Whether the separator fzf draws by default is left out because a border draws that rule.
    var separatorSuppressed: Bool
    /// Columns before a header's or the footer's text in its window.
    var headerIndent = 0
    var headerLinesIndent = 0
    var footerIndent = 0

    /// How many lines each section has, and the rest of what decides where they go.
    struct Content: Equatable, Sendable {
        var layout = ListLayout.default
        var info = InfoStyle.default
        /// `--separator` given (not fzf's default, which a border can replace), and not empty.
        var separatorGiven = false
        var separatorEmpty = false
        var input = true
        var headerRows = 0
        var headerLines = 0
        var footerRows = 0
        var headerFirst = false
        /// The pointer's and the marker's columns: where the list's text starts.
        var marks = 2
        /// fzf's `--preview-window next`: the input gets a window of its own (shown or not),
        /// the preview's box (`nextRows` wanted, while it shows) goes beside it, and whether
        /// that box draws the rule the separator would.
        var next = false
        var nextRows: Int?
        var nextFacesInput = false
    }

    init(area: Rect, styles: PickerSectionStyles, content c: Content) {
        let layout = c.layout
        let reverse = layout == .reverse
        let list = SectionShape(border: styles.list == .none ? .none : styles.list)
        // A section inside the list's border needs its top and bottom: else it has a line.
        let holdsInline = list.sides.top && list.sides.bottom
        func resolved(_ shape: PickerSectionStyles.Shape, lineOnTop: Bool) -> SectionShape {
            SectionShape.resolving(shape == .inline && !holdsInline ? .line : shape, lineOnTop: lineOnTop)
        }
        let input = resolved(styles.input, lineOnTop: !reverse)
        let header = resolved(styles.header, lineOnTop: !reverse)
        let footer = resolved(styles.footer, lineOnTop: reverse)
        var linesShape = styles.headerLines.map { shape -> SectionShape in
            shape == .none ? SectionShape(border: .none, phantom: true) : resolved(shape, lineOnTop: layout == .default)
        }

        // Which headers get windows of their own (fzf's determineHeaderLinesShape and hasHeaderWindow).
        let (header0, lines) = (c.headerRows, c.headerLines)
        var linesWindow = false
        if lines > 0 {
            if let given = linesShape {
                linesWindow = true
                linesShape = given
            } else {
                var shape = header0 == 0 ? header : .none
                if !shape.visible { shape = SectionShape(border: .none, phantom: true) }
                if layout == .reverseList || (header0 > 0 && c.headerFirst) || (header0 == 0 && c.headerFirst && shape.phantom) {
                    linesWindow = true
                    linesShape = shape
                } else if header0 == 0 {
                    linesShape = header
                } else {
                    linesShape = shape
                    linesWindow = false
                }
            }
        }
        let linesBorder = linesShape ?? .none
        let headerWindow: Bool =
            if linesWindow { header0 > 0 } else if header.visible || c.headerFirst { header0 + lines > 0 } else { input.visible && c.input }
        let inputWindow = c.input && (input.visible || headerWindow || linesWindow || c.next)

        // The separator fzf draws by default goes when a border already draws that rule.
        func facesInput(_ shape: SectionShape) -> Bool { shape.inline || (reverse ? shape.sides.top : shape.sides.bottom) }
        var byBorder: Bool {
            if reverse ? input.sides.bottom : input.sides.top { return true }
            if c.next { return c.nextFacesInput }
            guard inputWindow else { return false }
            if headerWindow, header0 + lines > 0, !c.headerFirst, !header.inline { return facesInput(header) }
            if linesWindow, layout != .reverseList, headerWindow || !c.headerFirst { return facesInput(linesBorder) }
            return facesInput(list)
        }
        separatorSuppressed = !c.separatorGiven && byBorder
        let separator = !c.separatorEmpty && !separatorSuppressed
        infoRow =
            c.input
            && {
                switch c.info {
                case .inline: false
                case .hidden, .inlineRight: separator
                case .default, .right: true
                }
            }()

        // Heights, each held to what is left, in fzf's order.
        var available = area.height
        func take(_ wanted: Int) -> Int {
            let rows = max(0, min(wanted, available))
            available -= rows
            return rows
        }
        let inputRows = infoRow ? 2 : 1
        let inputHeight = inputWindow ? take(input.lines + inputRows) : 0
        if c.input && !inputWindow { available -= inputRows }
        // Sections inside the list's border: each takes its rows and a rule's from the list's,
        // outermost first (fzf's inline slots), never all of them.
        struct Slot {
            var role: Role
            var rows: Int
        }
        var (topSlots, bottomSlots): ([Slot], [Slot]) = ([], [])
        func addInline(_ wanted: Int, _ role: Role, onTop: Bool, inner: Bool) {
            let used = (topSlots + bottomSlots).reduce(0) { $0 + ($1.rows > 0 ? $1.rows + 1 : 0) }
            let remaining = available - list.lines - used - 1
            let slot = Slot(role: role, rows: remaining < 2 ? 0 : max(1, min(wanted, remaining - 1)))
            if onTop {
                if inner { topSlots.append(slot) } else { topSlots.insert(slot, at: 0) }
            } else {
                if inner { bottomSlots.append(slot) } else { bottomSlots.insert(slot, at: 0) }
            }
        }
        let headerContent = header0 + (linesWindow ? 0 : lines)
        let headerInline = headerWindow && header.inline
        if headerInline { addInline(headerContent, .header, onTop: reverse, inner: false) }
        let headerHeight = headerWindow && !header.inline ? take(header.lines + headerContent) : 0
        let linesInline = linesWindow && linesBorder.inline
        if linesInline { addInline(lines, .headerLines, onTop: layout != .default, inner: true) }
        let linesHeight = linesWindow && !linesInline ? take(linesBorder.lines + lines) : 0
        let footerInline = c.footerRows > 0 && footer.inline
        if footerInline { addInline(c.footerRows, .footer, onTop: layout != .reverse, inner: layout != .reverseList) }
        let footerHeight = c.footerRows > 0 && !footerInline ? take(footer.lines + c.footerRows) : 0
        var shift = 0
        switch layout {
        case .reverse: shift = inputHeight + headerHeight + linesHeight
        case .reverseList: shift = linesHeight + footerHeight
        default: shift = footerHeight
        }
        let shrink = inputHeight + headerHeight + linesHeight + footerHeight
        let next = c.nextRows.map { max(1, min($0, available)) } ?? 0

        let listBox = Rect(
            x: area.x, y: area.y + shift + (reverse ? next : 0), width: max(0, area.width), height: max(0, area.height - shrink - next))
        let s = list.sides
        let window = listBox.inset(top: s.top ? 1 : 0, left: s.left ? 2 : 0, bottom: s.bottom ? 1 : 0, right: s.right ? 1 : 0)
        let rows = { (slots: [Slot]) in slots.reduce(0) { $0 + ($1.rows > 0 ? $1.rows + 1 : 0) } }
        let (topRows, bottomRows) = (rows(topSlots), rows(bottomSlots))
        self.list = Rect(x: window.x, y: window.y + topRows, width: max(0, window.width), height: max(0, window.height - topRows - bottomRows))
        if list.visible { boxes.append(Box(role: .list, rect: listBox, shape: list)) }
        // The inline sections, from the list border's edges in: their rows, then the rule.
        var inlineWindows: [Role: Rect] = [:]
        var cursor = self.list.y - topRows
        var edge = listBox.y
        for slot in topSlots where slot.rows > 0 {
            inlineWindows[slot.role] = Rect(x: self.list.x, y: cursor, width: self.list.width, height: slot.rows)
            let rule = cursor + slot.rows
            rules.append(Rule(y: rule, role: slot.role, owns: Rect(x: listBox.x, y: edge, width: listBox.width, height: rule - edge + 1)))
            (cursor, edge) = (cursor + slot.rows + 1, rule + 1)
        }
        cursor = self.list.maxY + bottomRows - 1
        edge = listBox.maxY - 1
        for slot in bottomSlots where slot.rows > 0 {
            let y = cursor - slot.rows + 1
            inlineWindows[slot.role] = Rect(x: self.list.x, y: y, width: self.list.width, height: slot.rows)
            rules.append(Rule(y: y - 1, role: slot.role, owns: Rect(x: listBox.x, y: y - 1, width: listBox.width, height: edge - y + 2)))
            (cursor, edge) = (cursor - slot.rows - 1, y - 2)
        }

        let (top, bottom) = (listBox.y, listBox.maxY)
        // A section's window inside its box: as wide as the list's text at most.
        func inner(_ box: Rect, _ shape: SectionShape, shift: Int = 0) -> Rect {
            let x = box.x + shift + (shape.sides.left ? 2 : 0)
            var width = box.width - shape.columns - shift + (shape.sides.right ? 1 : 0)
            width = min(self.list.width + Self.indent(0, list: list, shape), width)
            let y = box.y + (shape.sides.top ? 1 : 0)
            return Rect(x: x, y: y, width: max(0, width), height: max(0, box.height - shape.lines))
        }
        func place(_ role: Role, y: Int, height: Int, _ shape: SectionShape, shift: Int = 0) -> Rect {
            let box = Rect(x: listBox.x, y: y, width: listBox.width, height: height)
            if shape.border != .none, height > 0 { boxes.append(Box(role: role, rect: box, shape: shape)) }
            return inner(box, shape, shift: shift)
        }
        if inputWindow {
            let both = headerWindow && linesWindow
            let y: Int
            if ((headerWindow && !headerInline) || (linesWindow && !linesInline)) && c.headerFirst {
                switch layout {
                case .reverse: y = top - inputHeight - next - (both ? linesHeight : 0)
                case .reverseList: y = bottom + next
                default: y = bottom + next + (both ? linesHeight : 0)
                }
            } else {
                switch layout {
                case .reverse: y = top - shrink + footerHeight - next
                case .reverseList: y = bottom + headerHeight + next
                default: y = bottom + headerHeight + linesHeight + next
                }
            }
            if c.nextRows != nil {
                nextPreview = Rect(x: area.x, y: reverse ? y + inputHeight : y - next, width: area.width, height: next)
            }
            let shift = !input.sides.left && list.sides.left ? 2 : 0
            self.input = place(.input, y: y, height: inputHeight, input, shift: shift)
        }
        if headerInline {
            self.header = inlineWindows[.header] ?? Rect(x: self.list.x, y: self.list.y, width: self.list.width, height: 0)
            headerIndent = c.marks
        } else if headerWindow {
            let y: Int
            if inputWindow && c.headerFirst {
                switch layout {
                case .reverse: y = top - shrink + footerHeight - next
                case .reverseList: y = bottom + inputHeight + next
                default: y = bottom + inputHeight + linesHeight + next
                }
            } else {
                switch layout {
                case .reverse: y = top - headerHeight - linesHeight
                case .reverseList: y = bottom
                default: y = bottom + linesHeight
                }
            }
            self.header = place(.header, y: y, height: headerHeight, header)
            headerIndent = Self.indent(c.marks, list: list, header)
        }
        if linesInline {
            self.headerLines = inlineWindows[.headerLines] ?? Rect(x: self.list.x, y: self.list.y, width: self.list.width, height: 0)
            headerLinesIndent = c.marks
        } else if linesWindow {
            let y: Int
            if c.headerFirst && header0 == 0 {
                switch layout {
                case .reverse: y = top - linesHeight - inputHeight
                case .reverseList: y = top - linesHeight
                default: y = bottom + inputHeight + next
                }
            } else {
                y = layout == .default ? bottom : top - linesHeight
            }
            self.headerLines = place(.headerLines, y: y, height: linesHeight, linesBorder)
            headerLinesIndent = Self.indent(c.marks, list: list, linesBorder)
        }
        if footerInline {
            self.footer = inlineWindows[.footer] ?? Rect(x: self.list.x, y: self.list.y, width: self.list.width, height: 0)
            footerIndent = c.marks
        } else if c.footerRows > 0 {
            let y: Int
            switch layout {
            case .reverse: y = bottom
            case .reverseList: y = top - footerHeight - linesHeight
            default: y = top - footerHeight
            }
            self.footer = place(.footer, y: y, height: footerHeight, footer)
            footerIndent = Self.indent(c.marks, list: list, footer)
        }
    }

    /// Columns before a section's text, so that it lines up with the list's: past the list
    /// border's left side, less the section's own.
    static func indent(_ base: Int, list: SectionShape, _ shape: SectionShape) -> Int {
        var indent = base + (list.sides.left ? 2 : 0)
        if shape.sides.left { indent = max(0, indent - 2) }
        return indent
    }
}
