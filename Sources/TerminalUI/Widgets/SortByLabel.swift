import InstantSearchCore

/// The sort-by widget in the header: "sort: Most popular · F7" at the right of the tabs row,
/// shown when the index offers sorts (or one is in force), and in a relevant sort (Algolia's
/// `relevancyStrictness`) how many hits it kept, with the key that shows all of them
/// (InstantSearch's RelevantSort). Drawn from values alone.
enum SortByLabel {
    /// The label, or nil when there is nothing to say.
    static func text(state: IndexState, description: IndexDescription?, notice: String?) -> [(String, Style)]? {
        forms(state: state, description: description, notice: notice)?.first
    }

    /// The label's forms, longest first: the whole label, then without its "sort: " (for a
    /// narrow row, beside a scope).
    static func forms(state: IndexState, description: IndexDescription?, notice: String?) -> [[(String, Style)]]? {
        guard let label = whole(state: state, description: description, notice: notice) else { return nil }
        guard label.first?.0 == "sort: " else { return [label] }
        return [label, Array(label.dropFirst())]
    }

    private static func whole(state: IndexState, description: IndexDescription?, notice: String?) -> [(String, Style)]? {
        if let notice { return [("⚠ " + notice, Theme.warning)] }
        let sorts = SortByInteractor(options: description?.sorts ?? [])
        guard !sorts.options.isEmpty || state.query.sortBy != nil else { return nil }
        let name = sorts.name(of: state.query.sortBy)
        var label: [(String, Style)] = [("sort: ", Theme.secondary), (name, state.query.sortBy == nil ? Theme.text : Theme.refined)]
        if state.query.sortBy != nil, let results = state.results, let strictness = results.appliedRelevancyStrictness {
            label +=
                strictness > 0
                ? [(" · \(results.nbSortedHits ?? results.nbHits) relevant of \(results.nbHits)", Theme.secondary), (" · Alt-r all", Theme.key)]
                : [(" · all \(results.nbHits)", Theme.secondary), (" · Alt-r relevant", Theme.key)]
        }
        return label + [(" · F7", Theme.key)]
    }

    /// Draws the label right-aligned in `area` (at most half its width); returns the columns used.
    @discardableResult
    static func render(_ label: [(String, Style)]?, in area: Rect, _ canvas: inout Canvas) -> Int {
        guard let label else { return 0 }
        let width = min(label.reduce(0) { $0 + $1.0.displayWidth }, area.width / 2)
        guard width > 0 else { return 0 }
        canvas.write(label, x: area.maxX - width - 1, y: area.y, maxWidth: width, overflow: .ellipsis)
        return width + 2
    }
}
