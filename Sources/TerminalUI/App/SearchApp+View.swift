import InstantSearchCore

extension SearchApp {
    /// Draws the screen from the hub's state and the views' state, changing neither; returns
    /// where the terminal cursor belongs (in the search box). The canvas should have the size
    /// of the last `resize`.
    @discardableResult
    public func render(into canvas: inout Canvas) -> CursorPosition? {
        Theme.$current.withValue(options.theme) {
            let cursor = draw(into: &canvas)
            drawnList = (hitsList.shownResults, hitsList.selectedHit)
            tint(&canvas)
            // In normal mode keys do not type: no cursor in the query.
            return inNormalMode && !showsHelp ? nil : cursor.map { CursorPosition(x: $0.x, y: $0.y) }
        }
    }

    /// fzf's fg / bg, preview-fg / preview-bg and the panes' own colours (`--color`), laid
    /// over what was drawn: the panes' first, then the whole screen's.
    private func tint(_ canvas: inout Canvas) {
        let theme = options.theme
        if drawsPicker, !showsHelp, let picker {
            if let box = picker.previewBox { canvas.tint(box, with: theme.previewTint) }
            tintSections(picker, &canvas, theme: theme)
        } else if !drawsPicker, let layout, !hub.showsSections, !showsHelp {
            if let preview = layout.preview { canvas.tint(preview, with: theme.previewTint) }
            if layout.panes.contains(.refinements) { canvas.tint(layout.refinements, with: theme.facetTint) }
            if layout.panes.contains(.slider) { canvas.tint(layout.slider, with: theme.sliderTint) }
            canvas.tint(layout.chips, with: theme.chipTint)
        }
        canvas.tint(canvas.bounds, with: theme.screenTint)
    }

