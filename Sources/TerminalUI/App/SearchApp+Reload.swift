import InstantSearchCore

/// The loading a reload's hand-off started (called before `start` returns, on this thread).
private final class StartedLoading: @unchecked Sendable {
    var loading: (any BackgroundLoading)?
}

extension SearchApp {
    /// reload / reload-sync: the command's output becomes the active index's records. The query
    /// stays; the index's marks go, as fzf 0.74 drops them with the old list; the selection
    /// follows `HitSelectionRule`'s reload rule. `reload` drops the old list at once and streams
    /// the new records in; `reload-sync` leaves the old list on screen, searchable, until the
    /// command's output is read. As in fzf, the actions after either go on at once.
    func reload(_ template: String, sync: Bool) {
        guard let runner = previewRunner, let reloader else {
            script.notice = "reload: this source cannot be reloaded"
            return
        }
        script.reloading?.cancel()
        let name = hub.state.active.name
        let report = hub.loading.report
        script.reloads += 1
        let number = script.reloads
        let started = StartedLoading()
        runner.start(
            expand(template), in: .reload, environment: environment,
            output: .handOff({ descriptor in
                let reading = reloader.reload(indexName: name, from: descriptor, atOnce: sync)
                started.loading = reading
                reading.start { progress in
                    var tagged = progress
                    tagged.reload = number
                    report(tagged)
                }
            }))
        script.reloading = started.loading
        guard started.loading != nil else {
            // The command did not start (its failure comes as the reload's result): no list to wait for.
            return
        }
        insights?.listReplaced(index: name)
        marks.removeAll(in: name)
        hitsList.beginReload()
        script.reloadUnderway = (name, number)
        script.pausedQueryReset = PausedQueryReset(indexName: name, reload: number, sync: sync)
    }

    /// The header a reload's `--header-lines` gave replaces the one before (fzf's rule).
    func adoptReloadedHeader() {
        guard let (name, number) = script.reloadUnderway, let loading = hub.loading.progress[name], loading.reload == number,
            let header = loading.header
        else { return }
        options.headerLines[name] = header
    }

    /// While search is disabled the query searched is the one from before; once a reload's
    /// new list is in place it is searched with none, as fzf does. Called after the answers are
    /// delivered, so that this search follows the new list's own (and supersedes it).
    func resetPausedQueryIfReplaced() {
        guard let reset = script.pausedQueryReset,
            let loading = hub.loading.progress[reset.indexName], loading.reload == reset.reload,
            loading.records > 0 || loading.isNewSnapshot || loading.isFinished
        else { return }
        resetPausedQuery()
    }

    /// A key edits the query while search is disabled and a `reload` is under way: its old
    /// list is gone, so the list now held (none yet, or what has come) is searched, with no query.
    func resetPausedQueryOnEdit() {
        guard let reset = script.pausedQueryReset, reset.byLaterKeys, !reset.sync, hub.state.active.name == reset.indexName else { return }
        resetPausedQuery()
        hub.dispatch(.searchNow)
    }

    private func resetPausedQuery() {
        script.pausedQueryReset = nil
        if searchDisabled { hub.dispatch(.setQuery("")) }
    }

    /// No search on its way or held back, every line read: what fzf's `wait` waits for.
    var searchIsDone: Bool {
        let state = hub.state.active
        let reading = state.loading.map { !$0.isFinished } ?? readsInBackground
        // The answer in the views too: what the actions after `wait` (accept) act on.
        return !reading && script.reloadUnderway == nil && !state.isSearching && state.pendingRequests == 0 && !state.hasUnsentChanges
            && state.results?.query == state.query.text && hitsList.shownResults == state.results
    }

    /// `wait`'s chain goes on once the search is done. Called after each update of the views.
    func finishWaitIfDone() {
        guard script.waiting == .search, searchIsDone else { return }
        script.waiting = nil
        // The actions after it act on the search's answer, before any frame has drawn it.
        drawnList = nil
        drain()
    }

    /// fzf's keys while `wait` holds the chain: one bound to abort or cancel ends the wait (the
    /// actions that waited are dropped, the rest of its own chain runs); the others are ignored.
    func keyWhileWaiting(_ chain: [BoundAction]) {
        guard let first = chain.firstIndex(where: { $0.action == .abort || $0.action == .cancel }) else { return }
        script.waiting = nil
        script.pending = []
        var rest = chain
        rest.remove(at: first)
        run(rest)
    }

    /// Once the reload under way has read its last record and that list has been searched: the
    /// selection goes back to the everyday rule. Called after
    /// each update of the views.
    func finishReloadIfDone() {
        guard let (name, number) = script.reloadUnderway,
            let state = hub.state.index.first(where: { $0.name == name }),
            let loading = state.loading, loading.reload == number, loading.isFinished,
            !state.isSearching, state.pendingRequests == 0
        else { return }
        script.reloadUnderway = nil
        hitsList.endReload()
    }
}
