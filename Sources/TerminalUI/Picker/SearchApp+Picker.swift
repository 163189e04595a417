import InstantSearchCore

/// fzf's screen, for what fzf users pipe in: one list of plain lines (standard input or a
/// command), nothing to refine by. Data with facets keeps this interface's panes.
extension SearchApp {
    /// True when the session is one plain-lines index without facets or sections.
    var drawsPicker: Bool {
        options.fzfScreen && options.placeholders.lines && hub.indices.count == 1
            && SidebarPanes(for: descriptions[hub.searcher.indexName]).isEmpty
    }

    /// fzf's looks where the option was not given: its prompt, marker and ellipsis in place
    /// of this interface's own (the pointer is the same bar).
    func adoptPickerDefaults() {
        options.layout = options.pickerLayout
        hitsList.runsUpward = options.layout.listRunsUpward
        if options.prompt == SearchBox.defaultPrompt { options.prompt = "> " }
        if options.marker == HitsList.markGlyph { options.marker = "┃" }
        if options.matchWindow.ellipsis == MatchWindow.Settings().ellipsis { options.matchWindow.ellipsis = "··" }
        searchBox.prompt = options.prompt
        hitsList.window = options.matchWindow
    }

    /// The `--header` rows and the `--header-lines` rows, apart (fzf places them apart).
    var pickerHeaders: (given: [ANSIText], lines: [ANSIText]) {
        script.headerHidden ? ([], []) : (givenHeaderRows, options.headerLines[hub.searcher.indexName] ?? [])
    }

    /// Where fzf's screen puts everything now: inside the frame.
    func pickerLayout(height: Int? = nil) -> PickerLayout {
        var area = pickerArea
        if let height { area.height = height }
        // fzf shows a preview window only with something to show: a command, or preview(...)'s output.
        let showsPreview = preview.isShown && height == nil && (previewCommand != nil || script.oneOffPreview != nil)
        var settings = PickerLayout.Settings()
        settings.layout = options.layout
        settings.info = options.info
        settings.separator = pickerSeparator != ""
        let headers = pickerHeaders
        (settings.headerRows, settings.headerLines) = (headers.given.count, headers.lines.count)
        settings.headerFirst = options.headerFirst
        settings.input = showsInput
        (settings.separatorGiven, settings.sections) = (options.separator != nil, options.sections)
        settings.footerRows = sectionTexts.footerRows.count
        settings.marks = options.pointer.displayWidth + options.marker.displayWidth
        settings.outerRight = options.frame.border.sides.right
        settings.preview = showsPreview ? preview.window.effective(in: area) : nil
        if !showsPreview { settings.hiddenPreview = preview.window }
        return PickerLayout(area: area, settings: settings)
    }

    /// The room fzf's screen has: inside the frame, with a blank column inside a left border
    /// (none inside a right one).
    var pickerArea: Rect {
        let area = options.frame.inner(of: screen).inset(left: options.frame.border.sides.left ? 1 : 0)
        return Rect(x: area.x, y: area.y, width: max(0, area.width), height: max(0, area.height))
    }

    /// `--separator`'s text; fzf's `─` without it, "" with `--no-separator`.
    var pickerSeparator: String { options.separator ?? "─" }

    /// The rows fzf's `--height ~N` needs: every line listed, with the prompt, info and header rows and the frame.
    var pickerNeededRows: Int {
        let frameRows = screen.height - options.frame.inner(of: screen).height
        // Everything but the list's rows, each section whole (laid out with room for all):
        // the prompt, info, headers, footer and the sections' borders, as fzf's extraLines.
        let tall = 10_000
        var rows = tall - pickerLayout(height: tall).list.height + hitRowsSeen * (1 + options.sections.gap)
        // fzf's preview above or below adds its rows (a percentage of the whole), one beside keeps its box's least.
        if preview.isShown {
            let window = preview.window.effective(in: pickerArea)
            let sides = window.border.shape(at: window.position).sides
            let borderRows = (sides.top ? 1 : 0) + (sides.bottom ? 1 : 0)
            switch window.position {
            case .top, .bottom, .next:
                if window.sizeIsPercent {
                    rows = max(rows + 1 + borderRows, window.size < 100 ? rows * 100 / (100 - window.size) : rows)
                } else {
                    rows += window.size + borderRows
                }
            case .left, .right: rows = max(rows, 1 + borderRows)
            }
        }
        return frameRows + rows
    }

