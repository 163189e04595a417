import InstantSearchCore

/// The query suggestions dropdown in the app: when it shows, its keys, and where it is drawn.
extension SearchApp {
    /// The dropdown shows while there are suggestions for the query typed, Esc has not hidden
    /// them, the hits list has the focus (the other panes, the help, the sections view and
    /// jump labels have their own uses for Right and Esc), and two rows of hits fit beside it.
    var showsSuggestions: Bool { suggestionsArea != nil }

    /// Where the dropdown is drawn: under the search box from the query's first column, or
    /// above it with the prompt at the bottom (fzf's default layout).
    var suggestionsArea: Rect? {
        guard let layout, focus == .hits, !showsHelp, !hub.showsSections, jumping == nil else { return nil }
        let shown = suggestionsDropdown.shown(suggestions)
        guard
            let area = SuggestionsDropdown.area(
                rows: shown.count, widest: shown.map(\.query.displayWidth).max() ?? 0, searchBox: layout.searchBox,
                queryX: layout.searchBox.x + 1 + searchBox.prompt.displayWidth, screen: options.frame.inner(of: screen),
                upward: options.layout.promptAtBottom)
        else { return nil }
        return SuggestionsDropdown.hits(layout.hits, beside: area, upward: options.layout.promptAtBottom).height >= 2 ? area : nil
    }

    /// The hits' rows: the layout's, less those the dropdown takes. The list moves away from it
    /// rather than under it, so that the hit drawn as selected (the one Enter picks) is always seen.
    var hitsArea: Rect? {
        if drawsPicker { return picker?.list }
        guard let layout else { return nil }
        guard let dropdown = suggestionsArea else { return layout.hits }
        return SuggestionsDropdown.hits(layout.hits, beside: dropdown, upward: options.layout.promptAtBottom)
    }

    /// Sizes the hits list for its rows when they change: with the layout, and as the
    /// dropdown shows and hides.
    func fitHitsList(force: Bool) {
        guard let area = hitsArea, force || area != hitsListArea else { return }
        hitsListArea = area
        // fzf's --gap: each line takes its rows and the gap's, the last line shown whole.
        let step = drawsPicker ? 1 + options.sections.gap : 1
        hitsList.resize(height: (area.height + step - 1) / step, width: area.width)
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

    /// Draws the dropdown over the rows between the search box and the hits (which `hitsArea`
    /// moved out of its way).
    func drawSuggestions(into canvas: inout Canvas) {
        guard let area = suggestionsArea else { return }
        suggestionsDropdown.render(suggestionsDropdown.shown(suggestions), in: area, upward: options.layout.promptAtBottom, &canvas)
    }

    /// A click on a suggestion puts it in the box, as Right does on the selected one.
    func clickSuggestion(at x: Int, _ y: Int) -> Bool {
        guard let area = suggestionsArea, area.contains(x: x, y: y) else { return false }
        let row = options.layout.promptAtBottom ? y - area.y - 1 : y - area.y
        let shown = suggestionsDropdown.shown(suggestions)
        guard shown.indices.contains(row) else { return true }  // the frame's closing row
        showQuery(shown[row].query)
        return true
    }
}
