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
        if let chain = boundChain(for: mouse) {
            run(chain)
            refresh()
            raiseEvents()
            return true
        }
        if case .press(.left) = mouse.kind, !drawsPicker, let header = layout?.header, header.contains(x: mouse.x, y: mouse.y) {
            raise(.clickHeader)
        }
        if case .press(.left) = mouse.kind, clickSection(x: mouse.x, y: mouse.y) {
            refresh()
            raiseEvents()
            return true
        }
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

    /// fzf's name for a mouse report: `left-click`, `double-click` (a second press on the same
    /// cell within `doubleClickTime`), `shift-right-click`, `scroll-up`, `shift-scroll-down`,
    /// `preview-scroll-up` (the wheel over the preview).
    func mouseKeyName(_ mouse: MouseEvent) -> String? {
        let overPreview = layout?.preview?.contains(x: mouse.x, y: mouse.y) ?? false
        switch mouse.kind {
        case .press(.left):
            let now = ContinuousClock.now
            defer { lastClick = (mouse.x, mouse.y, now) }
            if !mouse.shift, let last = lastClick, last.x == mouse.x, last.y == mouse.y, now - last.at < Self.doubleClickTime {
                lastClick = nil
                return "double-click"
            }
            return mouse.shift ? "shift-left-click" : "left-click"
        case .press(.right): return mouse.shift ? "shift-right-click" : "right-click"
        case .wheelUp: return overPreview ? "preview-scroll-up" : mouse.shift ? "shift-scroll-up" : "scroll-up"
        case .wheelDown: return overPreview ? "preview-scroll-down" : mouse.shift ? "shift-scroll-down" : "scroll-down"
        case .press(.middle), .release, .drag: return nil
        }
    }

    /// The chain a `--bind` (or the standard table) gives the mouse report, with the hit under
    /// the pointer selected first when the report is over the hits list (fzf acts on that hit).
    private func boundChain(for mouse: MouseEvent) -> [BoundAction]? {
        guard !showsHelp, !hub.showsSections, let name = mouseKeyName(mouse), !unboundKeys.contains(.named(name)) else { return nil }
        let overHits = hitsArea?.contains(x: mouse.x, y: mouse.y) ?? false
        let contexts = overHits ? [KeyContext.hits, .global] : [.global]
        guard let chain = keys.actions(for: .named(name), in: contexts) else { return nil }
        if overHits, let hits = hitsArea, name.hasSuffix("click") {
            move(focus: .hits)
            hitsList.click(row: mouse.y - hits.y, hub.state.active).intents.forEach(hub.dispatch)
        }
        return chain
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
