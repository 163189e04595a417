import InstantSearchCore

extension SearchIndex {
    /// Values of facet `attribute` with a word starting with `text` (folded, so "eco" finds
    /// "Économie"), counted over the results of `query` (its own refinements ignored when the
    /// facet is disjunctive, as in the facet list). Most frequent first, at most
    /// `query.maxValuesPerFacet`.
    public func searchForFacetValues(attribute: String, text: String, query: Query) throws -> FacetSearchResults {
        let started = ContinuousClock.now
        guard let column = facetColumns[attribute] else {
            throw SearchError.backend("\"\(attribute)\" is not a facet of index \"\(name)\"")
        }
        let evaluation = try evaluate(query, words: QueryWord.parse(query.text))
        let ignored = query.disjunctiveFacets.contains(attribute) ? evaluation.filters.facetClause[attribute] : nil
        let counts = try FacetAggregator.counts(
            column, records: evaluation.matches.records, status: evaluation.status, ignoring: ignored)

        var tokenizer = Tokenizer()
        let wanted = tokenizer.terms(in: text)
        let matching = column.values.indices.filter { id in
            counts[id] > 0
                && wanted.allSatisfy { prefix in column.foldedWords[id].contains { $0.utf8.starts(with: prefix.utf8) } }
        }
        let ranked = matching.sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1 }
        let hits = ranked.prefix(max(query.maxValuesPerFacet, 0)).map {
            FacetValueCount(value: column.values[$0], count: counts[$0])
        }
        return FacetSearchResults(facetHits: hits, processingTimeMS: SearchIndex.milliseconds(ContinuousClock.now - started))
    }
}