    private func draw(into canvas: inout Canvas) -> (x: Int, y: Int)? {
        canvas.clear()
        var frame = options.frame
        frame.label = borderLabel
        frame.draw(on: screen, into: &canvas, line: Theme.border, labelStyle: Theme.paneTitle)
        if drawsPicker {
            let cursor = drawPicker(into: &canvas)
            if showsHelp {
                help.render(&canvas)
                return nil
            }
            return cursor
        }
        guard let layout else {
            let message = "Make the terminal at least \(ScreenLayout.minimumWidth)×\(ScreenLayout.minimumHeight)."
            canvas.write(message, x: 0, y: 0, style: Theme.error, maxWidth: canvas.width)
            return nil
        }
        let state = hub.state
        // With the input hidden (`--no-input`) the box has no row, and there is no cursor.
        let hasBox = layout.searchBox.height > 0
        let cursorX = hasBox ? searchBox.render(layout.searchBox.inset(top: 0, left: 1, bottom: 0, right: 1), &canvas) : 0
        var cursor: (x: Int, y: Int)? = hasBox ? (cursorX, layout.searchBox.y) : nil
        if let area = layout.header {
            // The input's header lines stand over the hits' text, column for column (ps aux's titles).
            let given = givenHeaderRows.count
            for (row, line) in headerRows.prefix(area.height).enumerated() {
                let x = area.x + (row < given ? 1 : HitsList.textOffset(multi: options.multi))
                canvas.write(Self.headerPieces(line), x: x, y: area.y + row, maxWidth: area.maxX - 1 - x, overflow: .ellipsis)
            }
        }
        if state.showsSections, let sections = state.sections, let sectionsView {
            drawSections(sectionsView, sections, layout: layout, state: state, into: &canvas)
        } else {
            let active = state.active
            let listed = listed(state)
            let description = descriptions[active.name]
            let sort = SortByLabel.forms(state: active, description: description, notice: sortNotice)
            let scope = ScopeLabel.forms(state: active, description: description, key: keys.keys(for: .nextScope, in: .global).first)
            var chips = layout.chips
            if layout.tabs.height > 0 {
                // At most half the row (`SortByLabel.render`), in the longest forms that fit there.
                let label = HeaderLabels.fitting(scope: scope, sort: sort, width: layout.tabs.width / 2)
                let sortWidth = SortByLabel.render(label, in: layout.tabs, &canvas)
                IndexTabs.render(layout.tabs.inset(top: 0, left: 0, bottom: 0, right: sortWidth), &canvas, state: state, numbers: numbers)
                drawRules(layout, into: &canvas)
            } else {
                // The compact screen, without a tabs row: the scope (Ctrl-R's) at the right end of
                // the hits' rule, the chips before it; a sort other than the first is a chip.
                drawRules(layout, into: &canvas)
                let rule = Rect(x: layout.hits.x, y: layout.hitsTitleRow, width: layout.hits.width, height: 1)
                if !layout.isFolded, let label = HeaderLabels.fitting(scope: scope, sort: nil, width: rule.width / 2 - 2) {
                    let width = SortByLabel.render([(" ", Theme.border)] + label + [(" ", Theme.border)], in: rule, &canvas)
                    if chips.y == rule.y { chips.width = max(0, min(chips.width, rule.maxX - width - chips.x)) }
                }
            }
            let marks = options.multi ? self.marks : nil
            // Folded (a small screen): the body shows the focused pane alone (the chips go with the hits).
            if !layout.isFolded || focus == .hits || focus == .currentRefinements {
                currentRefinements.render(chips, &canvas, focused: focus == .currentRefinements, onRule: layout.chipsOnRule)
                hitsList.render(
                    hitsArea ?? layout.hits, &canvas, state: listed.active, description: description, focused: focus == .hits, marks: marks,
                    jumpLabels: jumping == nil ? nil : options.jumpLabels)
                if let area = layout.preview { preview.render(area, &canvas) }
            }
            if layout.panes.contains(.refinements), !layout.isFolded || focus == .refinements {
                // The cursor goes where the keys go: into the search in facet values while it is open.
                if let input = refinementList.render(layout.refinements, &canvas, focused: focus == .refinements) { cursor = input }
            }
            if layout.panes.contains(.slider), !layout.isFolded || focus == .slider {
                sliderPane.render(layout.slider, &canvas, focused: focus == .slider)
                // The typed-range input, while open, has the cursor.
                if focus == .slider, let input = sliderPane.inputCursor(in: layout.slider) { cursor = input }
            }
            // fzf's --info inline: after the query, one space and a separator.
            // A question or a command's failure takes the row from there too, at the right end (inline-right).
            let notice = pendingDeletion?.question ?? script.notice
            let afterQuery = options.info == .inline || (notice != nil && layout.stats.y == layout.searchBox.y && layout.stats.x > cursorX + 2)
            let stats =
                afterQuery ? Rect(x: cursorX + 2, y: layout.stats.y, width: max(0, layout.stats.maxX - cursorX - 2), height: 1) : layout.stats
            if stats.width > 0, stats.height > 0 {
                StatsLine.render(
                    stats, &canvas, state: listed, marked: marks?.count ?? 0,
                    markLimit: options.multiLimit == Int.max ? nil : options.multiLimit, numbers: numbers, notice: notice,
                    showsNote: !dismissedNotes.contains(Self.noteKey(state.active)), keysHint: keysHint(layout))
            }
        }
        if let hints = layout.hints { drawHints(in: hints, state: state, into: &canvas) }
        drawSuggestions(into: &canvas)
        if showsHelp {
            help.render(&canvas)
            return nil
        }
        return cursor
    }

    /// A header row: muted, or in the colours it brought (`--ansi`); its line ends shown as ␊.
    static func headerPieces(_ line: ANSIText) -> [(String, Style)] {
        let pieces =
            line.spans.isEmpty
            ? [(line.text, Theme.header)]
            : HighlightedText(text: line.text, matchedRanges: []).segments(colors: line.spans, plain: Theme.header, highlighted: Theme.highlight)
        return pieces.map { (HitDisplay.showingLineEnds($0.0), $0.1) }
    }

