import InstantSearchCore

/// The records a query matches before pagination, with what facet counting needs.
struct QueryEvaluation {
    var matches: TextMatches
    var filters: FilterSet
    /// Per matched record, as `FilterSet.evaluate` describes.
    var status: [Int16]
}

extension SearchIndex {
    /// Runs one query: text match, refinements, facets, stats, ranking, the page, highlights.
    /// Checks for cancellation in long loops and throws `CancellationError` when cancelled.
    public func search(_ query: Query) throws -> SearchResults {
        let started = ContinuousClock.now
        let words = QueryWord.parse(query.text)
        let evaluation = try evaluate(query, words: words)
        let matches = evaluation.matches

        var hitKeys: [UInt64] = []
        hitKeys.reserveCapacity(matches.keys.count)
        for (i, key) in matches.keys.enumerated() where evaluation.status[i] == FilterSet.passesAll {
            hitKeys.append(key)
        }

        var facets: [String: [FacetValueCount]] = [:]
        let facetAttributes = query.facets.contains("*") ? settings.attributesForFaceting : query.facets
        for attribute in facetAttributes {
            guard let column = facetColumns[attribute] else { continue }
            let ignored = query.disjunctiveFacets.contains(attribute) ? evaluation.filters.facetClause[attribute] : nil
            let counts = try FacetAggregator.counts(column, records: matches.records, status: evaluation.status, ignoring: ignored)
            facets[attribute] = FacetAggregator.topValues(
                column, counts: counts, limit: query.maxValuesPerFacet, refined: query.facetRefinements[attribute] ?? [])
        }

        var facetStats: [String: FacetStats] = [:]
        for attribute in settings.numericAttributesForFiltering {
            guard let column = numericColumns[attribute] else { continue }
            let ignored = evaluation.filters.numericClause[attribute]
            facetStats[attribute] = FacetAggregator.stats(column, records: matches.records, status: evaluation.status, ignoring: ignored)
        }

        let hitsPerPage = max(query.hitsPerPage, 0)
        let page = max(query.page, 0)
        var hits: [Hit] = []
        if hitsPerPage > 0 {
            let (wanted, overflow) = (page + 1).multipliedReportingOverflow(by: hitsPerPage)
            let best = TopKeys.smallest(hitKeys, count: overflow ? hitKeys.count : wanted)
            var highlighter = Highlighter(words: words)
            let (skipped, skipOverflow) = page.multipliedReportingOverflow(by: hitsPerPage)
            for key in best.dropFirst(skipOverflow ? best.count : skipped) {
                let record = Int(recordAtCustomRank[Int(UInt32(truncatingIfNeeded: key))])
                hits.append(Hit(
                    objectID: objectIDs[record], record: records[record],
                    highlights: highlighter.highlights(of: records[record], attributes: settings.searchableAttributes)
                ))
            }
        }

        let nbHits = hitKeys.count
        let elapsed = ContinuousClock.now - started
        return SearchResults(
            indexName: name, query: query.text, hits: hits, nbHits: nbHits, page: page,
            nbPages: hitsPerPage > 0 && nbHits > 0 ? (nbHits - 1) / hitsPerPage + 1 : 0, hitsPerPage: hitsPerPage,
            facets: facets, facetStats: facetStats, processingTimeMS: SearchIndex.milliseconds(elapsed)
        )
    }

    func evaluate(_ query: Query, words: [QueryWord]) throws -> QueryEvaluation {
        let matches = try TextMatcher.match(words, in: self)
        let filters = try FilterSet(query: query, index: self)
        let status = try filters.evaluate(matches.records)
        return QueryEvaluation(matches: matches, filters: filters, status: status)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
