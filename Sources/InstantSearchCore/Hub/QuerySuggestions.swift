/// InstantSearch's Query Suggestions (`QuerySuggestionsViewController`, a
/// `MultiIndexHitsConnector` with a suggestions index): as the query changes, the active
/// index's suggestions index is searched for it, and the queries found are offered to finish
/// it. One searcher per source index that has suggestions; an index without them offers none.
public final class QuerySuggestions {
    /// At most this many suggestions are offered.
    public let limit: Int
    /// Searchers of the suggestions indices, by source index name.
    let searchers: [String: HitsSearcher]

    /// `indexNames`: source index name → its suggestions index's name.
    init(
        indexNames: [String: String], limit: Int, backend: any Searchable, scheduler: any Scheduler, router: ResponseRouter,
        strategy makeStrategy: () -> any RequestStrategy
    ) {
        self.limit = limit
        var searchers: [String: HitsSearcher] = [:]
        for (source, suggestions) in indexNames {
            // One more than shown: the query typed, when it is a suggestion itself, is left out.
            var query = Query(hitsPerPage: limit + 1)
            query.attributesToHighlight = ["query"]
            searchers[source] = HitsSearcher(
                indexName: suggestions, query: query, backend: backend, scheduler: scheduler, router: router, strategy: makeStrategy())
        }
        self.searchers = searchers
    }

    /// The query changed (or the active index did): its suggestions are searched for it. An
    /// empty query offers none, and asks nothing.
    func search(_ text: String, in indexName: String) {
        guard let searcher = searchers[indexName], !text.isEmpty, searcher.query.text != text else { return }
        searcher.setText(text)
    }

    /// What to offer for `text` in `indexName`: the queries found for that very text (an
    /// answer for an older text is no suggestion for this one), the text itself left out.
    public func state(for indexName: String, text: String) -> SuggestionsState? {
        guard let results = searchers[indexName]?.results, !text.isEmpty, results.query == text else { return nil }
        let typed = QuerySuggestionsBuilder.tidy(text).lowercased()
        let offered = results.hits.compactMap { hit -> SuggestionsState.Suggestion? in
            guard let query = hit.record["query"]?.stringValue, query.lowercased() != typed else { return nil }
            let highlighted = hit.highlights["query"]?.values.first ?? HighlightedText(text: query)
            return SuggestionsState.Suggestion(query: query, highlighted: highlighted)
        }
        guard !offered.isEmpty else { return nil }
        return SuggestionsState(text: text, suggestions: Array(offered.prefix(limit)))
    }

    /// True while a search of suggestions is on its way.
    public var isSearching: Bool { searchers.values.contains(where: \.isSearching) }

    var requestsSent: Int { searchers.values.reduce(0) { $0 + $1.requestsSent } }
}

/// The suggestions offered for the query in the box, as values for the views.
public struct SuggestionsState: Hashable, Sendable {
    public struct Suggestion: Hashable, Sendable {
        public var query: String
        /// The query with the parts matching what was typed marked.
        public var highlighted: HighlightedText

        public init(query: String, highlighted: HighlightedText) {
            self.query = query
            self.highlighted = highlighted
        }
    }

    /// The query they were found for.
    public var text: String
    public var suggestions: [Suggestion]

    public init(text: String, suggestions: [Suggestion]) {
        self.text = text
        self.suggestions = suggestions
    }
}
