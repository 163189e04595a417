import InstantSearchCore

extension SearchIndex {
    /// Values of facet `attribute` whose words match `text` — the last word as a prefix, with
    /// the index's typo tolerance, folded so "eco" finds "Économie" — counted over the results
    /// of `query` (its own refinements ignored when the facet is disjunctive, as in the facet
    /// list). Fewest typos first, then most frequent; at most `query.maxValuesPerFacet`.
    public func searchForFacetValues(attribute: String, text: String, query: Query) throws -> FacetSearchResults {
        let started = ContinuousClock.now
        guard let column = facetColumns[attribute] else {
            throw SearchError.backend("\"\(attribute)\" is not a facet of index \"\(name)\"")
        }
        let advanced = advancedSyntax(of: query)
        let words = advanced.phraseWords + QueryWord.parse(advanced.plainText, relevance: relevance(for: query))
        let evaluation = try evaluate(query, words: Array(words.prefix(QueryWord.maxWords)), advanced: advanced)
        let ignored = query.disjunctiveFacets.contains(attribute) ? evaluation.filters.facetClause[attribute] : nil
        let counts = try FacetAggregator.counts(
            column, records: evaluation.matches.records, status: evaluation.status, ignoring: ignored)

        // Facet values are typed whole or as a start: every word may be a prefix.
        let wanted = QueryWord.parse(text, relevance: settings.relevance).map { word in
            var word = word
            word.isPrefix = true
            return word
        }
        var typosOfValue: [Int: Int] = [:]
        for id in column.values.indices where counts[id] > 0 {
            var total = 0
            var matchesAll = true
            for word in wanted {
                let best = column.foldedWords[id].compactMap { word.typos(against: $0) }.min()
                guard let best else { matchesAll = false; break }
                total += best
            }
            if matchesAll { typosOfValue[id] = total }
        }
        let ranked = typosOfValue.keys.sorted { a, b in
            (typosOfValue[a]!, -counts[a], a) < (typosOfValue[b]!, -counts[b], b)
        }
        let hits = ranked.prefix(max(query.maxValuesPerFacet, 0)).map {
            FacetValueCount(value: column.values[$0], count: counts[$0])
        }
        return FacetSearchResults(facetHits: hits, processingTimeMS: SearchIndex.milliseconds(ContinuousClock.now - started))
    }
}