    /// Draws fzf's screen; returns where the cursor goes (after the query).
    func drawPicker(into canvas: inout Canvas) -> (x: Int, y: Int)? {
        let layout = picker ?? pickerLayout()
        let state = listed(hub.state)
        let active = state.active
        let prompt = layout.prompt
        drawSections(layout, into: &canvas)
        var cursor: (x: Int, y: Int)?
        // Where the query ends (fzf's info goes one column after it), or the ghost text's last column.
        var queryEnd = prompt.x
        if prompt.height > 0 {
            cursor = (searchBox.render(prompt, &canvas), prompt.y)
            let promptWidth = min(searchBox.prompt.displayWidth, prompt.width)
            let query = min(searchBox.text.displayWidth, max(0, prompt.width - promptWidth - 1))
            let ghost = query == 0 && !options.ghost.isEmpty ? options.ghost.displayWidth - 1 : 0
            queryEnd = prompt.x + promptWidth + query + ghost
        }
        let results = active.results
        let total = active.loading?.records ?? descriptions[active.name]?.recordCount ?? results?.nbHits ?? 0
        var info = PickerInfo(found: results?.nbHits ?? 0, total: total)
        if options.multi { (info.marked, info.markLimit) = (marks.count, options.multiLimit == Int.max ? nil : options.multiLimit) }
        // fzf's spinner turns while lines are read, a reload's included.
        info.reading = (active.loading.map { !$0.isFinished } ?? false) || script.reloadUnderway != nil
        info.notice = pickerNotice
        info.waiting = script.waiting == .search
        (info.separator, info.prefix) = (layout.separatorSuppressed ? "" : pickerSeparator, options.infoPrefix)
        info.replacement = options.infoCommand == nil ? nil : script.infoCommand.output
        switch options.info {
        case .default: if let row = layout.infoRow { info.drawDefault(in: row, into: &canvas) }
        case .right: if let row = layout.infoRow { info.drawRight(in: row, into: &canvas) }
        // Without the input (--no-input) there is no info line.
        case .inline: if prompt.height > 0 { info.drawInline(in: prompt, from: queryEnd, into: &canvas) }
        case .inlineRight:
            if prompt.height > 0 { info.drawInlineRight(in: prompt, from: queryEnd, into: &canvas) }
            if let row = layout.infoRow { info.drawSeparator(in: row, into: &canvas) }
        case .hidden: if let row = layout.infoRow { info.drawSeparator(in: row, into: &canvas) }
        }
        let list = pickerList(layout)
        let headers = pickerHeaders
        for (rows, lines, indent) in [
            (layout.headerRows, headers.given, layout.headerIndent), (layout.headerLineRows, headers.lines, layout.headerLinesIndent),
        ] {
            for (row, line) in zip(rows, lines) {
                writeSectionLine(line, x: row.x + indent, y: row.y, room: row.width - indent - 1, into: &canvas)
            }
        }
        if let results, !results.hits.isEmpty {
            let marks = self.marks
            let name = active.name
            list.render(
                layout.list, &canvas, rows: hitsList.shownRows(layout.list.height), selection: hitsList.selection,
                total: max(results.nbHits, results.hits.count), first: hitsList.top, marked: { options.multi && marks.contains($0, in: name) },
                jumpLabels: jumping == nil ? nil : options.jumpLabels)
        }
        if let box = layout.previewBox, let text = layout.previewText {
            let window = preview.inEffect
            let shape = window.border.shape(at: window.position, reverse: options.layout == .reverse)
            shape.draw(box, into: &canvas, style: Theme.border)
            if let label = previewLabel, shape.sides.top {
                let row = Rect(x: box.x, y: box.y, width: box.width, height: 1)
                ScreenFrame.drawLabel(label, column: options.previewLabelPosition, on: row, style: Theme.paneTitle, into: &canvas)
            }
            let text = drawPreviewScrollbar(box: box, text: text, rightEdge: shape.sides.right, into: &canvas)
            preview.render(text, &canvas)
            if window.showsInfo, let position = preview.position.map({ String($0.filter { $0 != " " }) }),
                position.displayWidth < text.width
            {
                canvas.write(position, x: text.maxX - position.displayWidth, y: text.y, style: Theme.secondary.reverse())
            }
        }
        return cursor
    }

    /// What the info line says after the count: a `--bind` command's failure first, then a
    /// search error, then why the lines shown are what they are (typo matches).
    var pickerNotice: String? {
        if let question = pendingDeletion?.question { return question }
        if let notice = script.notice { return "⚠ \(notice)" }
        let active = listed(hub.state).active
        if let error = active.error { return "⚠ \(error.message)" }
        return active.results?.notice
    }

    /// How the list's rows are drawn, from the options.
    func pickerList(_ layout: PickerLayout) -> PickerList {
        let sides = options.frame.border.sides
        let scrollbar = options.scrollbar ?? "│"
        let previewOnRight = layout.previewBox.map { $0.x >= layout.list.maxX } ?? false
        return PickerList(
            pointer: options.pointer, marker: options.marker, gutter: options.gutter ?? "▌", scrollbar: scrollbar,
            keepsBarColumn: !scrollbar.isEmpty || sides.right || previewOnRight || options.sections.list != .none,
            runsUpward: options.layout.listRunsUpward,
            window: options.matchWindow, gap: options.sections.gap, gapLine: options.sections.gapLine)
    }
}
