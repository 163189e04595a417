import InstantSearchCore

extension SearchApp {
    /// Carries out one named action. False when it did nothing here (a printable key bound to
    /// it then types itself, as Space does in the sections view off a facet value).
    @discardableResult
    func perform(_ action: KeyAction) -> Bool {
        switch action {
        case .abort: outcome = .cancelled
        case .clearScreen: wantsRepaint = true
        case .toggleHelp: showsHelp = true
        case .closeHelp: showsHelp = false
        case .toggleSections: hub.dispatch(.toggleSections)
        case .focusHits, .focusRefinements, .focusSlider, .nextIndex, .previousIndex:
            if hub.showsFederated { hub.dispatch(.toggleSections) }  // these belong to the tabbed view
            switch action {
            case .focusHits: focus = .hits
            case .focusRefinements: focus = .refinements
            case .focusSlider: focus = .slider
            case .nextIndex: hub.dispatch(.nextIndex)
            default: hub.dispatch(.previousIndex)
            }
        case .clearRefinements: hub.dispatch(.clearRefinements)
        case .nextSort where !hub.showsFederated:
            let sorts = SortByInteractor(options: hub.activeDescription.sorts)
            let current = hub.state.active.query.sortBy
            // Without declared sorts the key says so (header), rather than doing nothing silently.
            guard !sorts.options.isEmpty || current != nil else {
                sortNotice = "no sorts: declare \"sorts\" in the index's settings"
                return true
            }
            hub.dispatch(.sortBy(sorts.next(after: current)))
        case .accept: return accept()
        case _ where showsHelp: return help.perform(action)
        default:
            if searchBox.perform(action) {
                if searchBox.text != hub.queryText { hub.dispatch(.setQuery(searchBox.text)) }
                return true
            }
            return performInView(action)
        }
        return true
    }

    /// Actions of the lists and the slider, in whichever view or pane has them.
    private func performInView(_ action: KeyAction) -> Bool {
        let answer: (handled: Bool, intents: [SearchIntent])
        if hub.showsFederated, var view = federatedView {
            answer = view.perform(action)
            federatedView = view
        } else {
            switch focus {
            case .hits: answer = hitsList.perform(action, hub.state.active)
            case .refinements: answer = refinementList.perform(action)
            case .slider: answer = sliderPane.perform(action)
            }
        }
        answer.intents.forEach(hub.dispatch)
        return answer.handled
    }

    /// Enter: results not yet for the query on screen (manual mode, a held-back search) are
    /// searched for; otherwise the selected hit is picked, or in the sections view a facet
    /// value refines.
    private func accept() -> Bool {
        if hub.showsFederated {
            if let hit = federatedView?.selectedHit {
                outcome = .selected(hit)
            } else if !performInView(.accept) {
                hub.dispatch(.searchNow)
            }
            return true
        }
        let state = hub.state.active
        if state.hasUnsentChanges {
            hub.dispatch(.searchNow)
        } else if focus == .hits, let hit = hitsList.selectedHit(in: state) {
            outcome = .selected(hit)
        }
        return true
    }
}
