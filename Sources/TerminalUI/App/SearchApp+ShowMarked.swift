import InstantSearchCore

/// `toggle-show-marked` (Alt-M): with `--multi`, the list holds only the hits marked in the
/// index on screen, in the order they were marked, whatever the query finds; the query,
/// refinements and marks stay as they are, and toggling again lists the query's hits. A hit
/// unmarked there leaves the list. Enter picks what is marked, as always.
extension SearchApp {
    /// What the list and its info line show: the hub's state, or the same with the marked hits
    /// of the active index as its results (one page: nothing more to load).
    func listed(_ state: HubState) -> HubState {
        guard showsMarked else { return state }
        var state = state
        let active = state.active
        let hits = marks.marked.filter { $0.indexName == active.name }.map(\.hit)
        var results = SearchResults(
            indexName: active.name, query: active.query.text, hits: hits, nbHits: hits.count, page: 0, nbPages: hits.isEmpty ? 0 : 1,
            hitsPerPage: max(hits.count, 1))
        results.notice = Self.showsMarkedNotice
        state.index[state.activeIndex].results = results
        state.index[state.activeIndex].hasNextPage = false
        return state
    }

    /// Said beside the count while only the marked hits are listed.
    static let showsMarkedNotice = "marked only (alt-m: every hit)"

    func toggleShowMarked() {
        guard options.multi else { return }
        showsMarked.toggle()
    }
}
