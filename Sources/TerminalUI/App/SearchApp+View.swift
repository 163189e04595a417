import InstantSearchCore

extension SearchApp {
    /// Draws the screen from the hub's state and the views' state, changing neither; returns
    /// where the terminal cursor belongs (in the search box). The canvas should have the size
    /// of the last `resize`.
    @discardableResult
    public func render(into canvas: inout Canvas) -> (x: Int, y: Int)? {
        canvas.clear()
        guard let layout else {
            let message = "Make the terminal at least \(ScreenLayout.minimumWidth)×\(ScreenLayout.minimumHeight)."
            canvas.write(message, x: 0, y: 0, style: Theme.error, maxWidth: canvas.width)
            return nil
        }
        let state = hub.state
        let cursorX = searchBox.render(layout.searchBox.inset(top: 0, left: 1, bottom: 0, right: 1), &canvas)
        if state.showsSections, let sections = state.sections, let federatedView {
            drawSections(federatedView, sections, layout: layout, state: state, into: &canvas)
        } else {
            let active = state.active
            let description = descriptions[active.name]
            let sort = SortByLabel.text(state: active, description: description, notice: sortNotice)
            let sortWidth = SortByLabel.render(sort, in: layout.tabs, &canvas)
            IndexTabs.render(layout.tabs.inset(top: 0, left: 0, bottom: 0, right: sortWidth), &canvas, state: state)
            drawRules(layout, into: &canvas)
            hitsList.render(layout.hits, &canvas, state: active, description: description, focused: focus == .hits)
            refinementList.render(layout.refinements, &canvas, focused: focus == .refinements)
            sliderPane.render(layout.slider, &canvas, focused: focus == .slider)
            StatsLine.render(layout.stats, &canvas, state: state)
        }
        drawHints(in: layout.hints, state: state, into: &canvas)
        if showsHelp {
            help.render(&canvas)
            return nil
        }
        // The typed-range input, while open, has the cursor.
        if focus == .slider, !state.showsSections, let cursor = sliderPane.inputCursor(in: layout.slider, focused: true) { return cursor }
        return (cursorX, layout.searchBox.y)
    }

    private func drawRules(_ layout: ScreenLayout, into canvas: inout Canvas) {
        let rule = String(repeating: "─", count: canvas.width)
        canvas.write(rule, x: 0, y: layout.topRule.y, style: Theme.secondary)
        canvas.write(rule, x: 0, y: layout.bottomRule.y, style: Theme.secondary)
        for y in layout.sidebarRule.y..<layout.sidebarRule.maxY {
            canvas.write("│", x: layout.sidebarRule.x, y: y, style: Theme.secondary)
        }
        canvas.write("┬", x: layout.sidebarRule.x, y: layout.topRule.y, style: Theme.secondary)
        canvas.write("┴", x: layout.sidebarRule.x, y: layout.bottomRule.y, style: Theme.secondary)
        let sidebarRule = String(repeating: "─", count: layout.sliderTitle.width)
        canvas.write("├" + sidebarRule, x: layout.sidebarRule.x, y: layout.sliderTitle.y, style: Theme.secondary)
        title(" Hits F2 ", x: layout.hits.x + 1, y: layout.topRule.y, focused: focus == .hits, into: &canvas)
        title(" Refinements F3 ", x: layout.refinements.x + 1, y: layout.topRule.y, focused: focus == .refinements, into: &canvas)
        title(" Range F4 ", x: layout.sliderTitle.x + 1, y: layout.sliderTitle.y, focused: focus == .slider, into: &canvas)
    }

    private func drawSections(_ view: FederatedView, _ sections: SectionsState, layout: ScreenLayout, state: HubState, into canvas: inout Canvas) {
        canvas.write(" all indices ", x: 1, y: layout.tabs.y, style: Theme.title.reverse())
        canvas.write("F5 back to tabs", x: 15, y: layout.tabs.y, style: Theme.secondary)
        let rule = String(repeating: "─", count: canvas.width)
        canvas.write(rule, x: 0, y: layout.topRule.y, style: Theme.secondary)
        canvas.write(rule, x: 0, y: layout.bottomRule.y, style: Theme.secondary)
        title(" Sections F5 ", x: 1, y: layout.topRule.y, focused: true, into: &canvas)
        let body = Rect(x: 0, y: layout.hits.y, width: canvas.width, height: layout.hits.height)
        view.render(body, &canvas, state: sections)
        let activity = StatsLine.activity(
            mode: sections.mode, keystrokes: state.keystrokes, requests: state.requestsSent, cached: 0,
            pending: sections.isSearching ? 1 : 0)
        canvas.write(activity, x: canvas.width - activity.displayWidth - 1, y: layout.stats.y, style: Theme.secondary)
        let summary = FederatedView.summary(sections)
        canvas.write(summary, x: 1, y: layout.stats.y, style: sections.error == nil ? Theme.title : Theme.error,
                     maxWidth: canvas.width - activity.displayWidth - 3, overflow: .ellipsis)
    }

    private func title(_ text: String, x: Int, y: Int, focused: Bool, into canvas: inout Canvas) {
        canvas.write(text, x: x, y: y, style: focused ? Theme.focusedPaneTitle.reverse() : Theme.paneTitle)
    }

    private func drawHints(in area: Rect, state: HubState, into canvas: inout Canvas) {
        var pieces: [(String, Style)] = []
        for (key, action) in keys.hints(sections: state.sections != nil, showingSections: state.showsSections) {
            pieces.append((" \(key)", Theme.key))
            pieces.append((" \(action) ", Theme.secondary))
        }
        canvas.write(pieces, x: area.x, y: area.y, maxWidth: area.width, overflow: .ellipsis)
    }
}
