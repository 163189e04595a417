import InstantSearchCore

extension SearchApp {
    /// Applies one mouse report: a left click selects (a hit, a facet value, which it also
    /// toggles, a tab) or moves the slider's nearer thumb to the point; the wheel moves
    /// through the pane under the pointer. The pane is found from the layout (`MouseTarget`).
    /// Returns whether anything changed.
    @discardableResult
    public func handle(_ mouse: MouseEvent) -> Bool {
        // In jump mode the mouse is another key that is no label: it leaves (and does its own job).
        let leftJump = jumping != nil && mouse.kind != .release
        if leftJump { jumping = nil }
        var changed: Bool
        switch mouse.kind {
        case .press(.left): changed = click(at: mouse.x, mouse.y)
        case .wheelUp: changed = wheel(by: -1, at: mouse.x, mouse.y)
        case .wheelDown: changed = wheel(by: 1, at: mouse.x, mouse.y)
        case .press, .release, .drag: changed = false
        }
        changed = changed || leftJump
        if changed { refresh() }
        return changed
    }

    private func click(at x: Int, _ y: Int) -> Bool {
        if showsHelp {
            guard !help.box.contains(x: x, y: y) else { return false }
            showsHelp = false  // a click beside the help closes it
            return true
        }
        if hub.showsSections, var view = sectionsView, let layout, let sections = hub.state.sections {
            guard layout.body.contains(x: x, y: y) else { return false }
            let answer = view.click(y: y, in: layout.body, state: sections)
            sectionsView = view
            answer.intents.forEach(hub.dispatch)
            return answer.handled
        }
        if clickSuggestion(at: x, y) { return true }
        guard let layout, let (target, area) = layout.mouseTarget(x: x, y: y, focus: focus) else { return false }
        return click(target, at: x, y, in: area)
    }

    /// A left click on `target`, whose rect is `area`.
    private func click(_ target: MouseTarget, at x: Int, _ y: Int, in area: Rect) -> Bool {
        let state = hub.state
        switch target {
        case .tabs:
            guard let position = IndexTabs.index(atColumn: x, in: area, state: state), position != state.activeIndex else { return false }
            hub.dispatch(.selectIndex(position))
        case .searchBox:
            return false
        case .hits:
            // The rows the suggestions dropdown moved the hits out of hold none.
            guard let hits = hitsArea, hits.contains(x: x, y: y) else { return false }
            move(focus: .hits)
            hitsList.click(row: y - hits.y, state.active).intents.forEach(hub.dispatch)
        case .chips:
            // A click on a chip removes that refinement (the × of InstantSearch's CurrentRefinements).
            guard let position = currentRefinements.chip(atColumn: x, in: area) else { return false }
            move(focus: .currentRefinements)
            currentRefinements.select(position)
            currentRefinements.perform(.removeRefinement).intents.forEach(hub.dispatch)
        case .refinements:
            move(focus: .refinements)
            send(refinementList.click(row: y - area.y).intents)
        case .slider:
            move(focus: .slider)
            let track = sliderPane.track(in: area)
            if track.contains(x: x, y: y) {
                sliderPane.click(column: x - track.x, trackWidth: track.width).forEach(hub.dispatch)
            }
        }
        return true
    }

    /// The wheel: `steps` rows down (negative: up) in the list under the pointer, whichever
    /// pane has focus.
    private func wheel(by steps: Int, at x: Int, _ y: Int) -> Bool {
        let action: KeyAction = steps < 0 ? .up : .down
        if showsHelp { return help.perform(action) }
        if hub.showsSections, var view = sectionsView {
            let answer = view.perform(action)
            sectionsView = view
            answer.intents.forEach(hub.dispatch)
            return answer.handled
        }
        guard let layout, let target = layout.mouseTarget(x: x, y: y, focus: focus)?.target else { return false }
        let answer: (handled: Bool, intents: [SearchIntent])
        switch target {
        case .hits: answer = hitsList.perform(action, hub.state.active)
        case .refinements: answer = refinementList.perform(action)
        case .tabs, .searchBox, .slider, .chips: return false
        }
        answer.intents.forEach(hub.dispatch)
        return answer.handled
    }
}
