import InstantSearchCore

/// The moments the session records as insights (`InsightsTracker`): answers shown (a query may
/// settle), a pick, the preview opened, a facet value refined. Called from the update step,
/// never from a render; the tracker hands values to a sink that writes them off the key path.
extension SearchApp {
    /// Starts recording (`TerminalSearch` does, with the loop's timers for the pause that settles a query).
    public func recordInsights(_ options: InsightsTracker.Options, scheduler: any Scheduler) {
        insights = InsightsTracker(options: options, scheduler: scheduler)
    }

    /// After answers were delivered: the query on screen may settle.
    func noteAnswers() {
        guard let insights, !hub.showsSections else { return }
        insights.answered(hub.activeState) { [unowned self] in hub.activeState }
    }

    /// The session ended with a pick.
    func notePick() {
        guard let insights, case .accepted(let hits, _) = outcome else { return }
        insights.picked(hits, in: hub.state.active)
    }

    /// The preview pane opened on the selected hit.
    func notePreviewOpened() {
        guard let insights, preview.isShown, !hub.showsSections, let hit = hitsList.selectedHit else { return }
        insights.previewed(hit, in: hub.state.active)
    }

    /// Hands the widgets' intents to the hub, noting each facet value they refine (not those
    /// they unrefine). With `--disabled` the query is kept for commands alone, never searched.
    func send(_ intents: [SearchIntent]) {
        for intent in intents {
            if searchDisabled, case .setQuery = intent {
                resetPausedQueryOnEdit()
                continue
            }
            guard let insights, case .toggleRefinement(let attribute, let value) = intent else {
                hub.dispatch(intent)
                continue
            }
            let before = hub.state.active
            hub.dispatch(intent)
            if !before.query.isRefined(attribute, value: value) { insights.refined(attribute: attribute, value: value, in: before) }
        }
    }

    /// `accept-conversion`: accept, the pick recorded as a conversion too.
    func acceptAsConversion() -> Bool {
        insights?.nextPickConverts = true
        let handled = accept()
        if outcome == nil { insights?.nextPickConverts = false }
        return handled
    }
}