    private func drawRules(_ layout: ScreenLayout, into canvas: inout Canvas) {
        drawSeparator(layout.topRule, into: &canvas)
        if let bottomRule = layout.bottomRule { drawRule(bottomRule, into: &canvas) }
        var titles = [(paneTitle("Hits", .focusHits), Focus.hits)]
        if layout.panes.contains(.refinements) { titles.append((paneTitle("Refinements", .focusRefinements), .refinements)) }
        if layout.panes.contains(.slider) { titles.append((paneTitle("Range", .focusSlider), .slider)) }
        if layout.isFolded {
            // Every pane's title on the one rule, the focused one lit.
            var x = layout.topRule.x + 1
            for (text, pane) in titles {
                title(text, x: x, y: layout.topRule.y, focused: focus == pane, into: &canvas)
                x += text.displayWidth + 1
            }
            if let rule = layout.previewRule, focus == .hits || focus == .currentRefinements {
                drawPreviewRule(rule, layout: layout, into: &canvas)
            }
            return
        }
        if let sidebarRule = layout.sidebarRule {
            canvas.fill(Rect(x: sidebarRule.x, y: sidebarRule.y, width: 1, height: sidebarRule.height), with: "│", style: Theme.border)
            canvas.write("┬", x: sidebarRule.x, y: layout.topRule.y, style: Theme.border)
            if let bottomRule = layout.bottomRule { canvas.write("┴", x: sidebarRule.x, y: bottomRule.y, style: Theme.border) }
        }
        if let sliderTitle = layout.sliderTitle {
            canvas.write("├", x: sliderTitle.x - 1, y: sliderTitle.y, style: Theme.border)
            drawRule(Rect(x: sliderTitle.x, y: sliderTitle.y, width: sliderTitle.width, height: 1), into: &canvas)
        }
        if let rule = layout.previewRule { drawPreviewRule(rule, layout: layout, into: &canvas) }
        for (text, pane) in titles {
            // Each pane's title on the rule above it: the top rule, or the slider's own under the refinements.
            let (x, y) =
                switch pane {
                case .refinements: (layout.refinements.x + 1, layout.topRule.y)
                case .slider: layout.sliderTitle.map { ($0.x + 1, $0.y) } ?? (layout.slider.x + 1, layout.topRule.y)
                default: (layout.hits.x + 1, layout.hitsTitleRow)
                }
            title(text, x: x, y: y, focused: focus == pane, into: &canvas)
        }
        // The compact screen's chips are where the banner goes: they come first.
        if layout.chipsOnRule, !currentRefinements.chips.isEmpty { return }
        RulesBanner.render(
            hub.activeState.results?.userData ?? [], x: layout.hits.x + 2 + titles[0].0.displayWidth,
            in: Rect(x: layout.hits.x, y: layout.hitsTitleRow, width: layout.hits.width, height: 1), &canvas)
    }

    /// The rule under the search box, where fzf draws its separator: `--separator`'s text
    /// repeated, or nothing under the pane titles with `--no-separator`.
    private func drawSeparator(_ area: Rect, into canvas: inout Canvas) {
        guard let separator = options.separator else { return drawRule(area, into: &canvas) }
        let width = separator.displayWidth
        guard width > 0 else { return }
        for x in stride(from: area.x, to: area.maxX, by: width) {
            canvas.write(separator, x: x, y: area.y, style: Theme.border, maxWidth: area.maxX - x)
        }
    }

    /// A horizontal rule across `area`'s first row.
    private func drawRule(_ area: Rect, into canvas: inout Canvas) {
        canvas.fill(Rect(x: area.x, y: area.y, width: area.width, height: 1), with: "─", style: Theme.border)
    }

    /// The rule between the hits and the preview, beside them (a column) or above or below them
    /// (a row). The preview's title goes on the rule over the pane: the top rule when the pane
    /// is beside the hits or above them (the hits' title then on this rule), else this one.
    private func drawPreviewRule(_ rule: Rect, layout: ScreenLayout, into canvas: inout Canvas) {
        let name = paneTitle("Preview", .togglePreview, then: previewCommand == nil ? "" : ": command")
        let paneX = layout.preview?.x ?? rule.x
        let title: (x: Int, y: Int)
        if rule.width == 1 {
            canvas.fill(Rect(x: rule.x, y: rule.y, width: 1, height: rule.height), with: "│", style: Theme.border)
            canvas.write("┬", x: rule.x, y: layout.topRule.y, style: Theme.border)
            if let bottomRule = layout.bottomRule { canvas.write("┴", x: rule.x, y: bottomRule.y, style: Theme.border) }
            title = (paneX < rule.x ? paneX + 1 : rule.x + 2, layout.topRule.y)
        } else {
            let sidebarX = layout.sidebarRule?.x ?? rule.maxX
            drawRule(Rect(x: rule.x, y: rule.y, width: sidebarX - rule.x, height: 1), into: &canvas)
            if layout.sidebarRule != nil { canvas.write("┤", x: sidebarX, y: rule.y, style: Theme.border) }
            title = (rule.x + 1, layout.hitsTitleRow == rule.y ? layout.topRule.y : rule.y)
        }
        // The title, then where the preview is in its text at the rule's right end (as fzf puts
        // it on the border): both within the pane's width, the position first when short of room.
        let end = paneX < rule.x && rule.width == 1 ? rule.x : layout.preview?.maxX ?? rule.maxX
        var room = end - title.x
        if let position = preview.position, position.displayWidth <= room {
            canvas.write(position, x: end - position.displayWidth, y: title.y, style: Theme.secondary.reverse())
            room -= position.displayWidth + 1
        }
        guard room > 0 else { return }
        if let label = previewLabel {
            // fzf's --preview-label: as given, where --preview-label-pos puts it (centred by default).
            let width = min(label.displayWidth, room)
            let x = ScreenFrame.labelX(width: width, position: options.previewLabelPosition, on: (title.x - 1)..<(title.x + room + 1))
            canvas.write(label, x: max(title.x, x), y: title.y, style: Theme.paneTitle, maxWidth: room, overflow: .ellipsis)
        } else {
            canvas.write(name, x: title.x, y: title.y, style: Theme.paneTitle, maxWidth: room, overflow: .ellipsis)
        }
    }

