import InstantSearchCore

extension SearchApp {
    /// Carries out one named action. False when it did nothing here.
    @discardableResult
    func perform(_ action: KeyAction) -> Bool {
        switch action {
        case .abort: outcome = .cancelled
        case .ignore: break
        case .printQuery: outcome = .queryPrinted
        case .cancel where !searchesFacetValues && !showsHelp:
            if searchBox.text.isEmpty { outcome = .cancelled } else { return perform(.unixLineDiscard) }
        case .backwardDeleteChar where searchBox.text.isEmpty && !searchesFacetValues && !showsHelp && keys.binds(.backwardEOF):
            // fzf's backward-eof: Backspace with nothing to delete.
            raise(.backwardEOF)
        case .deleteCharOrQuit, .backwardDeleteCharOrQuit:
            if searchBox.text.isEmpty && !searchesFacetValues { outcome = .cancelled }
            return perform(action == .deleteCharOrQuit ? .deleteChar : .backwardDeleteChar)
        case .clearScreen: wantsRepaint = true
        case .normalMode: inNormalMode = true
        case .insertMode: inNormalMode = false
        case .toggleHelp: showsHelp = true
        case .closeHelp: showsHelp = false
        case .toggleSections: hub.dispatch(.toggleSections)
        case .focusHits, .focusRefinements, .focusSlider, .focusCurrentRefinements, .nextIndex, .previousIndex:
            if hub.showsSections { hub.dispatch(.toggleSections) }  // these belong to the tabbed view
            switch action {
            case .focusHits: move(focus: .hits)
            case .focusRefinements: move(focus: .refinements)
            case .focusSlider: move(focus: .slider)
            case .focusCurrentRefinements: move(focus: .currentRefinements)
            case .nextIndex: hub.dispatch(.nextIndex)
            default: hub.dispatch(.previousIndex)
            }
        case .clearRefinements: hub.dispatch(.clearRefinements)
        case .accept where searchesFacetValues: return performInView(.accept)
        case .togglePreview where !hub.showsSections: togglePreview()
        case .previewUp, .previewDown, .previewPageUp, .previewPageDown, .previewHalfPageUp, .previewHalfPageDown, .previewTop, .previewBottom:
            return preview.perform(action)
        case .showPreview where !hub.showsSections && !preview.isShown: togglePreview()
        case .hidePreview where !hub.showsSections && preview.isShown: togglePreview()
        case .showPreview, .hidePreview: break
        case .nextSort where !hub.showsSections:
            let sorts = SortByInteractor(options: hub.activeDescription.sorts)
            let current = hub.state.active.query.sortBy
            // Without declared sorts the key says so (header), rather than doing nothing silently.
            guard !sorts.options.isEmpty || current != nil else {
                sortNotice = "no sorts: declare \"sorts\" in the index's settings"
                return true
            }
            hub.dispatch(.sortBy(sorts.next(after: current)))
        case .nextScope where !hub.showsSections:
            let scopes = hub.activeDescription.scopes
            guard let next = FilterScope.next(after: FilterScope.active(scopes, in: hub.state.active.query), in: scopes) else {
                sortNotice = "no scopes: give --scope NAME=FACET:VALUE"
                return true
            }
            hub.dispatch(.applyScope(next, among: scopes))
        case .toggleRelevantSort where !hub.showsSections:
            let query = hub.state.active.query
            guard query.sortBy != nil else {
                sortNotice = "relevant sort applies to a sorted view: choose a sort (F7)"
                return true
            }
            // InstantSearch's RelevantSort: the index's strictness, or every hit.
            hub.dispatch(.setRelevancyStrictness(query.relevancyStrictness == 0 ? nil : 0))
        case .accept: return accept()
        case .acceptConversion where !searchesFacetValues: return acceptAsConversion()
        case .toggle where options.multi && !showsHelp && !hub.showsSections && focus == .hits:
            let state = hub.state.active
            guard let hit = hitsList.selectedHit else { return true }
            if marks.contains(hit, in: state.name) || marks.count < options.multiLimit { marks.toggle(hit, in: state.name) }
        case .toggleOut, .toggleIn:
            perform(.toggle)
            // Away from the prompt is down the list when the list runs down from it.
            let away: KeyAction = options.layout.listRunsUpward ? .up : .down
            return perform(action == .toggleOut ? away : (away == .down ? .up : .down))
        case .toggleTrack: hitsList.tracks.toggle()
        case .enableSearch, .disableSearch, .toggleSearch:
            let wasDisabled = searchDisabled
            searchDisabled = action == .toggleSearch ? !searchDisabled : action == .disableSearch
            if wasDisabled && !searchDisabled { searchQuery() }
        case .showInput, .hideInput, .toggleInput:
            showsInput = action == .toggleInput ? !showsInput : action == .showInput
            resize(width: screen.width, height: screen.height)
        case .nextSelected, .previousSelected:
            let state = hub.state.active
            guard options.multi, !showsHelp, !hub.showsSections, focus == .hits, let hits = state.results?.hits else { return true }
            let selection = hitsList.selection
            let order = action == .nextSelected ? Array(min(selection + 1, hits.count)..<hits.count) : Array((0..<min(selection, hits.count)).reversed())
            if let index = order.first(where: { marks.contains(hits[$0], in: state.name) }) { send(hitsList.select(position: index + 1, state)) }
        case .select, .deselect:
            guard options.multi, !showsHelp, !hub.showsSections, focus == .hits, let hit = hitsList.selectedHit else { return true }
            let state = hub.state.active
            let marked = marks.contains(hit, in: state.name)
            if action == .select ? !marked && marks.count < options.multiLimit : marked { marks.toggle(hit, in: state.name) }
        case .jump, .jumpAccept:
            // Over the hits list on screen only, as fzf's labels are over its list.
            guard focus == .hits, !showsHelp, !hub.showsSections else { return false }
            jumping = action
        case .previousHistory where history != nil && !showsHelp:
            if let query = history?.previous(from: searchBox.text) { showQuery(query) }
        case .nextHistory where history != nil && !showsHelp:
            if let query = history?.next() { showQuery(query) }
        case _ where showsHelp: return help.perform(action)
        case .acceptSuggestion, .nextSuggestion, .previousSuggestion, .hideSuggestions: return performSuggestion(action)
        default:
            if !searchesFacetValues {
                let answer = searchBox.perform(action)
                if answer.handled {
                    send(answer.intents)
                    return true
                }
            }
            return performInView(action)
        }
        return true
    }

