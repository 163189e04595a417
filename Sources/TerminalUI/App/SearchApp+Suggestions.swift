import InstantSearchCore

/// The query suggestions dropdown in the app: when it shows, its keys, and where it is drawn.
extension SearchApp {
    /// The dropdown shows while there are suggestions for the query typed, Esc has not hidden
    /// them, and the hits list has the focus (the other panes, the help, the sections view and
    /// jump labels have their own uses for Right and Esc).
    var showsSuggestions: Bool {
        focus == .hits && !showsHelp && !hub.showsSections && jumping == nil
            && !suggestionsDropdown.shown(suggestions).isEmpty
    }

    func performSuggestion(_ action: KeyAction) -> Bool {
        let count = suggestionsDropdown.shown(suggestions).count
        switch action {
        case .acceptSuggestion:
            // Right inside the query moves the cursor, as it always did.
            guard searchBox.cursor == searchBox.text.count, let query = suggestionsDropdown.chosen(suggestions) else {
                return perform(.forwardChar)
            }
            showQuery(query)
        case .nextSuggestion: suggestionsDropdown.move(by: 1, among: count)
        case .previousSuggestion: suggestionsDropdown.move(by: -1, among: count)
        case .hideSuggestions: suggestionsDropdown.hide()
        default: return false
        }
        return true
    }

    /// Draws the dropdown over whatever is under (or, with the prompt at the bottom, above)
    /// the search box, from the query's first column.
    func drawSuggestions(searchBox box: Rect, into canvas: inout Canvas) {
        guard showsSuggestions else { return }
        let shown = suggestionsDropdown.shown(suggestions)
        let upward = options.layout.promptAtBottom
        let queryX = box.x + 1 + searchBox.prompt.displayWidth
        guard
            let area = SuggestionsDropdown.area(
                rows: shown.count, widest: shown.map(\.query.displayWidth).max() ?? 0, searchBox: box, queryX: queryX,
                screen: options.frame.inner(of: screen), upward: upward)
        else { return }
        suggestionsDropdown.render(shown, in: area, upward: upward, &canvas)
    }
}