    private func drawSections(_ view: SectionsView, _ sections: SectionsState, layout: ScreenLayout, state: HubState, into canvas: inout Canvas) {
        canvas.write(" all indices ", x: layout.tabs.x + 1, y: layout.tabs.y, style: Theme.title.reverse())
        if let key = keys.keys(for: .toggleSections, in: .global).first {
            canvas.write("\(KeyName.label(key)) back to tabs", x: layout.tabs.x + 15, y: layout.tabs.y, style: Theme.secondary)
        }
        drawSeparator(layout.topRule, into: &canvas)
        if let bottomRule = layout.bottomRule { drawRule(bottomRule, into: &canvas) }
        title(paneTitle("Sections", .toggleSections), x: layout.topRule.x + 1, y: layout.topRule.y, focused: true, into: &canvas)
        let body = layout.body
        view.render(body, &canvas, state: sections)
        let summary = SectionsView.summary(sections, numbers: numbers)
        let full = StatsLine.activity(
            mode: sections.mode, keystrokes: state.keystrokes, requests: state.requestsSent, cached: 0,
            pending: sections.isSearching ? 1 : 0, numbers: numbers)
        let line = layout.stats
        guard line.height > 0 else { return }
        let activity = StatsLine.fitting([full, sections.mode], beside: summary.displayWidth, in: line.width)
        canvas.write(activity, x: line.maxX - activity.displayWidth - 1, y: line.y, style: Theme.secondary)
        canvas.write(
            summary, x: line.x + 1, y: line.y, style: sections.error == nil ? Theme.title : Theme.error,
            maxWidth: line.width - (activity.isEmpty ? 0 : activity.displayWidth + 2) - 1, overflow: .ellipsis)
    }

    /// "F1 keys" on the compact screen's stats, which has no hint bar to name the help key.
    private func keysHint(_ layout: ScreenLayout) -> String? {
        guard options.compact, layout.hints == nil, let key = keys.keys(for: .toggleHelp, in: .global).first else { return nil }
        return "\(KeyName.label(key)) keys"
    }

    /// " Hits F2 ": a pane's name and the first key that reaches it, as bound (`--bind`).
    func paneTitle(_ name: String, _ action: KeyAction, then suffix: String = "") -> String {
        let key = keys.keys(for: action, in: .global).first.map { " " + KeyName.label($0) } ?? ""
        return " \(name)\(key)\(suffix) "
    }

    private func title(_ text: String, x: Int, y: Int, focused: Bool, into canvas: inout Canvas) {
        canvas.write(text, x: x, y: y, style: focused ? Theme.focusedPaneTitle.reverse() : Theme.paneTitle)
    }

    private func drawHints(in area: Rect, state: HubState, into canvas: inout Canvas) {
        var pieces: [(String, Style)] = []
        var hints = keys.hints(
            sections: state.sections != nil, showingSections: state.showsSections, indices: descriptions.count,
            sidePanes: !SidebarPanes(for: descriptions[state.active.name]).isEmpty)
        if options.multi, let mark = keys.keys(for: .toggle, in: .hits).first {
            hints.insert((KeyName.label(mark), "mark"), at: max(0, hints.count - 2))
        }
        for (key, action) in hints {
            pieces.append((" \(key)", Theme.key))
            pieces.append((" \(action) ", Theme.secondary))
        }
        canvas.write(pieces, x: area.x, y: area.y, maxWidth: area.width, overflow: .ellipsis)
    }
}
