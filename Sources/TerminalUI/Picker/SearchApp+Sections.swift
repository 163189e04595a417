import InstantSearchCore

/// What fzf's section actions change: the `--footer` and the labels on the list's, the
/// input's, the header's and the footer's borders (`change-footer`, `change-list-label`, …).
struct PickerSectionTexts: Equatable, Sendable {
    var footer: String?
    var listLabel = ""
    var inputLabel = ""
    var headerLabel = ""
    var footerLabel = ""
    /// fzf's `FZF_CLICK_*` variables: where the last click on the header or the footer was.
    var clicked: [String: String] = [
        "FZF_CLICK_HEADER_LINE": "0", "FZF_CLICK_HEADER_COLUMN": "0", "FZF_CLICK_FOOTER_LINE": "0", "FZF_CLICK_FOOTER_COLUMN": "0",
    ]

    init() {}

    init(_ options: SearchApp.Options) {
        footer = options.footer
        let s = options.sections
        (listLabel, inputLabel, headerLabel, footerLabel) = (s.listLabel.text, s.inputLabel.text, s.headerLabel.text, s.footerLabel.text)
    }

    /// The footer's rows, as fzf splits its text (a last newline ends the last line).
    var footerRows: [ANSIText] {
        guard let footer, !footer.isEmpty else { return [] }
        var lines = footer.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { ANSIText(text: String($0)) }
    }
}

extension SearchApp {
    /// The label a section's border carries now, and where.
    func sectionLabel(_ role: PickerSections.Role) -> (text: String, position: PickerSectionStyles.Label)? {
        let s = options.sections
        switch role {
        case .list: return (sectionTexts.listLabel, s.listLabel)
        case .input: return (sectionTexts.inputLabel, s.inputLabel)
        case .header, .headerLines: return role == .header ? (sectionTexts.headerLabel, s.headerLabel) : nil
        case .footer: return (sectionTexts.footerLabel, s.footerLabel)
        }
    }

    /// The sections' borders, each with its label, and the footer's lines.
    func drawSections(_ layout: PickerLayout, into canvas: inout Canvas) {
        for box in layout.boxes {
            box.shape.border.draw(box.rect, into: &canvas, style: Theme.section(box.role.colorName + "-border"))
            guard box.shape.holdsLabel, let (text, position) = sectionLabel(box.role), !text.isEmpty else { continue }
            // On the side it names (the bottom one for a box with no other), where the box has it.
            let bottom = box.shape.border == .bottom || position.bottom
            guard bottom ? box.shape.sides.bottom : box.shape.sides.top else { continue }
            let y = bottom ? box.rect.maxY - 1 : box.rect.y
            let row = Rect(x: box.rect.x, y: y, width: box.rect.width, height: 1)
            ScreenFrame.drawLabel(text, column: position.column, on: row, style: Theme.section(box.role.colorName + "-label"), into: &canvas)
        }
        if let list = layout.boxes.first(where: { $0.role == .list }) {
            let border = list.shape.border
            let (left, right) = border.junctions
            for rule in layout.rules {
                let style = Theme.section(rule.role.colorName + "-border")
                canvas.drawHorizontalLine(x: list.rect.x, y: rule.y, length: list.rect.width, glyph: border.glyphs[4], style: style)
                if border.sides.left { canvas.write(String(left), x: list.rect.x, y: rule.y, style: style) }
                if border.sides.right { canvas.write(String(right), x: list.rect.maxX - 1, y: rule.y, style: style) }
                guard let (text, position) = sectionLabel(rule.role), !text.isEmpty else { continue }
                let row = Rect(x: list.rect.x, y: rule.y, width: list.rect.width, height: 1)
                ScreenFrame.drawLabel(text, column: position.column, on: row, style: Theme.section(rule.role.colorName + "-label"), into: &canvas)
            }
        }
        for (row, line) in zip(layout.footerRows, sectionTexts.footerRows) {
            let x = row.x + layout.footerIndent
            writeSectionLine(line, x: x, y: row.y, room: row.maxX - x - 1, into: &canvas)
        }
    }

    /// A header's or the footer's line in `room` columns, ending in the `--ellipsis` when cut (as fzf's).
    func writeSectionLine(_ line: ANSIText, x: Int, y: Int, room: Int, into canvas: inout Canvas) {
        guard room > 0 else { return }
        let pieces = Self.headerPieces(line)
        let width = pieces.reduce(0) { $0 + $1.0.displayWidth }
        let ellipsis = options.matchWindow.ellipsis
        guard width > room, ellipsis.displayWidth < room else {
            canvas.write(pieces, x: x, y: y, maxWidth: room)
            return
        }
        let kept = room - ellipsis.displayWidth
        canvas.write(pieces, x: x, y: y, maxWidth: kept)
        canvas.write(ellipsis, x: x + kept, y: y, style: Theme.header, maxWidth: ellipsis.displayWidth)
    }

    /// fzf's section backgrounds (`list-bg`, `header-bg`, …) over what is drawn: the sections
    /// inside the list's border first (they own their rows there), then each box.
    func tintSections(_ layout: PickerLayout, _ canvas: inout Canvas, theme: Theme) {
        let tint = { (role: PickerSections.Role) in theme.sectionLooks[role.colorName + "-bg"] ?? .plain }
        for rule in layout.rules { canvas.tint(rule.owns, with: tint(rule.role)) }
        for box in layout.boxes { canvas.tint(box.rect, with: tint(box.role)) }
    }
}