    /// A query from the history in the box, searched like a typed one.
    func showQuery(_ query: String) {
        searchBox.replace(with: query)
        searchQuery()
    }

    /// What accept (or an `--expect` key) ends with: the marks in marking order, else the
    /// selected hit (of the sections view when it is shown), else nothing.
    func pickedHits() -> [Hit] {
        if !marks.isEmpty { return marks.hits }
        if hub.showsSections { return sectionsView?.selectedHit.map { [$0] } ?? [] }
        return selectedAsDrawn.map { [$0] } ?? []
    }

    /// The selected hit; while the list holds results no frame has drawn yet, the one the last
    /// frame drew as selected (a selection moved by a key since is the list's own: same results).
    var selectedAsDrawn: Hit? {
        if let drawnList, drawnList.results != hitsList.shownResults { return drawnList.selected }
        return hitsList.selectedHit
    }

    /// Actions of the lists and the slider, in whichever view or pane has them.
    private func performInView(_ action: KeyAction) -> Bool {
        let answer: (handled: Bool, intents: [SearchIntent])
        if hub.showsSections, var view = sectionsView {
            answer = view.perform(action)
            sectionsView = view
        } else {
            switch focus {
            case .hits: answer = hitsList.perform(action, hub.state.active)
            case .refinements: answer = refinementList.perform(action)
            case .slider: answer = sliderPane.perform(action)
            case .currentRefinements: answer = currentRefinements.perform(action)
            }
        }
        send(answer.intents)
        return answer.handled
    }

    /// Enter: results not yet for the query on screen (manual mode, a held-back search) are
    /// searched for; otherwise the selected hit is picked, or in the sections view a facet
    /// value refines.
    func accept() -> Bool {
        if hub.showsSections {
            if sectionsView?.selectedHit != nil {
                outcome = .accepted(hits: pickedHits(), key: "")
            } else if !performInView(.accept) {
                hub.dispatch(.searchNow)
            }
            return true
        }
        let state = hub.state.active
        if state.hasUnsentChanges {
            hub.dispatch(.searchNow)
        } else if focus == .hits, !marks.isEmpty || state.results != nil {
            // As fzf: the marks, else the selected hit; an empty list ends with none (exit 1).
            outcome = .accepted(hits: pickedHits(), key: "")
        }
        return true
    }
}
