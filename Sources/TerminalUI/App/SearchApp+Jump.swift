import InstantSearchCore

extension SearchApp {
    /// The key after `jump` / `jump-accept`, as fzf takes it: a label of a hit on screen selects
    /// that hit (and accepts it, for `jump-accept`); any other key only leaves jump mode. The
    /// key is used up either way.
    func jump(with key: Key) {
        guard let mode = jumping else { return }
        jumping = nil
        if case .character(let character) = key, let offset = options.jumpLabels.offset(of: character),
            focus == .hits, !hub.showsSections
        {
            let answer = hitsList.jump(to: offset, hub.state.active)
            answer.intents.forEach(hub.dispatch)
            if answer.handled, mode == .jumpAccept { _ = accept() }
            // fzf's events: `jump` for a label that picked a hit, `jump-cancel` for any other key.
            if answer.handled, outcome == nil { raise(.jump) } else if !answer.handled { raise(.jumpCancel) }
        } else {
            raise(.jumpCancel)
        }
        refresh()
        raiseEvents()
    }
}
